package diffcmd

import (
	"testing"

	"glidepath/internal/tablesroute"
)

// The diff's run leaves one core to the input's decoder, as viewer run
// does, and none to the client trace's reader: its runs of ticks are split
// over both cores of a two-core machine, the reader taking a core whenever
// a run is compared or a chunk waits (diff.go, diffBusyCores). Without
// tables it keeps no stage records, log or glide metrics.
func TestSimOptions_OnlyTheDecoderKeepsACore(t *testing.T) {
	o := simOptions(Options{Tables: &tablesroute.Options{}}, nil)
	if o.BusyCores != 1 {
		t.Errorf("BusyCores %d, want 1: the input's decoder alone", o.BusyCores)
	}
	if o.Metrics || o.EventLog || o.Explain || o.RecordStages {
		t.Errorf("without tables: metrics %v, event log %v, explain %v, stages %v; want none", o.Metrics, o.EventLog, o.Explain, o.RecordStages)
	}
	o = simOptions(Options{Tables: &tablesroute.Options{Events: "e.parquet"}}, nil)
	if !o.Metrics || !o.EventLog || !o.Explain {
		t.Errorf("with an events table: metrics %v, event log %v, explain %v; want all", o.Metrics, o.EventLog, o.Explain)
	}
}
