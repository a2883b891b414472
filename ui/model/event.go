// The event log as the viewer reads it: one flat value per decision the
// pipeline took — routing branches (seed 004 §0–§3), enqueues, node
// completions, stall windows and blips (seed 000 §3–§6), snaps, contact
// changes — plus motion, vector, create, delete and note events, each
// stamped with its tick and object. Positions are global metres.

package model

import "glidepath/engine/store"

// Event is one entry of the event log as the viewer reads it: the engine's
// entry in global metres, with the received position and stamps of a route
// event and a note's place among the run's notes (store.Event).
type Event = store.Event
