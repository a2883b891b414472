package conformcmd

import (
	"testing"
)

// FuzzParseManifest: any bytes give an error or a manifest whose inputs
// have valid, distinct names, known behaviours and increasing ticks with
// their object — never a panic.
func FuzzParseManifest(f *testing.F) {
	f.Add([]byte(`{"format":"glidepath-conform","version":1,"reading":"seed","inputs":[{"name":"walk","file":"inputs/walk.jsonl",` +
		`"behaviours":[{"id":"enqueue.near","event":{"event":"enqueue","branch":"near"},"guid":"0x80000C01","ticks":[2,10]},{"id":"route.teleport"}]}]}`))
	f.Add([]byte(`{"format":"glidepath-conform","version":1,"inputs":[{"name":"a","file":"a","behaviours":[{"id":"stall.blip","guid":"0x1","ticks":[-1]}]}]}`))
	f.Add([]byte(`[`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseManifest("manifest.json", data)
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for _, in := range m.Inputs {
			if !validName(in.Name) || seen[in.Name] || in.File == "" || len(in.Behaviours) == 0 {
				t.Fatalf("accepted input %+v", in)
			}
			seen[in.Name] = true
			for _, ex := range in.Behaviours {
				if _, ok := behaviourByID(ex.ID); !ok {
					t.Fatalf("accepted behaviour %q", ex.ID)
				}
				for k, tick := range ex.Ticks {
					if tick < 0 || k > 0 && tick <= ex.Ticks[k-1] || ex.GUID == "" {
						t.Fatalf("accepted ticks %v of %q", ex.Ticks, ex.GUID)
					}
				}
			}
		}
	})
}
