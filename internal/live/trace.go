// The client's trace followed as it grows (recording.Tail under
// engine/clienttrace): complete ticks, and each row as soon as it is read
// (clienttrace.Reader.OnRow), handed over in file order on one channel.

package live

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"glidepath/engine/clienttrace"
	"glidepath/engine/recording"
	"glidepath/internal/cli"
)

// traceMsg is a row read (isRow), a complete tick's rows, or the error
// that ended the trace (io.EOF never comes from a followed file; a
// reading error does).
type traceMsg struct {
	isRow bool
	row   clienttrace.Row
	rows  []clienttrace.Row
	err   error
}

// traceFollower reads the client trace on its own goroutine.
type traceFollower struct {
	ch     chan traceMsg
	done   chan struct{}
	rd     *clienttrace.Reader
	cancel context.CancelFunc
}

// followTrace starts following the client trace at path, read at the
// run's tick rate. A trace not created yet (the client not started) is
// waited for, said once on stderr.
func followTrace(path string, tickRate int, poll time.Duration, stderr io.Writer) (*traceFollower, error) {
	ctx, cancel := context.WithCancel(cli.StopCtx)
	f := &traceFollower{ch: make(chan traceMsg, 1024), done: make(chan struct{}), cancel: cancel}
	if _, err := os.Stat(path); os.IsNotExist(err) {
		fmt.Fprintf(stderr, "viewer: live: -against %s: not created yet; waiting for the client to write it\n", path)
	} else if err != nil {
		cancel()
		return nil, err
	}
	// The file is opened on the goroutine, once it exists, and so is the
	// reader: it peeks at the first bytes (gzip's magic number), which the
	// client may not have written yet.
	go f.read(ctx, path, tickRate, poll)
	return f, nil
}

func (f *traceFollower) send(m traceMsg) bool {
	select {
	case f.ch <- m:
		return true
	case <-f.done:
		return false
	}
}

func (f *traceFollower) read(ctx context.Context, path string, tickRate int, poll time.Duration) {
	for {
		if _, err := os.Stat(path); err == nil {
			break
		}
		select {
		case <-ctx.Done():
			f.send(traceMsg{err: context.Cause(ctx)})
			return
		case <-f.done:
			return
		case <-time.After(poll):
		}
	}
	t, err := recording.NewTail(path, recording.FollowOptions{Context: ctx, Poll: poll})
	if err != nil {
		f.send(traceMsg{err: err})
		return
	}
	defer t.Close()
	rd, err := clienttrace.NewReader(path, t, tickRate)
	if err != nil {
		f.send(traceMsg{err: err})
		return
	}
	f.rd = rd
	rd.OnRow(func(row *clienttrace.Row) { f.send(traceMsg{isRow: true, row: *row}) })
	for {
		rows, err := f.rd.NextTick(nil)
		if err != nil {
			f.send(traceMsg{err: err})
			return
		}
		if !f.send(traceMsg{rows: rows}) {
			return
		}
	}
}

// Close stops the reading; the goroutine ends at its next row or wait,
// and closes the file.
func (f *traceFollower) Close() error {
	close(f.done)
	f.cancel()
	return nil
}
