// CSV: RFC 4180 records with a header line. A field is quoted when it holds
// a comma, a quote, a line break or leading/trailing space, or is an empty
// string; null is the empty unquoted field, so readers that tell the two
// apart (DuckDB) see NULL and "" where the table has them.

package tables

import (
	"bufio"
	"compress/gzip"
	"io"
	"strconv"
)

// csvWriter writes rows of T as CSV to w (gzip-compressed when zw is set).
type csvWriter[T any, P interface {
	*T
	csvRow
}] struct {
	w   *bufio.Writer
	zw  *gzip.Writer
	buf []byte
}

func newCSVWriter[T any, P interface {
	*T
	csvRow
}](dst io.Writer, gz bool) (*csvWriter[T, P], error) {
	c := &csvWriter[T, P]{buf: make([]byte, 0, 1024)}
	if gz {
		// The fastest level: CSV rows repeat so much that it still packs
		// them about tenfold, at under half the default level's time.
		c.zw, _ = gzip.NewWriterLevel(dst, gzip.BestSpeed)
		dst = c.zw
	}
	c.w = bufio.NewWriterSize(dst, 64<<10)
	var zero T
	for i, h := range P(&zero).csvHeader() {
		if i > 0 {
			c.buf = append(c.buf, ',')
		}
		c.buf = csvString(c.buf, h)
	}
	c.buf = append(c.buf, '\n')
	_, err := c.w.Write(c.buf)
	return c, err
}

func (c *csvWriter[T, P]) Write(rows []T) error {
	for i := range rows {
		c.buf = P(&rows[i]).appendCSV(c.buf[:0])
		c.buf = append(c.buf, '\n')
		if _, err := c.w.Write(c.buf); err != nil {
			return err
		}
	}
	return nil
}

func (c *csvWriter[T, P]) Close() error {
	if err := c.w.Flush(); err != nil {
		return err
	}
	if c.zw != nil {
		return c.zw.Close()
	}
	return nil
}

// csvString appends s as a CSV field.
func csvString(b []byte, s string) []byte {
	if !needsQuote(s) {
		return append(b, s...)
	}
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			b = append(b, '"')
		}
		b = append(b, s[i])
	}
	return append(b, '"')
}

func needsQuote(s string) bool {
	if s == "" || s[0] == ' ' || s[0] == '\t' || s[len(s)-1] == ' ' || s[len(s)-1] == '\t' {
		return true
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ',', '"', '\n', '\r':
			return true
		}
	}
	return false
}

func csvStringPtr(b []byte, s *string) []byte {
	if s == nil {
		return b
	}
	return csvString(b, *s)
}

// csvFloat appends v in the shortest form that reads back as the same
// float64, so a CSV and a Parquet table of the same run hold equal values.
func csvFloat(b []byte, v float64) []byte { return strconv.AppendFloat(b, v, 'g', -1, 64) }

func csvFloatPtr(b []byte, v *float64) []byte {
	if v == nil {
		return b
	}
	return csvFloat(b, *v)
}
