// Event store: a recording's events held for seeking in their packed form
// (eventlog/pack.go) — tens of bytes an event, not a 304-byte recording.Event —
// with the index the tick driver needs: per tick, how many events are due
// by then (a tick's events are a range, so no due tick per event), and per
// event the slot it is about, packed with it. Events are checked and
// indexed as they are appended, so the store can be built straight from a
// recording.Source and never hold a []recording.Event, and it can grow
// while a run reads it: appending never moves what is stored (chunks are
// not reallocated; indices and tick ranges already read stay valid). A store
// may be filled on one goroutine (growing, below) while runs on others read
// it: appending holds the store's lock, reading holds it shared, and a run
// steps a tick only once every event due by then is in.

package engine

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"glidepath/engine/capture"
	"glidepath/engine/eventlog"
	"glidepath/engine/loader"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/internal/inputfile"
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
	// growth is the reading that fills the store (growing, below); its
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
// its tick is complete (growing, below).
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
	// The store learned the server's floor as it read the events; every Sim
	// over it stands on that one record (at its own tick).
	if s.world.Floors != nil {
		s.world.Floors = st.ix.floors
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
		s.lastTick = dueTickAt(s.rate, last+TailSeconds)
	}
}

// Store is the events the Sim reads (nil for a streamed Sim).
func (q Query) Store() *EventStore { return q.s.store }

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

// Due returns the indices [lo, hi) of the input events delivered at tick
// k: those due by k and not by k−1 (the viewer's Messages panel lists
// them; At decodes each).
func (st *EventStore) Due(k int) (lo, hi int) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	if k < 0 {
		return 0, 0
	}
	if k > 0 {
		lo = st.end(k - 1)
	}
	return lo, st.end(k)
}

// DueTick is the tick an event at t seconds is delivered at, at rate ticks
// per second (Recording v1: the first tick k ≥ 1 with t ≤ k / rate).
func DueTick(rate int, t float64) int { return dueTickAt(rate, t) }

// Growing: an event store filled on a goroutine of its own while runs read
// it (DESIGN.md, "The engine streams"; docs/viewer.md, "Opening a large
// file"). The viewer draws its first frame as soon as the events up to that
// tick are in and reads the rest of the file behind it; a followed file's
// new events are appended as they are written instead of the file being
// read again.
//
// A run steps tick k only once every event due by k is in. Events come in
// time order, so the store knows that as soon as it has read an event due
// after k, or the input's end. Until then stepping into k waits. Whatever
// the reading's pace, a run sees each tick's events whole, so its state,
// trace and records are those of the store read whole, bit for bit.

// growth is how far a store's reading has got.
type growth struct {
	// complete: the input's end was read, or a problem (err) or Stop
	// ended the reading; nothing more will be appended.
	complete bool
	err      error
	// notice is the input's word on itself (Notice), as soon as it has
	// one.
	notice string
	// wake is closed (and replaced) when more ticks are complete and some
	// reader waits (waiting).
	wake    chan struct{}
	waiting bool
	// read reports the bytes of the input read so far (nil: not known);
	// size is the input's size when it was opened (0: not known).
	read func() int64
	size int64
	// cancel stops the reading goroutine; done is closed when it ends.
	cancel context.CancelFunc
	done   chan struct{}
	// tail is a followed file's reader (nil: the input is read once).
	tail *recording.Tail
	// ahead: the input is decoded on a goroutine of its own, ahead of the
	// events' appending (fillAhead; loader.LoadOptions.Ahead).
	ahead bool
}

// wakeReaders wakes the readers waiting for more ticks; the lock is held.
func (st *EventStore) wakeReaders() {
	if st.growth.waiting {
		close(st.growth.wake)
		st.growth.wake = make(chan struct{})
		st.growth.waiting = false
	}
}

// through is the last tick whose events are all in; the lock is held.
// Tick 0 has no events (every event is due at tick 1 or later).
func (st *EventStore) through() int {
	if st.growth.complete {
		return math.MaxInt
	}
	return max(len(st.ends)-1, 0)
}

// Through is the last tick whose events are all in: a run may step up to
// it without waiting. Once the store is complete it is math.MaxInt.
func (st *EventStore) Through() int {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.through()
}

// Complete reports whether the reading has ended: every event of the input
// is in, or Err says why the reading stopped.
func (st *EventStore) Complete() bool {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.growth.complete
}

// Err is the problem that stopped the reading (FILE:LINE: FIELD: problem
// for bad input), nil while it goes on or once the input's end was read.
func (st *EventStore) Err() error {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.growth.err
}

// LastTick is the last tick of a run over the events read so far:
// TailSeconds after the last event's time (final once Complete).
func (st *EventStore) LastTick() int {
	st.mu.RLock()
	defer st.mu.RUnlock()
	var last float64
	if st.n > 0 {
		last = st.last
	}
	return dueTickAt(st.rate, last+TailSeconds)
}

// Objects is the number of objects met so far: the header's entities and
// one per create read.
func (st *EventStore) Objects() int {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return len(st.guids)
}

// Progress is how many bytes of the input have been read and its size (0
// when not known, as for a scenario or a file still being written).
func (st *EventStore) Progress() (read, size int64) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	if st.growth.read != nil {
		read = st.growth.read()
	}
	return read, st.growth.size
}

// Notice is what the input says of itself, for a status line — a
// capture, which rule chose its player (capture.Reader InputNotice), as
// soon as the reader has decided, while the rest is still being read;
// "" while there is nothing to say.
func (st *EventStore) Notice() string {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.growth.notice
}

// Skipped is the number of events of unknown types skipped, the line of
// the first and their type names, as far as the reading has got.
func (st *EventStore) Skipped() (n, line int, types []string) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.rec.Skipped, st.rec.SkippedLine, st.rec.SkippedTypes
}

// Following reports whether the store follows a file still being written
// (GrowEvents with LoadOptions.Follow) and has not stopped.
func (st *EventStore) Following() bool {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.growth.tail != nil && !st.growth.complete
}

// Idle reports whether the reading of a followed file waits at the file's
// end with every complete event before it appended (false while it reads,
// and for a file read once).
func (st *EventStore) Idle() bool {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.growth.tail != nil && st.growth.tail.Waiting()
}

// Wait blocks until every event due by tick is in (tick ≤ Through) or the
// reading has ended, or ctx is done (its error).
func (st *EventStore) Wait(ctx context.Context, tick int) error {
	for {
		st.mu.Lock()
		if st.through() >= tick {
			st.mu.Unlock()
			return nil
		}
		st.growth.waiting = true
		wake := st.growth.wake
		st.mu.Unlock()
		select {
		case <-wake:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Stop ends the reading goroutine (GrowEvents), if any, and waits for it.
// The store keeps what was read and is complete; Err stays nil.
func (st *EventStore) Stop() {
	st.mu.RLock()
	cancel, done := st.growth.cancel, st.growth.done
	st.mu.RUnlock()
	if cancel != nil {
		cancel()
		<-done
	}
}

// EstimateTicks is the run's expected length while the store grows, for
// sizing what grows with it (checkpoints, a viewer's history): the ticks
// read so far scaled by the share of the input's bytes read. 0 when not
// known or once the store is complete.
func (st *EventStore) EstimateTicks() int {
	st.mu.RLock()
	defer st.mu.RUnlock()
	if st.growth.complete || st.growth.read == nil || st.growth.size <= 0 {
		return 0
	}
	read := st.growth.read()
	if read <= 0 {
		return 0
	}
	est := float64(st.through()) * float64(st.growth.size) / float64(read)
	return int(min(est, float64(MaxTicks(st.rate))))
}

// fill reads src to its end into st, then marks the store complete. A
// problem stops the reading there: the store keeps the events before it
// and Err reports it. When ctx is done, the reading stops
// quietly: at once, or, when drain (a followed file, whose waiting ends
// with ctx), once src has handed out what it holds (a capture's events
// still queued when its input ends).
func (st *EventStore) fill(ctx context.Context, src recording.Source, drain bool) error {
	var err error
	var stop <-chan struct{}
	if !drain {
		stop = ctx.Done() // nil, so never, for context.Background
	}
	// The input's notice is taken as soon as it has one (a capture's
	// player rule, decided while reading), not only at the end. Only this
	// goroutine writes st.growth.notice, so it reads it without the lock.
	noticer, _ := src.(interface{ InputNotice() string })
	if sk, ok := src.(skipCounter); ok && st.growth.ahead && !drain && noticer == nil {
		return st.fillAhead(ctx, src, sk)
	}
loop:
	for {
		select {
		case <-stop:
			break loop
		default:
		}
		ev, e := src.Next()
		if e == io.EOF {
			break
		}
		if e == nil {
			e = st.Append(&ev)
		}
		if e != nil {
			err = e
			break
		}
		if noticer != nil {
			if n := noticer.InputNotice(); n != st.growth.notice {
				st.mu.Lock()
				st.growth.notice = n
				st.mu.Unlock()
			}
		}
	}
	if ctx != nil && ctx.Err() != nil {
		err = nil // stopped (Stop), not a problem of the input
	}
	st.mu.Lock()
	if r, ok := src.(interface {
		Skipped() int
		SkippedTypes() []string
		SkippedLine() int
	}); ok {
		st.rec.Skipped, st.rec.SkippedTypes, st.rec.SkippedLine = r.Skipped(), r.SkippedTypes(), r.SkippedLine()
	}
	if noticer != nil {
		st.growth.notice = noticer.InputNotice()
	}
	st.growth.complete, st.growth.err = true, err
	st.growth.waiting = true
	st.wakeReaders()
	st.mu.Unlock()
	return err
}

// GrowEvents opens the input at path and returns its store as soon as the
// header is read and checked; a goroutine then reads the events into it
// (Through, Wait, Progress say how far it is; Stop ends it). A scenario is
// compiled and read whole first. With opts.Follow the input is a file still
// being written (a recording a client logs, a capture tcpdump writes): at
// its end the reading waits for more (recording.Tail) — a torn last line
// or frame is waited on until it is whole — until Stop, or until the file
// is truncated, replaced or removed (then Err says so). Errors before the
// header is read name the file as Open's do.
func GrowEvents(path string, assets fs.FS, opts loader.LoadOptions) (*EventStore, error) {
	if loader.IsScenario(path) {
		rec, err := scenario.CompileFile(path, assets)
		if err != nil {
			return nil, err
		}
		return ReadEvents(recording.NewSource(rec), Options{Assets: assets})
	}
	ctx, cancel := context.WithCancel(context.Background())
	in, err := openInput(ctx, path, opts.Follow)
	if err != nil {
		cancel()
		return nil, err
	}
	// The file is opened once, and its kind told from its name or its
	// first bytes, peeked: a FIFO or standard input is read only once.
	br := bufio.NewReaderSize(in, 64<<10)
	var src recording.Source
	switch loader.KindOf(path, br) {
	case loader.KindScenario:
		cancel()
		defer in.Close()
		sc, err := loader.ReadScenario(path, br, assets)
		if err != nil {
			return nil, err
		}
		rec, err := sc.Compile()
		if err != nil {
			return nil, err
		}
		return ReadEvents(recording.NewSource(rec), Options{Assets: assets})
	case loader.KindCapture:
		src, err = capture.NewReader(path, br, opts.Capture)
	default:
		src, err = recording.NewReader(path, br)
	}
	var st *EventStore
	if err == nil {
		st, err = newStoreOf(src, Options{Assets: assets})
		if err != nil {
			src.Close()
		}
	}
	if err != nil {
		cancel()
		in.Close()
		return nil, err
	}
	st.growth.read, st.growth.size = in.offset, in.size
	st.growth.ahead = opts.Ahead
	st.growth.tail = in.tail
	st.growth.cancel, st.growth.done = cancel, make(chan struct{})
	go func() {
		defer close(st.growth.done)
		defer in.Close()
		defer src.Close()
		_ = st.fill(ctx, src, opts.Follow)
	}()
	return st, nil
}

// input is a file read from the start, counting the bytes read (the
// compressed bytes of a .gz), or followed at its end.
type input struct {
	r      io.Reader
	closer io.Closer
	n      atomic.Int64
	size   int64
	tail   *recording.Tail
}

// followPoll is how often a followed file is looked at for more bytes (0:
// recording.Tail's default); tests shorten it.
var followPoll time.Duration

// openInput opens path to read it, or, with follow, to follow it; ctx ends
// a follow's waiting.
func openInput(ctx context.Context, path string, follow bool) (*input, error) {
	if follow {
		t, err := recording.NewTail(path, recording.FollowOptions{Context: ctx, Poll: followPoll})
		if err != nil {
			return nil, err
		}
		return &input{r: t, closer: t, tail: t}, nil
	}
	f, err := inputfile.Open(path)
	if err != nil {
		return nil, err
	}
	in := &input{r: f, closer: f}
	if path != inputfile.Stdin {
		if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
			in.size = fi.Size() // a stream's size is not known
		}
	}
	return in, nil
}

func (in *input) Read(p []byte) (int, error) {
	n, err := in.r.Read(p)
	in.n.Add(int64(n))
	return n, err
}

// offset is how many bytes have been read.
func (in *input) offset() int64 {
	if in.tail != nil {
		return in.tail.Offset()
	}
	return in.n.Load()
}

func (in *input) Close() error {
	if in.closer == nil {
		return nil
	}
	err := in.closer.Close()
	in.closer = nil
	if errors.Is(err, os.ErrClosed) {
		return nil
	}
	return err
}

// skipCounter is a Source that counts the events of unknown types it
// skipped (recording.Reader).
type skipCounter interface {
	Skipped() int
	SkippedTypes() []string
	SkippedLine() int
}

// aheadBatch is a run of events decoded ahead (fillAhead): the events,
// the reader's skip counters after each, and the error Next returned after
// the last (io.EOF at the input's end; nil: more follow).
type aheadBatch struct {
	evs   []recording.Event
	skips []aheadSkips
	err   error
}

// aheadSkips is a skipCounter's state after one event: its counts, and how
// many of its types (SkippedTypes only grows).
type aheadSkips struct{ skipped, line, types int }

// aheadEvents is how many events a batch holds, and aheadBatches how many
// batches are decoded ahead of the appending at most.
const (
	aheadEvents  = 256
	aheadBatches = 8
)

// fillAhead is fill with src decoded on a goroutine of its own while this
// one appends the events, in their order, to st: the two halves of the
// reading (the lines decoded and checked, the events checked against the
// store and packed) on two cores, for a reader that waits for the whole
// input (the bytes read, Progress, run ahead of the events appended by up
// to aheadBatches batches). The store, its problem and its skip counts
// are fill's: the problem met first in the input's order stops the
// reading, and the counts are the reader's after the last event appended
// when it is the store that refuses one.
func (st *EventStore) fillAhead(ctx context.Context, src recording.Source, sk skipCounter) error {
	batches := make(chan *aheadBatch, aheadBatches)
	free := make(chan *aheadBatch, aheadBatches+2)
	quit := make(chan struct{})
	decoded := make(chan struct{})
	go func() {
		defer close(decoded)
		defer close(batches)
		for {
			var b *aheadBatch
			select {
			case b = <-free:
				b.evs, b.skips, b.err = b.evs[:0], b.skips[:0], nil
			default:
				b = &aheadBatch{evs: make([]recording.Event, 0, aheadEvents), skips: make([]aheadSkips, 0, aheadEvents)}
			}
			for len(b.evs) < aheadEvents {
				ev, err := src.Next()
				if err != nil {
					b.err = err
					break
				}
				b.evs = append(b.evs, ev)
				b.skips = append(b.skips, aheadSkips{sk.Skipped(), sk.SkippedLine(), len(sk.SkippedTypes())})
			}
			select {
			case batches <- b:
			case <-quit:
				return
			}
			if b.err != nil {
				return
			}
		}
	}()
	var err error
	var refused *aheadSkips // the counts after the event the store refused
	stop := ctx.Done()
loop:
	for b := range batches {
		for i := range b.evs {
			select {
			case <-stop:
				break loop
			default:
			}
			if e := st.Append(&b.evs[i]); e != nil {
				err, refused = e, &b.skips[i]
				break loop
			}
		}
		if b.err != nil {
			if b.err != io.EOF {
				err = b.err
			}
			break
		}
		clear(b.evs) // let go of the events' pointers
		free <- b
	}
	close(quit)
	<-decoded // src is the decoder's no longer
	if ctx != nil && ctx.Err() != nil {
		err = nil // stopped (Stop), not a problem of the input
	}
	st.mu.Lock()
	st.rec.Skipped, st.rec.SkippedTypes, st.rec.SkippedLine = sk.Skipped(), sk.SkippedTypes(), sk.SkippedLine()
	if refused != nil {
		st.rec.Skipped, st.rec.SkippedTypes, st.rec.SkippedLine = refused.skipped, st.rec.SkippedTypes[:refused.types], refused.line
	}
	st.growth.complete, st.growth.err = true, err
	st.growth.waiting = true
	st.wakeReaders()
	st.mu.Unlock()
	return err
}
