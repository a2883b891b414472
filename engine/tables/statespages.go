// The states writer's pages on several goroutines: a batch's pages are
// given their dictionary indices on the writer's goroutine, in row order
// (the indices are the order values first appear in a row group), then
// encoded and compressed on the writer's encoding goroutines, any page on
// any of them, and appended to the row group's chunks on the writer's
// goroutine again, page after page in order — so the file is byte for byte
// the one a single goroutine writes (TestStatesWriter_SameBytesAtAnyWorkers).
// A run that writes a states table thus encodes it on every core the
// stepping leaves idle, and its last pages beside each other once the
// stepping ends (issue 41).

package tables

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// maxPageWorkers bounds the writer's encoding goroutines.
const maxPageWorkers = 4

// pagesAhead is how many pages an encoding goroutine may have on their way
// (encoded, being encoded or queued) before the writer waits for the
// oldest: four, so that while the writer waits for a page an encoder is
// still on, or gives the next pages their indices, the other encoders have
// pages queued (with two, one encoder waited for work at times while the
// stepping waited on the writer's full queue).
const pagesAhead = 4

// pageWorkers is how many goroutines encode a writer's pages: none (the
// writer's own goroutine encodes them) on one core, else one per core up to
// maxPageWorkers.
func pageWorkers() int {
	if n := runtime.GOMAXPROCS(0); n > 1 {
		return min(n, maxPageWorkers)
	}
	return 0
}

// pageJob is one page of every column: rows lo…hi of a batch, their
// dictionary indices (takeIDs), and once encoded (pageEnc.encode) the
// pages' bytes and what their chunks learn of them (finishPage).
type pageJob struct {
	b      *StateBatch
	lo, hi int
	// runs are the page's segment runs; inputIDs, readingIDs and timeIDs
	// their dictionary indices, inputN, readingN and timeN the
	// dictionaries' entries after them; timePlain: t's dictionary was full.
	runs                          []segRun
	inputIDs, readingIDs, timeIDs []uint32
	inputN, readingN, timeN       int
	timePlain                     bool
	// guid, cell, queue and fail are the rows' dictionary indices, guidN…
	// failN the dictionaries' entries after them.
	guid, cell, queue, fail     []uint32
	guidN, cellN, queueN, failN int
	// group, on the last page of a row group, is the group's
	// dictionaries: the chunks are written after the page.
	group *groupDicts
	// release, on a batch's last page, lets go of the batch once its pages
	// are appended.
	release func()

	// Encoded: the pages' bytes (header, levels, data) in column order,
	// each page's place and counts, and the values' bounds.
	out               []byte
	pages             [nStateCols]encodedPage
	tickLo, tickHi    int64
	tLo, tHi          float64
	lo6, hi6          [6]float64
	errLo, errHi      float64
	anyTrue, anyFalse bool
	done              chan struct{}
}

// encodedPage is one column's page in a job's out: where it starts and
// ends there, its size uncompressed with its header, its values and nulls,
// and whether it is in RLE_DICTIONARY.
type encodedPage struct {
	start, end    int
	uncompressed  int64
	values, nulls int
	dict          bool
}

// groupDicts are a row group's dictionary pages, by column (nil: none), and
// t's dictionary's values (the t column's bounds).
type groupDicts struct {
	dicts [nStateCols]*encodedDict
	times []float64
}

// pageEnc is an encoding goroutine's codec and buffers.
type pageEnc struct {
	codec        pageCodec
	cols         pageCols
	scratch, hdr []byte
	levels       []byte
	f64          []float64
	// pause, on an encoding goroutine, is its gate's stop between
	// columns (stepGate.pause).
	pause func()
}

// TakeStates writes b's rows as WriteStates does, but returns once its
// pages are on their way: release is called (on the writer's goroutine)
// once the writer is done with b, until when b must stay unchanged.
func (w *statesWriter) TakeStates(b *StateBatch, release func()) error {
	w.take(b, release)
	return w.err
}

// take gives b's pages (at most pageRows rows each, and split where a row
// group ends) their dictionary indices and hands them to the encoders.
func (w *statesWriter) take(b *StateBatch, release func()) {
	for lo, n := 0, b.Len(); lo < n && w.err == nil; {
		hi := min(n, lo+w.pageRows, lo+int(w.groupRows-w.taken))
		j := w.newJob()
		j.b, j.lo, j.hi = b, lo, hi
		w.takeIDs(j)
		w.taken += int64(hi - lo)
		if w.taken == w.groupRows {
			j.group = w.endGroup()
		}
		if hi == n {
			j.release, release = release, nil
		}
		w.submit(j)
		lo = hi
	}
	if release != nil {
		// Not handed over (an error, or no rows): the pages taken must be
		// done with b first.
		w.drain()
		release()
	}
}

// newJob is a job done with, or a new one.
func (w *statesWriter) newJob() *pageJob {
	if n := len(w.freeJobs); n > 0 {
		j := w.freeJobs[n-1]
		w.freeJobs = w.freeJobs[:n-1]
		return j
	}
	return &pageJob{done: make(chan struct{}, 1)}
}

// submit encodes j: here when the writer has no encoding goroutines, else
// on one of them; the pages done in order are appended meanwhile, and while
// as many pages as the encoders may hold are on their way, the oldest is
// waited for.
func (w *statesWriter) submit(j *pageJob) {
	if w.workers == 0 {
		w.enc.encode(j)
		w.finish(j)
		return
	}
	w.startWorkers()
	w.inflight = append(w.inflight, j)
	w.work <- j
	for len(w.inflight) > 0 {
		h := w.inflight[0]
		if len(w.inflight) < pagesAhead*w.workers {
			select {
			case <-h.done:
			default:
				return
			}
		} else {
			<-h.done
		}
		w.popInflight()
		w.finish(h)
	}
}

// popInflight drops the oldest page on its way.
func (w *statesWriter) popInflight() {
	copy(w.inflight, w.inflight[1:])
	w.inflight[len(w.inflight)-1] = nil
	w.inflight = w.inflight[:len(w.inflight)-1]
}

// finish appends an encoded page (unless the writer has failed), lets go of
// its batch if it is the batch's last, and keeps the job for reuse.
func (w *statesWriter) finish(j *pageJob) {
	if w.err == nil {
		w.finishPage(j)
	}
	if j.release != nil {
		j.release()
	}
	j.b, j.group, j.release = nil, nil, nil
	w.freeJobs = append(w.freeJobs, j)
}

// drain waits for every page on its way and appends them.
func (w *statesWriter) drain() {
	for len(w.inflight) > 0 {
		h := w.inflight[0]
		<-h.done
		w.popInflight()
		w.finish(h)
	}
}

// startWorkers starts the encoding goroutines, once.
func (w *statesWriter) startWorkers() {
	if w.work != nil {
		return
	}
	w.work = make(chan *pageJob, pagesAhead*w.workers)
	for range w.workers {
		e := &pageEnc{codec: w.codec, pause: w.gate.pause}
		if w.codec.z != nil {
			// A zstd encoder compresses one page at a time: one each.
			c, err := newPageCodec(Zstd)
			if err != nil && w.err == nil {
				w.err = err
			}
			e.codec = c
		}
		w.wg.Add(1)
		go func() {
			defer w.wg.Done()
			for j := range w.work {
				w.gate.enter()
				e.encode(j)
				w.gate.leave()
				j.done <- struct{}{}
			}
		}()
	}
}

// stopPages appends every page on its way and stops the encoding
// goroutines; a later page is encoded on the writer's goroutine.
func (w *statesWriter) stopPages() {
	w.drain()
	if w.work != nil {
		close(w.work)
		w.wg.Wait()
		w.work = nil
	}
	w.workers = 0
}

// batchesHeld is how many batches the writer may hold after TakeStates
// returns.
func (w *statesWriter) batchesHeld() int { return pagesAhead * w.workers }

// stepGate holds the encoding goroutines between pages while the run's
// stepping has every core (Stepping): goroutines that shared the cores
// with the stepping's chunks took half a core from a chunk the stepping
// then waited for, so a run was as slow as its stepping on one core. Held,
// the pages wait for the stepping's serial work between runs of ticks, or
// for the stepping to wait on them (the writer's queue full), or for a
// worker of the run to find no chunk left (WorkerIdle): each such worker
// lets one encoder in while the others finish their last chunks, until
// the next run of ticks closes the gate again. A page started when the gate
// closes goes on to the end of its column and waits there (pause), so a
// run of ticks has its cores back within a column's encoding (at most the
// gather, about a third of a millisecond), not a whole page's (about one).
type stepGate struct {
	mu     sync.Mutex
	cond   sync.Cond
	closed bool
	// shut is closed, read without the mutex: pause's test between
	// columns while the gate is open.
	shut atomic.Bool
	// idle counts the run's workers out of chunks since the gate closed,
	// encoding the pages being encoded: while closed, an encoder starts a
	// page only while fewer pages than idle workers are.
	idle, encoding int
	// waiting counts the goroutines waiting at the gate.
	waiting int
}

// lock takes the gate's mutex, readying its cond the first time.
func (g *stepGate) lock() {
	g.mu.Lock()
	if g.cond.L == nil {
		g.cond.L = &g.mu
	}
}

// set closes the gate, or opens it and lets the waiting encoders go;
// either way no worker is idle yet.
func (g *stepGate) set(closed bool) {
	g.lock()
	g.closed, g.idle = closed, 0
	g.shut.Store(closed)
	if !closed {
		g.cond.Broadcast()
	}
	g.mu.Unlock()
}

// workerIdle opens the closed gate for one more encoder.
func (g *stepGate) workerIdle() {
	g.lock()
	if g.closed {
		g.idle++
		g.cond.Signal()
	}
	g.mu.Unlock()
}

// enter returns once the gate lets an encoder start a page; leave says
// the page is done.
func (g *stepGate) enter() {
	g.lock()
	g.waitLetIn()
	g.encoding++
	g.mu.Unlock()
}

// waitLetIn waits, with g.mu held and counted as waiting, while the gate
// is closed and lets in no more pages than are being encoded.
func (g *stepGate) waitLetIn() {
	for g.closed && g.encoding >= g.idle {
		g.waiting++
		g.cond.Wait()
		g.waiting--
	}
}

// pause is an encoder's stop between a page's columns: while the gate is
// closed and lets in fewer pages than are being encoded, this one waits
// (counted as waiting, not encoding) until it is let in again.
func (g *stepGate) pause() {
	if !g.shut.Load() {
		return
	}
	g.lock()
	if g.closed && g.encoding > g.idle {
		g.encoding--
		g.waitLetIn()
		g.encoding++
	}
	g.mu.Unlock()
}

func (g *stepGate) leave() {
	g.lock()
	g.encoding--
	if g.closed && g.encoding < g.idle {
		g.cond.Signal()
	}
	g.mu.Unlock()
}

// Stepping says whether the run's stepping has every core (true while a
// run of ticks steps its chunks on all of them): meanwhile the encoding
// goroutines start no page but for WorkerIdle's, and a page being encoded
// stops at its next column (pause). The caller opens it again before it
// waits on the writer.
func (w *statesWriter) Stepping(on bool) { w.gate.set(on) }

// WorkerIdle says a worker of the run of ticks stepping on every core has
// no chunk left to step: one encoder may take its core until the next
// Stepping(true).
func (w *statesWriter) WorkerIdle() { w.gate.workerIdle() }
