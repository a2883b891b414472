// The client's trace followed as it grows (recording.Tail under
// engine/clienttrace): complete ticks, and each row as soon as it is read
// (clienttrace.Reader.OnRow), handed over in file order on one channel.

package live

import (
	"context"
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
	t      *recording.Tail
	cancel context.CancelFunc
}

// followTrace starts following the client trace at path, read at the
// run's tick rate.
func followTrace(path string, tickRate int, poll time.Duration) (*traceFollower, error) {
	ctx, cancel := context.WithCancel(cli.StopCtx)
	t, err := recording.NewTail(path, recording.FollowOptions{Context: ctx, Poll: poll})
	if err != nil {
		cancel()
		return nil, err
	}
	f := &traceFollower{ch: make(chan traceMsg, 1024), done: make(chan struct{}), t: t, cancel: cancel}
	// The reader is made on the goroutine: it peeks at the first bytes
	// (gzip's magic number), which the client may not have written yet.
	go f.read(path, tickRate)
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

func (f *traceFollower) read(path string, tickRate int) {
	defer f.t.Close()
	rd, err := clienttrace.NewReader(path, f.t, tickRate)
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
