//go:build !js

// parquet-go's generic writer, for the tables other than states (whose
// writer is this package's own, states.go). The web build leaves it out
// (parquet_js.go).

package tables

import (
	"io"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"
)

// Statistics: the footer keeps each column chunk's bounds, which let a
// query skip row groups (by input, tick, position…), but not for reading,
// guid and cell, whose every row group spans nearly the whole range, and no
// string column gets per-page statistics: computing them for strings was a
// quarter of the encoding time and prunes nothing more.

// fastZstd is zstd at its fastest level: state rows compress to a byte or
// two each even so, at half the default level's time.
var fastZstd = zstd.Codec{Level: zstd.SpeedFastest}

type parquetWriter[T any] struct {
	w *parquet.GenericWriter[T]
}

func newParquetWriter[T any](dst io.Writer, codec Codec, rowGroup int64) *parquetWriter[T] {
	c := parquet.Compression(&fastZstd)
	if codec == Snappy {
		c = parquet.Compression(&parquet.Snappy)
	}
	return &parquetWriter[T]{w: parquet.NewGenericWriter[T](dst, c,
		parquet.MaxRowsPerRowGroup(rowGroup),
		parquet.CreatedBy("glidepath", "tables-v1", ""),
		parquet.SkipPageBounds("reading"), parquet.SkipPageBounds("guid"), parquet.SkipPageBounds("cell"),
		parquet.SkipPageStatistics("input"), parquet.SkipPageStatistics("reading"), parquet.SkipPageStatistics("guid"), parquet.SkipPageStatistics("cell"))}
}

func (p *parquetWriter[T]) Write(rows []T) error {
	_, err := p.w.Write(rows)
	return err
}

func (p *parquetWriter[T]) Close() error { return p.w.Close() }
