// Table files: the format chosen by the name's extension, written through
// internal/atomicfile — a temporary file beside the destination, renamed onto
// it only when the table is complete — so a failed or interrupted run never
// leaves a truncated table under the name a query will read.

package tables

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"glidepath/internal/atomicfile"
)

// Format is a table file format.
type Format uint8

// Table formats.
const (
	CSV Format = iota + 1
	CSVGzip
	Parquet
)

// Codec is the compression of a Parquet table.
type Codec uint8

// Parquet codecs: zstd (the default) packs tighter, snappy is faster.
const (
	Zstd Codec = iota
	Snappy
)

// FormatOf returns the format the extension of path names: .csv, .csv.gz or
// .parquet (any case); CSV for a device or FIFO named without one.
func FormatOf(path string) (Format, error) {
	name := strings.ToLower(path)
	switch {
	case strings.HasSuffix(name, ".csv"):
		return CSV, nil
	case strings.HasSuffix(name, ".csv.gz"):
		return CSVGzip, nil
	case strings.HasSuffix(name, ".parquet"):
		return Parquet, nil
	}
	// A device, a FIFO or standard output named as such (/dev/null,
	// /dev/stdout) has no extension to go by: it gets CSV, the format a
	// reader of a stream can take as it comes.
	if t, err := atomicfile.Resolve(path); err == nil && t.Through {
		return CSV, nil
	}
	return 0, fmt.Errorf("%s: the table format is named by the extension: .csv, .csv.gz or .parquet", path)
}

// Writer writes the rows of one table.
type Writer[T Row] interface {
	// Write appends rows; the writer does not keep the slice.
	Write(rows []T) error
	// Close finishes the table and puts it under its name.
	Close() error
	// Abort discards the table: nothing appears under its name.
	Abort()
}

// Options adjust a table writer; the zero value is the default.
type Options struct {
	// Codec compresses Parquet tables.
	Codec Codec
	// RowGroupRows is the Parquet row group size; 0 means RowGroupRows.
	RowGroupRows int64
}

// Create starts the table of T at path, in the format its extension names.
// The table is written to a temporary file beside path (internal/atomicfile,
// through a Stream) and appears under its name only on Close.
func Create[T Row](path string, opts Options) (Writer[T], error) {
	format, err := FormatOf(path)
	if err != nil {
		return nil, err
	}
	f, err := atomicfile.Create(path)
	if err != nil {
		return nil, err
	}
	// In big blocks beside the run, past the page cache where the file
	// system allows (atomicfile.Stream): a states table is hundreds of
	// megabytes.
	enc, err := NewEncoder[T](f.Stream(), format, opts)
	if err != nil {
		f.Abort()
		return nil, err
	}
	return &file[T]{f: f, enc: newAsync(enc)}, nil
}

// StatesWriter writes the states table: as rows, or as batches of
// columns (StateBatch), which the Parquet writer takes without building a
// row.
type StatesWriter interface {
	Writer[State]
	// StateBatch is an empty batch to fill.
	StateBatch() *StateBatch
	// WriteStates writes b's rows and takes b: get the next batch from
	// StateBatch.
	WriteStates(b *StateBatch) error
}

// CreateStates starts the states table at path (Create).
func CreateStates(path string, opts Options) (StatesWriter, error) {
	w, err := Create[State](path, opts)
	if err != nil {
		return nil, err
	}
	return w.(*file[State]), nil
}

// Encoder writes rows of T to a stream in one format; Close finishes the
// stream (footer, gzip trailer) without closing dst.
type Encoder[T Row] interface {
	Write(rows []T) error
	Close() error
}

// NewEncoder starts a table of T on dst in the given format.
func NewEncoder[T Row](dst io.Writer, format Format, opts Options) (Encoder[T], error) {
	switch format {
	case CSV, CSVGzip:
		return newCSVEncoder[T](dst, format == CSVGzip)
	case Parquet:
		n := opts.RowGroupRows
		if n <= 0 {
			n = RowGroupRows
		}
		var zero T
		if _, ok := any(zero).(State); ok {
			w, err := newStatesWriter(dst, opts.Codec, n, statePageRows)
			if err != nil {
				return nil, err
			}
			return any(w).(Encoder[T]), nil
		}
		return newParquetWriter[T](dst, opts.Codec, n), nil
	}
	return nil, fmt.Errorf("tables: unknown format %d", format)
}

// newCSVEncoder picks the CSV writer of T's row type.
func newCSVEncoder[T Row](dst io.Writer, gz bool) (Encoder[T], error) {
	var zero T
	var enc any
	var err error
	switch any(zero).(type) {
	case State:
		enc, err = newCSVWriter[State](dst, gz)
	case Event:
		enc, err = newCSVWriter[Event](dst, gz)
	case Metrics:
		enc, err = newCSVWriter[Metrics](dst, gz)
	case Imported:
		enc, err = newCSVWriter[Imported](dst, gz)
	}
	if err != nil {
		return nil, err
	}
	return enc.(Encoder[T]), nil
}

// file is a table being written to a temporary file.
type file[T Row] struct {
	f    *atomicfile.File
	enc  *async[T]
	done bool
}

func (w *file[T]) Write(rows []T) error { return w.enc.Write(rows) }

func (w *file[T]) StateBatch() *StateBatch { return w.enc.StateBatch() }

func (w *file[T]) WriteStates(b *StateBatch) error { return w.enc.WriteStates(b) }

// Stepping says whether the run's stepping has every core (true while a
// run of ticks steps its chunks on all of them): the Parquet states
// writer's encoding goroutines start no page meanwhile, and stop a page
// being encoded at its next column, so they take no core from a chunk. It
// must be false again before the caller hands over a batch or closes the
// table.
func (w *file[T]) Stepping(on bool) { w.enc.Stepping(on) }

// WorkerIdle says a worker of the run of ticks stepping on every core has
// no chunk left: one encoding goroutine may take its core meanwhile.
func (w *file[T]) WorkerIdle() { w.enc.WorkerIdle() }

func (w *file[T]) Close() error {
	if w.done {
		return errors.New("tables: " + w.f.Name() + ": closed twice")
	}
	w.done = true
	if err := w.enc.Close(); err != nil {
		w.f.Abort()
		return fmt.Errorf("%s: %w", w.f.Name(), err)
	}
	return w.f.Commit()
}

func (w *file[T]) Abort() {
	if w.done {
		return
	}
	w.done = true
	w.enc.stop()
	w.f.Abort()
}
