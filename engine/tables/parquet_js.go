//go:build js

// The web build (docs/web.md "What the web build holds") writes and reads
// no Parquet: the browser's viewer is the window alone, which writes no
// tables, and parquet-go (with the compressors, protobuf and HTTP code it
// brings) was a fifth of its WebAssembly. What would write or read a
// Parquet table there gets errNoParquet; the states table, whose writer is
// this package's own (states.go), is unchanged.

package tables

import (
	"errors"
	"io"
)

var errNoParquet = errors.New("tables: Parquet is not in the web viewer (docs/web.md); use the desktop viewer or CSV")

type parquetWriter[T any] struct{}

func newParquetWriter[T any](io.Writer, Codec, int64) *parquetWriter[T] { return &parquetWriter[T]{} }

func (p *parquetWriter[T]) Write([]T) error { return errNoParquet }

func (p *parquetWriter[T]) Close() error { return errNoParquet }

// Reader reads the rows of a Parquet table of T: in the web build, none.
type Reader[T Row] struct{}

// OpenParquet refuses: the web build reads no Parquet.
func OpenParquet[T Row](path string) (*Reader[T], error) {
	return nil, errors.Join(errNoParquet, errors.New(path))
}

// NumRows is the number of rows in the table.
func (r *Reader[T]) NumRows() int64 { return 0 }

// Read reads nothing.
func (r *Reader[T]) Read([]T) (int, error) { return 0, errNoParquet }

// Close releases nothing.
func (r *Reader[T]) Close() error { return nil }

// CopyTo copies nothing.
func (r *Reader[T]) CopyTo(interface{ Write([]T) error }, int) error { return errNoParquet }
