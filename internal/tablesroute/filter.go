package tablesroute

import (
	"glidepath/engine"
	"glidepath/engine/filter"
	"glidepath/engine/tables"
)

// filteredEvents is an events-table sink that passes on only the rows an
// expression matches.
type filteredEvents struct {
	to   engine.EventSink
	expr *filter.Expr
	rate int
	rows []tables.Event
}

var _ engine.EventSink = (*filteredEvents)(nil)

func (f *filteredEvents) Write(rows []tables.Event) error {
	f.rows = f.rows[:0]
	for i := range rows {
		it := filter.TableEvent(&rows[i], f.rate)
		if f.expr.Match(&it) {
			f.rows = append(f.rows, rows[i])
		}
	}
	if len(f.rows) == 0 {
		return nil
	}
	return f.to.Write(f.rows)
}
