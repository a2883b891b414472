// viewer import -events FILE: the imported events as a table (Tables v1's
// imported-events table, docs/formats.md), one row per event written to
// the recording(s), in the order written.

package importcmd

import (
	"path/filepath"

	"glidepath/engine"
	"glidepath/engine/hexid"
	"glidepath/engine/recording"
	"glidepath/engine/tables"
)

// importTable is the imported-events table being written; a nil
// *importTable writes nothing.
type importTable struct {
	w     tables.Writer[tables.Imported]
	input string
	rows  []tables.Imported
	guids []string
	line  []byte
}

// newImportTable starts the table at path for the capture at input.
func newImportTable(path, input string) (*importTable, error) {
	w, err := tables.Create[tables.Imported](path, tables.Options{})
	if err != nil {
		return nil, err
	}
	return &importTable{w: w, input: input}, nil
}

// add writes ev, as written to the recording piece (at rate ticks per
// second).
func (t *importTable) add(ev *recording.Event, piece string, rate int) error {
	if t == nil {
		return nil
	}
	if len(t.rows) == cap(t.rows) && len(t.rows) > 0 {
		if err := t.flush(); err != nil {
			return err
		}
	}
	if t.rows == nil {
		t.rows, t.guids = make([]tables.Imported, 0, 4096), make([]string, 0, 4096)
	}
	if rate <= 0 {
		rate = recording.DefaultTickRate
	}
	t.line = recording.AppendEvent(t.line[:0], ev)
	r := tables.Imported{Input: t.input, Recording: filepath.Base(piece), T: ev.T,
		Tick: int64(engine.DueTick(rate, ev.T)), Event: ev.Kind.String(), Detail: string(t.line)}
	if ev.HasGUID {
		t.guids = append(t.guids, hexid.String(ev.GUID))
		r.GUID = &t.guids[len(t.guids)-1]
	}
	t.rows = append(t.rows, r)
	return nil
}

func (t *importTable) flush() error {
	err := t.w.Write(t.rows)
	t.rows, t.guids = t.rows[:0], t.guids[:0]
	return err
}

// close writes the last rows and puts the table under its name.
func (t *importTable) close() error {
	if t == nil {
		return nil
	}
	if len(t.rows) > 0 {
		if err := t.flush(); err != nil {
			t.w.Abort()
			return err
		}
	}
	return t.w.Close()
}

// abort removes the table unless it was closed.
func (t *importTable) abort() {
	if t != nil {
		t.w.Abort()
	}
}
