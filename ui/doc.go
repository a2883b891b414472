// Package ui is the Ebitengine application: the 3D viewport, overlays, the
// timeline and the panels. Drawing reads a snapshot of the engine at the
// cursor; it never advances the simulation.
//
// The viewport is built from three packages:
//   - ui/draw: the world-space Canvas overlays draw through, and a Recorder
//     that captures drawing as plain data for tests (no Ebitengine);
//   - ui/camera: top-down, isometric and perspective cameras as plain data,
//     their matrices, the mouse gestures and picking (no Ebitengine);
//   - ui/render: the frame builder that projects, clips, culls and sorts
//     everything into vertex batches in painter's order, and the Renderer
//     that submits them.
//
// ui may import engine and below, Ebitengine, ebitenui and mathgl. Only ui and
// cmd/viewer import Ebitengine.
package ui
