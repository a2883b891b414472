// The window's pop chains name the stage that moved the body (engine
// PopStager), as `viewer run -explain` does.

package simsource

import (
	"context"
	"strings"
	"testing"

	"glidepath/engine/eventlog"
	"glidepath/engine/loader"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/ui/model"
	"glidepath/ui/timeline"
)

// A pop's tooltip (timeline.DescribeAt) and the pipeline panel's line
// (model.Index.Cause, which both read) name the stage `viewer run
// -explain=pop` names — on ACE #3328 the StickyManager's pull, on the cliff
// UpdatePhysicsInternal — though the pre-run records no stages: each pop's
// stage is found when its chain is first asked for, by one seek of the
// run with the stage record on (engine.BenchmarkPopStager_FillCrowd1000:
// about 3 ms for 1000 remotes, a window seek's cost); asked again, the
// chain is the one found.
func TestCauses_TooltipNamesThePopStageAsRunExplain_OneSeekPerPop(t *testing.T) {
	for _, c := range []struct {
		name, path, stage string
	}{
		{"ace3328_snapback", "../../recordings/ace3328_snapback.jsonl", "the StickyManager's pull moved it"},
		{"cliff", "", "UpdatePhysicsInternal (velocity, gravity) moved it"},
	} {
		var rec *recording.Recording
		var err error
		if c.path != "" {
			rec, err = loader.Load(c.path, assets.FS())
		} else {
			rec, err = scenario.CompileAsset(assets.FS(), c.name)
		}
		if err != nil {
			t.Fatal(err)
		}
		want := make(map[[2]int]string)
		for _, k := range explainRun(t, rec) {
			if k.Kind == eventlog.EventPop {
				want[[2]int{k.Tick, int(k.GUID)}] = k.What + " — " + k.Why
			}
		}
		srcs, err := New(rec, c.name, nil, assets.FS())
		if err != nil {
			t.Fatal(err)
		}
		src := srcs[0]
		h := model.NewHistory()
		x, err := model.Prerun(context.Background(), src, h, nil) // the window's index
		if err != nil {
			t.Fatal(err)
		}
		d := &timeline.Data{Index: x, History: h, Info: src.Info()}
		pops, named := 0, 0
		for i := 0; i < x.Len(); i++ {
			e := x.Event(i)
			if e.Kind != eventlog.EventPop {
				continue
			}
			pops++
			w, ok := want[[2]int{int(e.Tick), int(e.GUID)}]
			if !ok {
				t.Fatalf("%s: the window's pop at tick %d is not in run -explain's chains", c.name, e.Tick)
			}
			tip := timeline.DescribeAt(i, d)
			if !strings.HasSuffix(tip, " · "+w) {
				t.Errorf("%s: the pop at tick %d reads\n%q\nwant run -explain's\n%q", c.name, e.Tick, tip, w)
			}
			if strings.Contains(tip, "not recorded") {
				t.Errorf("%s: the pop at tick %d names no stage: %q", c.name, e.Tick, tip)
			}
			if strings.Contains(tip, c.stage) {
				named++
			}
			if _, again, _ := x.Cause(i); again != w {
				t.Errorf("%s: asked again, the pop at tick %d reads %q", c.name, e.Tick, again)
			}
		}
		if pops == 0 || pops != len(want) || named == 0 {
			t.Errorf("%s: %d pops in the window, %d in run -explain, %d naming %q", c.name, pops, len(want), named, c.stage)
		}
		if src.Tick() != 0 {
			t.Errorf("%s: asking moved the window's cursor to tick %d", c.name, src.Tick())
		}
	}
}
