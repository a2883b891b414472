// Package simsource adapts the engine to the viewer: it opens a recording
// or scenario into one engine.Sim per reading and presents each as a
// model.Source, converting the engine's views and event log into the
// viewer's model (global metres, received positions and notes resolved
// against the recording). It imports no Ebitengine, so it is tested without
// a display.
package simsource
