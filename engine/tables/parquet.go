// Parquet: rows go to parquet-go's generic writer, zstd-compressed, and a
// row group is closed every RowGroupRows rows, so the writer holds at most
// one row group's pages however long the run. Encoding and compressing run
// on a goroutine of their own (async.go), beside the simulation. The writer
// is parquet_write.go; the web build has none (parquet_js.go).

package tables

// RowGroupRows is the number of rows in each Parquet row group (the last
// may hold fewer): large enough for good compression and fast scans, small
// enough that the pages of one group stay a few tens of MB.
const RowGroupRows = 1 << 20
