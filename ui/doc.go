// Package ui is the Ebitengine application: the 3D viewport, overlays, the
// timeline and the panels. Drawing reads a snapshot of the engine at the
// cursor; it never advances the simulation.
//
// ui may import engine and below, Ebitengine, ebitenui and mathgl. Only ui and
// cmd/viewer import Ebitengine.
package ui
