// Event store: a recording's events held for seeking in their packed form
// (eventpack.go) — tens of bytes an event, not a 304-byte recording.Event —
// with the index the tick driver needs: per tick, how many events are due
// by then (a tick's events are a range, so no due tick per event), and per
// event the slot it is about, packed with it. Events are checked and
// indexed as they are appended, so the store can be built straight from a
// recording.Source and never hold a []recording.Event, and it can grow
// while a run reads it: appending never moves what is stored (chunks are
// not reallocated; indices and tick ranges already read stay valid). A store
// may be filled on one goroutine (eventgrow.go) while runs on others read
// it: appending holds the store's lock, reading holds it shared, and a run
// steps a tick only once every event due by then is in.

package engine

import (
	"context"
	"fmt"
	"io/fs"
	"sync"

	"glidepath/engine/eventlog"
	"glidepath/engine/loader"
	"glidepath/engine/recording"
)

// MaxStoreBytes bounds the memory an event store holds (docs/formats.md,
// "Limits"): 1 GiB admits an hour of 1000 objects updating twice a second
// (7.2 million events, about 60 bytes each) with room to spare, and refuses
// a small hostile file of tens of millions of lines before it grows further.
// A streamed run holds no events and has no such limit.
const MaxStoreBytes = 1 << 30

const (
	// storeChunk is the size of one chunk of packed events; an event never
	// spans two chunks.
	storeChunk = 1 << 20
	// storeBlock is how many events one entry of the random-access table
	// covers: At decodes at most storeBlock−1 events to reach one.
	storeBlock = 64
	// maxPacked bounds one packed event's size.
	maxPacked = 192
)

// storePos is a place in the store: a chunk, an offset in it, and the line
// of the event before (lines are packed as differences).
type storePos struct {
	chunk, off int32
	line       int
}

// EventStore is a recording's checked events, packed. Its header is the
// recording's (Recording, with no events).
type EventStore struct {
	// mu guards everything below while the store grows: Append holds it,
	// readers hold it shared.
	mu sync.RWMutex
	// growth is the reading that fills the store (eventgrow.go); its
	// complete flag says every event of the input is in.
	growth growth

	rec    *recording.Recording
	rate   int
	chunks [][]byte
	n      int
	// blocks[j] is where event j·storeBlock starts.
	blocks []storePos
	tail   storePos
	// ends[k] is the number of events due by tick k (for k < len(ends));
	// every event is due by tick len(ends).
	ends []int32
	// guids is every slot's guid: header entities, then one per create.
	guids   []uint32
	creates []storedCreate
	texts   []string
	notes   []eventlog.Note
	// noteEvents are the notes' event indices, in order.
	noteEvents []int32
	ix         *indexer
	last       float64
	bytes      int64
	maxBytes   int64
	// maker makes each created slot as it is met (a Sim's addSlot), so a
	// create's problem is reported at its line, in file order, and knows
	// the slots' motion tables; it stays for events appended later.
	maker slotMaker
}

// storedCreate is a create event's entity and line.
type storedCreate struct {
	ent  *recording.Entity
	line int
}

// newEventStore makes an empty store of rec's header (rec's events are not
// read); maker is the Sim whose header was checked with ix.
func newEventStore(rec *recording.Recording, rate int, ix *indexer, maker slotMaker) *EventStore {
	hdr := &recording.Recording{Name: rec.Name, Header: rec.Header,
		Skipped: rec.Skipped, SkippedTypes: rec.SkippedTypes, SkippedLine: rec.SkippedLine}
	st := &EventStore{rec: hdr, rate: rate, ix: ix, maker: maker, maxBytes: MaxStoreBytes}
	st.growth.wake = make(chan struct{})
	for i := range rec.Header.Entities {
		st.guids = append(st.guids, rec.Header.Entities[i].GUID)
	}
	return st
}

// newSlot is the store's slotMaker: the maker's slot, then the store's.
func (st *EventStore) newSlot(ent *recording.Entity) (int32, error) {
	if st.maker != nil {
		if _, err := st.maker.newSlot(ent); err != nil {
			return 0, err
		}
	}
	st.guids = append(st.guids, ent.GUID)
	return int32(len(st.guids) - 1), nil
}

// hasMotion is the store's slotMaker's: the maker's.
func (st *EventStore) hasMotion(slot int32, name string) error {
	return st.maker.hasMotion(slot, name)
}

// Append checks ev (as New checks a recording's events, errors naming the
// file, line and field) and stores it. Runs reading the store see it once
// its tick is complete (eventgrow.go).
func (st *EventStore) Append(ev *recording.Event) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	through := len(st.ends)
	err := st.add(ev)
	if len(st.ends) != through {
		st.wakeReaders()
	}
	return err
}

// add is Append with the lock held.
func (st *EventStore) add(ev *recording.Event) error {
	due, target, err := checkEvent(st.rec.Name, st.rate, st.ix, ev, st.n, st)
	if err != nil {
		return err
	}
	if ev.Kind == recording.KindCreate {
		st.creates = append(st.creates, storedCreate{ent: ev.Entity, line: eventLine(ev, st.n)})
	}
	aux := 0
	if ev.Kind == recording.KindNote {
		aux = len(st.texts)
		st.texts = append(st.texts, ev.Text)
		st.notes = append(st.notes, eventlog.Note{Tick: int(due), T: ev.T, GUID: ev.GUID, HasGUID: ev.HasGUID, Text: ev.Text})
		st.noteEvents = append(st.noteEvents, int32(st.n))
	}
	if len(st.chunks) == 0 || storeChunk-len(st.chunks[len(st.chunks)-1]) < maxPacked {
		if st.bytes+storeChunk > st.maxBytes {
			return inputError(st.rec.Name, eventLine(ev, st.n), "limit",
				"the events held for seeking pass %d bytes: the limit of one recording in the viewer (viewer run streams any length)", st.maxBytes)
		}
		if len(st.chunks) > 0 {
			st.tail = storePos{chunk: int32(len(st.chunks)), line: st.tail.line}
		}
		st.chunks = append(st.chunks, make([]byte, 0, storeChunk))
		st.bytes += storeChunk
	}
	if st.n%storeBlock == 0 {
		st.blocks = append(st.blocks, st.tail)
		st.bytes += 16
		st.tail.line = 0 // a block's first line is packed whole
	}
	for len(st.ends) < int(due) {
		st.ends = append(st.ends, int32(st.n))
		st.bytes += 4
	}
	var slotGUID uint32
	if target >= 0 {
		slotGUID = st.guids[target]
	}
	c := &st.chunks[st.tail.chunk]
	*c = eventlog.AppendEvent(*c, ev, target, slotGUID, st.tail.line, aux)
	st.tail.off, st.tail.line = int32(len(*c)), ev.Line
	st.n++
	st.last = ev.T
	return nil
}

// Len is the number of events stored.
func (st *EventStore) Len() int {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.n
}

// Bytes is the memory the store's packed events and index hold.
func (st *EventStore) Bytes() int64 {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.bytes
}

// Recording is the recording's name and header; it has no events. While
// the store grows, its skipped-event counts are those of the reading so
// far (Skipped gives them safely).
func (st *EventStore) Recording() *recording.Recording { return st.rec }

// Notes are the notes read so far with their ticks, in order; read-only.
func (st *EventStore) Notes() []eventlog.Note {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.notes
}

// NoteEvents are the notes' event indices (an engine Event's Source), in
// order, as far as read; read-only.
func (st *EventStore) NoteEvents() []int32 {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.noteEvents
}

// end is the number of events due by tick k.
func (st *EventStore) end(k int) int {
	if k < len(st.ends) {
		return int(st.ends[k])
	}
	return st.n
}

// seek returns the place of event i.
func (st *EventStore) seek(i int) storePos {
	if i >= st.n {
		return st.tail
	}
	p := st.blocks[i/storeBlock]
	var ev recording.Event
	for j := i - i%storeBlock; j < i; j++ {
		st.decode(&p, j, &ev)
	}
	return p
}

// decode decodes event i, at p, into ev, moves p past it and returns the
// slot the event is about (−1: none).
func (st *EventStore) decode(p *storePos, i int, ev *recording.Event) int32 {
	if int(p.off) == len(st.chunks[p.chunk]) {
		p.chunk, p.off = p.chunk+1, 0
	}
	if i%storeBlock == 0 {
		p.line = 0
	}
	d := eventlog.NewUnpacker(st.chunks[p.chunk], int(p.off))
	target, aux := d.Event(ev, p.line, st.slotGUID)
	p.off, p.line = int32(d.Off()), ev.Line
	switch ev.Kind {
	case recording.KindCreate:
		ev.Entity = st.creates[int(target)-len(st.rec.Header.Entities)].ent
	case recording.KindNote:
		ev.Text = st.texts[aux]
	}
	return target
}

func (st *EventStore) slotGUID(slot int32) uint32 { return st.guids[slot] }

// At decodes event i (0 ≤ i < Len) into ev.
func (st *EventStore) At(i int, ev *recording.Event) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	p := st.seek(i)
	st.decode(&p, i, ev)
}

// ReadEvents reads src to its end into a store, checking the header and
// every event as New does (opts.Assets resolves motion tables and terrain).
// It does not close src. GrowEvents reads the same store on a goroutine
// while runs read it.
func ReadEvents(src recording.Source, opts Options) (*EventStore, error) {
	st, err := newStoreOf(src, opts)
	if err != nil {
		return nil, err
	}
	if err := st.fill(context.Background(), src, false); err != nil {
		return nil, err
	}
	return st, nil
}

// newStoreOf makes the empty store of src's header, checked.
func newStoreOf(src recording.Source, opts Options) (*EventStore, error) {
	rec := &recording.Recording{Name: src.Name(), Header: src.Header()}
	s, ix, err := makeSim(rec, opts)
	if err != nil {
		return nil, err
	}
	return newEventStore(rec, s.rate, ix, s), nil
}

// LoadEvents opens the input at path (Open) and reads it into a store.
func LoadEvents(path string, assets fs.FS, opts loader.LoadOptions) (*EventStore, error) {
	src, err := loader.OpenWith(path, assets, opts)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	return ReadEvents(src, Options{Assets: assets})
}

// NewFromStore makes a Sim over st's events under opts, at tick 0, as New
// does over a recording. Several Sims may share one store.
func NewFromStore(st *EventStore, opts Options) (*Sim, error) {
	if st == nil {
		return nil, fmt.Errorf("engine: no event store")
	}
	s, _, err := makeSim(st.rec, opts)
	if err != nil {
		return nil, err
	}
	if s.rate != st.rate {
		return nil, fmt.Errorf("engine: event store at %d Hz, run at %d Hz", st.rate, s.rate)
	}
	st.mu.RLock()
	creates := st.creates
	st.mu.RUnlock()
	for _, c := range creates {
		if err := s.addSlot(c.ent); err != nil {
			return nil, inputError(st.rec.Name, c.line, "create.entity.motion_table", "%v", err)
		}
	}
	s.useStore(st)
	return s, nil
}

// useStore makes st the Sim's events and starts the run at tick 0.
func (s *Sim) useStore(st *EventStore) {
	s.store = st
	s.growing = true
	s.refresh()
	s.start()
}

// refresh takes in what a growing store has read since the Sim last
// looked: the notes and the last tick (TailSeconds after the last event
// read, unless Options.LastTick fixes it). Once the store is complete,
// nothing changes any more.
func (s *Sim) refresh() {
	if !s.growing {
		return
	}
	st := s.store
	st.mu.RLock()
	defer st.mu.RUnlock()
	s.refreshLocked()
}

// refreshLocked is refresh with the store's lock held.
func (s *Sim) refreshLocked() {
	st := s.store
	s.growing = !st.growth.complete
	s.notes = st.notes
	s.lastTick = s.opts.LastTick
	if s.lastTick <= 0 {
		var last float64
		if st.n > 0 {
			last = st.last
		}
		s.lastTick = s.dueTick(last + TailSeconds)
	}
}

// Store is the events the Sim reads (nil for a streamed Sim).
func (s *Sim) Store() *EventStore { return s.store }

// HasObject reports whether guid names a header entity or an object some
// create event makes.
func (st *EventStore) HasObject(guid uint32) bool {
	st.mu.RLock()
	defer st.mu.RUnlock()
	for _, g := range st.guids {
		if g == guid {
			return true
		}
	}
	return false
}
