// Trace against trace: `viewer diff -vs TRACE_A TRACE_B` compares a second
// client trace (or Glidepath Trace v1) with a first one in the retail run's
// place — two versions of a client, or two readings' traces — and gives the
// same Result a diff against the retail run gives.

package clientdiff

import (
	"errors"
	"io"
	"math"
	"sort"

	"glidepath/engine/agree"
	"glidepath/engine/clienttrace"
	"glidepath/engine/hexid"
)

// Versus compares trace b with trace a, tick by tick and object by object:
// a stands where the retail run stands in Run (its rows are Result's
// "retail" side, with no events or fail counter), b is the client. Both
// are read to their ends. It returns a *NothingComparedError when no row of
// b had a row of a at its tick, and the readers' *clienttrace.Error for a
// malformed line.
func Versus(a, b *clienttrace.Reader, opts Options) (*Result, error) {
	res := &Result{Input: a.Name(), Client: b.Name(), Tolerance: opts.Tolerance,
		TickRate: a.TickRate(), StrictObjects: opts.StrictObjects, Objects: []*Object{},
		Missing: Missing{Objects: []MissingObject{}, Ticks: []MissingTicks{}, NotInRecording: []ClientOnly{}}}
	vs := versus{opts: opts, res: res, byGUID: map[uint32]*versusObject{}, onlyB: map[uint32]*ClientOnly{}}
	var rowsA, rowsB []clienttrace.Row
	var errA, errB error
	next := func(r *clienttrace.Reader, dst []clienttrace.Row) ([]clienttrace.Row, error) {
		rows, err := r.NextTick(dst[:0])
		if errors.Is(err, io.EOF) && len(rows) > 0 {
			err = nil
		}
		return rows, err
	}
	rowsA, errA = next(a, rowsA)
	rowsB, errB = next(b, rowsB)
	for {
		if errA != nil && !errors.Is(errA, io.EOF) {
			return nil, errA
		}
		if errB != nil && !errors.Is(errB, io.EOF) {
			return nil, errB
		}
		doneA, doneB := errA != nil || len(rowsA) == 0, errB != nil || len(rowsB) == 0
		if doneA && doneB {
			break
		}
		switch {
		case !doneA && (doneB || rowsA[0].Tick < rowsB[0].Tick):
			vs.tick(rowsA[0].Tick, rowsA, nil)
			rowsA, errA = next(a, rowsA)
		case !doneB && (doneA || rowsB[0].Tick < rowsA[0].Tick):
			vs.tick(rowsB[0].Tick, nil, rowsB)
			rowsB, errB = next(b, rowsB)
		default:
			vs.tick(rowsA[0].Tick, rowsA, rowsB)
			rowsA, errA = next(a, rowsA)
			rowsB, errB = next(b, rowsB)
		}
	}
	return vs.finish(a, b)
}

// versus is a Versus comparison in progress.
type versus struct {
	opts   Options
	res    *Result
	byGUID map[uint32]*versusObject
	order  []*versusObject
	onlyB  map[uint32]*ClientOnly
	onlyBs []uint32
}

// versusObject is one object of trace a.
type versusObject struct {
	obj *Object
	// context is the ticks before the current one, oldest first (at most
	// Options.Context).
	context []ContextTick
	// missing counts a's ticks of the object without a row in b; ranges
	// are their first runs.
	missing int
	ranges  [][2]int
	seenB   bool
}

func (vs *versus) tick(tick int, rowsA, rowsB []clienttrace.Row) {
	vs.res.Ticks = max(vs.res.Ticks, tick)
	// b's rows by guid (a tick holds each object once).
	sort.SliceStable(rowsB, func(i, j int) bool { return rowsB[i].GUID < rowsB[j].GUID })
	matched := make([]bool, len(rowsB))
	for i := range rowsA {
		ra := &rowsA[i]
		o := vs.byGUID[ra.GUID]
		if o == nil {
			o = &versusObject{obj: &Object{GUID: hexid.String(ra.GUID), guid: ra.GUID}}
			vs.byGUID[ra.GUID] = o
			vs.order = append(vs.order, o)
		}
		j := sort.Search(len(rowsB), func(k int) bool { return rowsB[k].GUID >= ra.GUID })
		retail := retailOfRow(ra)
		if j >= len(rowsB) || rowsB[j].GUID != ra.GUID {
			o.missing++
			if n := len(o.ranges); n > 0 && o.ranges[n-1][1] == tick-1 {
				o.ranges[n-1][1] = tick
			} else if n < MaxRanges {
				o.ranges = append(o.ranges, [2]int{tick, tick})
			}
			o.push(vs.opts.Context, ContextTick{Tick: tick, Retail: retail})
			continue
		}
		matched[j] = true
		rb := &rowsB[j]
		o.seenB = true
		ga, gb := ra.Global(), rb.Global()
		err := math.Sqrt((ga[0]-gb[0])*(ga[0]-gb[0]) + (ga[1]-gb[1])*(ga[1]-gb[1]) + (ga[2]-gb[2])*(ga[2]-gb[2]))
		obj := o.obj
		obj.Rows++
		obj.ComparedRows++
		vs.res.ComparedRows++
		obj.sumErr += err
		if err > obj.MaxError {
			obj.MaxError, obj.MaxErrorTick = err, tick
		}
		client := clientOf(rb)
		if obj.FirstDivergence == nil {
			if fields := rowFields(ra, rb, err, vs.opts.Tolerance); len(fields) > 0 {
				d := &Divergence{Tick: tick, Error: err, Fields: fields, Retail: retail, Client: *client,
					Causes: []string{}, Context: append([]ContextTick{}, o.context...)}
				if ra.HasHeading {
					h := ra.Heading
					d.Retail.Heading = &h
				}
				obj.FirstDivergence = d
				vs.res.Diverged = true
			}
		}
		e := err
		o.push(vs.opts.Context, ContextTick{Tick: tick, Retail: retail, Client: client, Error: &e})
	}
	for j := range rowsB {
		if matched[j] {
			continue
		}
		rb := &rowsB[j]
		if _, inA := vs.byGUID[rb.GUID]; inA {
			vs.res.Missing.NotAlive++
			continue
		}
		c := vs.onlyB[rb.GUID]
		if c == nil {
			c = &ClientOnly{GUID: hexid.String(rb.GUID), FirstLine: rb.Line}
			vs.onlyB[rb.GUID] = c
			vs.onlyBs = append(vs.onlyBs, rb.GUID)
		}
		c.Rows++
	}
}

// push keeps the last n ticks of context.
func (o *versusObject) push(n int, c ContextTick) {
	if n <= 0 {
		return
	}
	if len(o.context) == n {
		copy(o.context, o.context[1:])
		o.context = o.context[:n-1]
	}
	o.context = append(o.context, c)
}

// rowFields names what differs between two rows of an object: the position
// beyond the tolerance, the cell where one of the two is indoors
// (agree.CellDiffers), and the heading, queue, Contact bit and branch where both
// traces give them.
func rowFields(a, b *clienttrace.Row, err, tol float64) []string {
	var f []string
	if err > tol {
		f = append(f, "position")
	}
	if agree.CellDiffers(a.Cell, b.Cell) {
		f = append(f, "cell")
	}
	if a.HasHeading && b.HasHeading && agree.HeadingDiffers(a.Heading, b.Heading) {
		f = append(f, "heading")
	}
	if a.HasQueue && b.HasQueue && a.Queue != b.Queue {
		f = append(f, "queue")
	}
	if a.HasContact && b.HasContact && a.Contact != b.Contact {
		f = append(f, "contact")
	}
	if a.HasBranch && b.HasBranch && a.Branch != b.Branch {
		f = append(f, "branch")
	}
	return f
}

// retailOfRow is trace a's row in the retail side's shape.
func retailOfRow(r *clienttrace.Row) Retail {
	out := Retail{Cell: hexid.String(r.Cell), Origin: r.Origin, Global: r.Global(), Queue: r.Queue,
		Contact: r.Contact, Events: []string{}}
	if r.HasBranch {
		out.Branch = r.Branch.String()
	}
	if r.HasHeading {
		h := r.Heading
		out.Heading = &h
	}
	return out
}

func (vs *versus) finish(a, b *clienttrace.Reader) (*Result, error) {
	res := vs.res
	// Known only once the first line is read.
	res.Format = b.Format().String()
	res.TickRate = a.TickRate()
	for _, o := range vs.order {
		if !o.seenB {
			res.Missing.Objects = append(res.Missing.Objects, MissingObject{GUID: o.obj.GUID})
			continue
		}
		if o.obj.ComparedRows > 0 {
			o.obj.MeanError = o.obj.sumErr / float64(o.obj.ComparedRows)
		}
		res.Objects = append(res.Objects, o.obj)
		if o.missing > 0 {
			res.Missing.Ticks = append(res.Missing.Ticks, MissingTicks{GUID: o.obj.GUID, Ticks: o.missing, Ranges: o.ranges})
		}
	}
	for _, g := range vs.onlyBs {
		res.Missing.NotInRecording = append(res.Missing.NotInRecording, *vs.onlyB[g])
	}
	if vs.opts.StrictObjects && len(res.Missing.NotInRecording) > 0 {
		res.Diverged = true
	}
	if res.ComparedRows == 0 {
		return nil, &NothingComparedError{Client: b.Name(), Input: a.Name(), Rows: b.Rows(), Objects: len(vs.onlyBs)}
	}
	return res, nil
}
