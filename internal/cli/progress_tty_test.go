//go:build linux

package cli

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// openTerminal opens a pseudo-terminal: the side a program writes to, and
// the side that reads what it wrote.
func openTerminal(t *testing.T) (tty, reader *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	var unlock, n int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		m.Close()
		t.Skipf("no pseudo-terminal: %v", e)
	}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		m.Close()
		t.Skipf("no pseudo-terminal: %v", e)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { m.Close() })
	return s, m
}

// On a terminal the progress shows the ticks stepped and clears its line
// when it finishes; -quiet shows nothing there either.
func TestTickProgress_OnATerminalShowsAndClears(t *testing.T) {
	tty, reader := openTerminal(t)
	if p := NewTickProgress(tty, true, "running x", -1); p.bar != nil {
		t.Errorf("-quiet: a progress bar")
	}
	p := NewTickProgress(tty, false, "running x", -1)
	if p.bar == nil {
		t.Fatal("no progress bar on a terminal")
	}
	p.At(4321)
	p.Finish()
	p.At(9999) // after Finish: nothing more
	tty.Close()
	var out bytes.Buffer
	out.ReadFrom(reader) // ends with EIO once the terminal's side is closed
	s := out.String()
	if !strings.Contains(s, "running x") || !strings.Contains(s, "4321") || strings.Contains(s, "9999") {
		t.Errorf("terminal got %q", s)
	}
	if !strings.HasSuffix(s, "\r") || strings.TrimSpace(s[strings.LastIndex(s[:len(s)-1], "\r")+1:]) != "" {
		t.Errorf("the line is not cleared at the end: %q", s)
	}
}

// The progress shows the run's total where it is known before the run
// ("4321/9000"), and "-" where it is not ("4321/-").
func TestTickProgress_ShowsTheTotalWhereKnown(t *testing.T) {
	for _, c := range []struct {
		total     int
		want, not string
	}{
		{9000, "4321/9000", "/-"},
		{-1, "4321/-", "/9000"},
	} {
		tty, reader := openTerminal(t)
		p := NewTickProgress(tty, false, "running x", c.total)
		p.At(4321)
		p.Finish()
		tty.Close()
		var out bytes.Buffer
		out.ReadFrom(reader)
		if s := out.String(); !strings.Contains(s, c.want) || strings.Contains(s, c.not) {
			t.Errorf("total %d: terminal got %q, want %q", c.total, s, c.want)
		}
	}
}
