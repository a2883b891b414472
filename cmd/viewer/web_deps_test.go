package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestWebBuildDeps holds the web build (GOOS=js GOARCH=wasm, docs/web.md
// "What the web build holds") to the window and its inputs: the packages of
// the headless subcommands (and what the desktop window borrows from them),
// Parquet and the HTTP/TLS code that progressbar
// and parquet-go's compressors bring are left out — each was megabytes of
// WebAssembly to compile before the first frame — while what opens the
// page's inputs (recordings, scenarios' YAML, pcap/pcapng captures, packs'
// zips) and the window stay in.
func TestWebBuildDeps(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	cmd := exec.Command(goTool, "list", "-deps", ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps (js/wasm): %v\n%s", err, out)
	}
	deps := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		deps[p] = true
	}
	for _, p := range []string{
		"github.com/parquet-go/parquet-go",
		"net/http",
		"crypto/tls",
		"github.com/schollz/progressbar/v3",
		"google.golang.org/protobuf/proto",
		"glidepath/internal/batch",
		"glidepath/internal/importcmd",
		"glidepath/internal/live",
		"glidepath/internal/conformcmd",
		"glidepath/internal/shrinkcmd",
		"glidepath/internal/datcmd",
		// What the desktop window takes from the headless subcommands
		// (ui/launch's !js files; web_js.go there): -against's client
		// trace and its comparison, -whatif's conditions, Shift+P's pack,
		// the run and tables they bring, and shot's and export's
		// encoders.
		"glidepath/internal/diffcmd",
		"glidepath/internal/packcmd",
		"glidepath/internal/whatifcmd",
		"glidepath/internal/runcmd",
		"glidepath/internal/tablesroute",
		"glidepath/engine/clientdiff",
		"glidepath/engine/clienttrace",
		"glidepath/engine/whatif",
		"glidepath/ui/gifout",
	} {
		if deps[p] {
			t.Errorf("the web build holds %s, which the browser never uses", p)
		}
	}
	for _, p := range []string{
		"glidepath/ui",
		"glidepath/ui/launch",
		"glidepath/ui/page",
		"glidepath/engine/recording",
		"glidepath/engine/scenario",
		"glidepath/engine/capture",
		"github.com/google/gopacket/pcapgo",
		"archive/zip",
		"compress/gzip",
	} {
		if !deps[p] {
			t.Errorf("the web build lacks %s, which opens the page's inputs or draws the window", p)
		}
	}
}
