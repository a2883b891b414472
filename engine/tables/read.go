//go:build !js

// Reading a Parquet table back, in chunks: how a batch copies each input's
// spooled rows into the one table, in input order, without holding them.

package tables

import (
	"errors"
	"io"
	"os"

	"github.com/parquet-go/parquet-go"
)

// Reader reads the rows of a Parquet table of T.
type Reader[T Row] struct {
	f *os.File
	r *parquet.GenericReader[T]
}

// OpenParquet opens the Parquet table of T at path.
func OpenParquet[T Row](path string) (*Reader[T], error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	return &Reader[T]{f: f, r: parquet.NewGenericReader[T](f)}, nil
}

// NumRows is the number of rows in the table.
func (r *Reader[T]) NumRows() int64 { return r.r.NumRows() }

// Read fills rows and returns how many it read; io.EOF after the last.
func (r *Reader[T]) Read(rows []T) (int, error) { return r.r.Read(rows) }

// Close releases the file.
func (r *Reader[T]) Close() error { return errors.Join(r.r.Close(), r.f.Close()) }

// CopyTo writes every row of r to w, n rows at a time.
func (r *Reader[T]) CopyTo(w interface{ Write([]T) error }, n int) error {
	buf := make([]T, n)
	for {
		k, err := r.Read(buf)
		if k > 0 {
			if werr := w.Write(buf[:k]); werr != nil {
				return werr
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
