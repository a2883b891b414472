// Tests of the reader's limits (docs/formats.md, "Limits"): each exceeded
// limit is an error naming the file, the line and the limit, found as the
// line is read.

package recording

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

const limitsHeader = `{"format":"glidepath-recording","version":1,"entities":[{"guid":"0x1","position":{"cell":"0xA9B4001F","origin":[1,1,0]}}]}` + "\n"

// readErr reads the whole recording and returns the error (nil at EOF) and
// how many events were returned before it.
func readErr(t *testing.T, r *Reader) (int, error) {
	t.Helper()
	n := 0
	for {
		_, err := r.Next()
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		n++
	}
}

func wantLimitError(t *testing.T, err error, line int, field, problem string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T), want an *Error", err, err)
	}
	if e.File != "big.jsonl" || e.Line != line || e.Field != field || !strings.Contains(e.Problem, problem) {
		t.Fatalf("error %q, want big.jsonl:%d: %s: …%s…", e, line, field, problem)
	}
}

func TestReader_NotesOverTheLimitAreRefusedAsRead(t *testing.T) {
	var b strings.Builder
	b.WriteString(limitsHeader)
	for i := 0; i < MaxNotes+5; i++ {
		b.WriteString(`{"t":0,"type":"note","text":"x"}` + "\n")
	}
	r, err := NewReader("big.jsonl", strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	n, err := readErr(t, r)
	if n != MaxNotes {
		t.Errorf("%d notes returned before the error, want %d", n, MaxNotes)
	}
	wantLimitError(t, err, MaxNotes+2, "limit", fmt.Sprintf("more than %d notes", MaxNotes))
}

// A Reader streams any number of events (a streamed run holds none);
// reading a recording whole refuses more than MaxEvents as they are read.
func TestReadSource_EventsOverTheLimitAreRefusedAsRead(t *testing.T) {
	var b strings.Builder
	b.WriteString(limitsHeader)
	b.WriteString(`{"t":0,"type":"future","x":1}` + "\n") // skipped: not counted
	for i := 0; i < 10; i++ {
		b.WriteString(`{"t":0,"type":"truth","guid":"0x1","cell":"0xA9B4001F","origin":[1,1,0]}` + "\n")
	}
	defer func(n int) { maxHeldEvents = n }(maxHeldEvents)
	maxHeldEvents = 4 // the real limit is too large for a unit test
	r, err := NewReader("big.jsonl", strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if n, err := readErr(t, r); n != 10 || err != nil {
		t.Errorf("streamed: %d events, err %v; want all 10", n, err)
	}
	r, err = NewReader("big.jsonl", strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := ReadSource(r)
	if rec != nil {
		t.Errorf("read whole: %d events returned with the error", len(rec.Events))
	}
	wantLimitError(t, err, 7, "limit", "more than 4 events")
}

func TestReader_LongTextIsRefused(t *testing.T) {
	long := strings.Repeat("a", MaxTextLength+1)
	for _, c := range []struct {
		name, text string
		line       int
		field      string
	}{
		{"note", limitsHeader + `{"t":0,"type":"note","text":"` + long + `"}` + "\n", 2, "note.text"},
		{"entity name", strings.Replace(limitsHeader, `"guid":"0x1"`, `"guid":"0x1","name":"`+long+`"`, 1), 1, "entities[0].name"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := NewReader("big.jsonl", strings.NewReader(c.text))
			if err == nil {
				_, err = readErr(t, r)
			}
			wantLimitError(t, err, c.line, c.field, fmt.Sprintf("%d bytes is longer than the %d-byte limit", MaxTextLength+1, MaxTextLength))
		})
	}
	// Exactly at the limit is fine.
	r, err := NewReader("ok.jsonl", strings.NewReader(limitsHeader+`{"t":0,"type":"note","text":"`+long[1:]+`"}`+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if n, err := readErr(t, r); n != 1 || err != nil {
		t.Fatalf("a note of %d bytes: %d events, %v", MaxTextLength, n, err)
	}
}

// The reader remembers where the first skipped event was, for the warning.
func TestReader_SkippedEventsKeepTheFirstLine(t *testing.T) {
	text := limitsHeader + "\n" + `{"t":0,"type":"note","text":""}` + "\n" +
		`{"t":0,"type":"sound","id":3}` + "\n" + `{"t":0,"type":"sound"}` + "\n" + `{"t":0,"type":"emote"}` + "\n"
	rec, err := Read("w.jsonl", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Skipped != 3 || rec.SkippedLine != 4 || strings.Join(rec.SkippedTypes, ",") != "sound,emote" {
		t.Fatalf("skipped %d (first line %d, types %v), want 3 (line 4, sound,emote)", rec.Skipped, rec.SkippedLine, rec.SkippedTypes)
	}
}
