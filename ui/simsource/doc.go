// Package simsource adapts the engine to the viewer: it opens a recording
// or scenario into one engine.Sim per reading and presents each as a
// model.Source: the state at the cursor as a snapshot the Sim fills with
// its own object views (engine.Query.ObjectsQueued, nothing copied field by
// field), and the run's event log handed to the engine's store
// (store.EventLog), which resolves received positions and notes against
// the recording. It imports no Ebitengine, so it is tested without a
// display.
package simsource
