// Package ui is the Ebitengine application: the 3D viewport, overlays, the
// timeline and the panels. Each frame queries the state at the cursor and
// draws it; drawing never advances the simulation (STYLE.md points 3, 4).
//
// The viewer is built from these packages:
//   - ui/model: what the viewer knows about a run as plain data — the
//     Snapshot at the cursor, the event log, the per-tick History, the
//     event Index — and the Source interface a run is queried through;
//   - ui/simsource: the engine adapted to model.Source (one engine.Sim per
//     reading, and a branch per reading that pre-runs on its own goroutine,
//     sharing its checkpoints and keeping the event log read in place);
//   - ui/overlay: every overlay, drawn from a snapshot through draw.Canvas;
//   - ui/timeline: playback control and the timeline strip;
//   - ui/pipeline: the teaching panel's stages, outputs and reasons;
//   - ui/inspect: the object list rows and the inspector's fields;
//   - ui/draw: the world-space Canvas overlays draw through, and a Recorder
//     that captures drawing as plain data for tests (no Ebitengine);
//   - ui/camera: top-down, isometric and perspective cameras as plain data,
//     their matrices, the mouse gestures and picking (no Ebitengine);
//   - ui/render: the frame builder that projects, clips, culls and sorts
//     everything into vertex batches in painter's order, the 2D batch for
//     the panels and the timeline, and the Renderer that submits them;
//   - ui/session: the session that shows the first frame at once and
//     pre-runs the runs in the background (publishing their records as it
//     goes) — one input's readings (-compare) or several inputs under one
//     cursor — with playback (the cursor, play, speed and the live
//     follow's hold), the selection and the rate achieved; it draws
//     nothing (its terrain is built by ui/render);
//   - ui/panel: each panel a small type with its own update and draw,
//     handed what it needs (the object list, legend, inspector, messages,
//     pipeline panel, bookmarks, the open, filter and go-to boxes, tour,
//     help), the window's layout and the panels' open state and sizes.
//
// This package holds the window: app's Update, Draw and Layout, the
// ebitenui widgets, the mouse and key routing and the command dispatch,
// handing each command and each panel the part of the state it concerns;
// the input between ticks is input.go's. Only ui and cmd/viewer import
// Ebitengine; every package above except ui/render is tested without a
// display.
//
// ui may import engine and below, Ebitengine, ebitenui and mathgl.
package ui
