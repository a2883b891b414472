// Data page headers, written by hand in Thrift's compact protocol: a states
// table has a page header per column per batch, and the generic (reflecting)
// Thrift encoder cost more per page than encoding the page's values. The
// fields are those of the Parquet format's PageHeader and DataPageHeaderV2;
// a test decodes them with the Parquet library's own Thrift decoder.

package tables

import "encoding/binary"

// Compact protocol field types.
const (
	thriftTrue   = 1
	thriftFalse  = 2
	thriftI32    = 5
	thriftI64    = 6
	thriftStruct = 12
)

// dataPageV2 is what a data page header (v2) says.
type dataPageV2 struct {
	uncompressed, compressed int32
	values, nulls            int32
	encoding                 int32
	defLength                int32
	compressedFlag           bool
}

// appendDataPageV2 appends h as a Thrift compact PageHeader whose type is
// DATA_PAGE_V2, with the page's null count as its statistics.
func appendDataPageV2(dst []byte, h *dataPageV2) []byte {
	dst = thriftI32Field(dst, 1, 3) // type: DATA_PAGE_V2
	dst = thriftI32Field(dst, 1, h.uncompressed)
	dst = thriftI32Field(dst, 1, h.compressed)
	dst = append(dst, 5<<4|thriftStruct) // field 8: data_page_header_v2
	dst = thriftI32Field(dst, 1, h.values)
	dst = thriftI32Field(dst, 1, h.nulls)
	dst = thriftI32Field(dst, 1, h.values) // num_rows: a flat table's rows are its values
	dst = thriftI32Field(dst, 1, h.encoding)
	dst = thriftI32Field(dst, 1, h.defLength)
	dst = thriftI32Field(dst, 1, 0) // repetition levels: none
	if h.compressedFlag {
		dst = append(dst, 1<<4|thriftTrue)
	} else {
		dst = append(dst, 1<<4|thriftFalse)
	}
	dst = append(dst, 1<<4|thriftStruct) // field 8: statistics
	dst = append(dst, 3<<4|thriftI64)    // field 3: null_count
	dst = binary.AppendVarint(dst, int64(h.nulls))
	dst = append(dst, 0)     // end of statistics
	return append(dst, 0, 0) // end of data_page_header_v2, of the page header
}

// thriftI32Field appends an i32 field delta fields after the previous one.
func thriftI32Field(dst []byte, delta byte, v int32) []byte {
	return binary.AppendVarint(append(dst, delta<<4|thriftI32), int64(v))
}
