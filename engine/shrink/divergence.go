package shrink

import (
	"errors"
	"fmt"

	"glidepath/engine"
	"glidepath/engine/clientdiff"
	"glidepath/engine/clienttrace"
	"glidepath/engine/hexid"
	"glidepath/engine/recording"
)

// Divergence is a client's first divergence from retail (viewer diff): the
// object and the tick.
type Divergence struct {
	GUID uint32
	Tick int
}

func (d Divergence) String() string {
	return fmt.Sprintf("%s at tick %d", hexid.String(d.GUID), d.Tick)
}

// firstDivergence diffs a run of rec under opts against the client trace at
// trace and returns the earliest first divergence of any object (ties: the
// object first in the recording); false when none diverged or nothing was
// compared. A stop error is returned as is; a bad trace line too (it is the
// same whatever the candidate).
func firstDivergence(rec *recording.Recording, trace string, tol float64, opts engine.Options, stop func() error) (Divergence, bool, error) {
	cmp := clientdiff.NewComparer(clientdiff.Options{Tolerance: tol})
	if stop != nil {
		cmp.Interrupt = func(int) error { return stop() }
	}
	opts.Sink = cmp
	s, err := engine.New(rec, opts)
	if err != nil {
		return Divergence{}, false, nil
	}
	rd, err := clienttrace.Open(trace, s.TickRate())
	if err != nil {
		return Divergence{}, false, err
	}
	defer rd.Close()
	res, err := clientdiff.Run(s, cmp, rd)
	if err != nil {
		var te *clienttrace.Error
		if errors.As(err, &te) {
			return Divergence{}, false, err
		}
		if stop != nil {
			if serr := stop(); serr != nil {
				return Divergence{}, false, serr
			}
		}
		return Divergence{}, false, nil
	}
	var best Divergence
	found := false
	for _, o := range res.Objects {
		if o.FirstDivergence == nil {
			continue
		}
		if !found || o.FirstDivergence.Tick < best.Tick {
			g, err := hexid.Parse(o.GUID)
			if err != nil {
				return Divergence{}, false, fmt.Errorf("divergence: object %s", err)
			}
			best, found = Divergence{GUID: g, Tick: o.FirstDivergence.Tick}, true
		}
	}
	return best, found, nil
}

// KeepDivergence is the condition "diffed against the client trace at
// trace (viewer diff, tolerance tol metres), the candidate's run first
// diverges for the same object at the same tick as the whole input's
// does" — retail within the tolerance of the client up to that tick (so
// nearly unchanged there), and apart from it at that tick. It returns that divergence; ErrNotShown when the input's run does
// not diverge.
func KeepDivergence(rec *recording.Recording, trace string, tol float64, opts engine.Options, stop func() error) (Holds, Divergence, error) {
	want, ok, err := firstDivergence(rec, trace, tol, opts, stop)
	if err != nil {
		return nil, Divergence{}, err
	}
	if !ok {
		return nil, Divergence{}, ErrNotShown
	}
	return func(c *recording.Recording) (bool, error) {
		if len(c.Events) == 0 {
			return false, nil
		}
		got, ok, err := firstDivergence(c, trace, tol, opts, stop)
		return ok && got == want, err
	}, want, nil
}
