package settings

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

func TestSettings_RoundTripAndRecency(t *testing.T) {
	path := filepath.Join(t.TempDir(), "glidepath", "viewer.json")
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	a := View{Path: "/data/a.jsonl", Camera: "perspective", Target: [3]float64{1, 2, 3}, Span: 80, Yaw: 30, Pitch: 40, Overlays: "GRQ", Left: true, Timeline: true, Select: "0x80000A01"}
	b := View{Path: "/data/b.yaml", Camera: "top-down", Span: 240}
	s.Put(a)
	s.Put(b)
	a.Span = 60
	s.Put(a)
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	back, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.LastFile != a.Path || !reflect.DeepEqual(back.Files, []View{a, b}) {
		t.Errorf("loaded last %q, files %+v", back.LastFile, back.Files)
	}
	if v, ok := back.View("/data/b.yaml"); !ok || v != b {
		t.Errorf("View(b) = %+v, %v", v, ok)
	}
	for i := 0; i < MaxFiles+5; i++ {
		back.Put(View{Path: filepath.Join("/x", string(rune('a'+i%26)), strings.Repeat("y", i))})
	}
	if len(back.Files) != MaxFiles {
		t.Errorf("%d views kept, want %d", len(back.Files), MaxFiles)
	}
}

func TestSettings_UnreadableIsReportedAndLeftUntouched(t *testing.T) {
	for name, body := range map[string]string{
		"syntax":  "{\n  \"version\": 1,\n  \"files\": [}\n",
		"version": "{\"version\": 9}",
		"type":    "{\"version\": 1, \"files\": {}}",
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "viewer.json")
			os.WriteFile(path, []byte(body), 0o644)
			if _, err := Load(path); err == nil || !strings.Contains(err.Error(), path+":") {
				t.Fatalf("error %v, want one naming the file and line", err)
			}
			s := &Settings{path: path}
			s.Put(View{Path: "/a"})
			if err := s.Save(); err == nil {
				t.Fatal("saved over an unreadable settings file")
			}
			if got, _ := os.ReadFile(path); string(got) != body {
				t.Errorf("the file changed: %s", got)
			}
		})
	}
}

func TestDefaultPath_UsesTheXDGConfigDir(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("XDG_CONFIG_HOME is the Linux configuration directory")
	}
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	p, err := DefaultPath()
	if err != nil {
		t.Fatal(err)
	}
	if p != filepath.Join(dir, "glidepath", "viewer.json") {
		t.Errorf("path %q", p)
	}
}
