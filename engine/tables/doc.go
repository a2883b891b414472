// Package tables writes Glidepath's analysis tables, Tables v1
// (docs/formats.md): states (one row per object per tick), events (one row
// per Trace v1 event) and metrics (one row per input × reading × object), as
// CSV (.csv, .csv.gz) or Parquet (.parquet), the format chosen by the file's
// extension.
//
// The tables are for engines made for many rows (DuckDB, pandas, polars,
// Spark), where a trace's JSON Lines are for diffing. Writers take rows as a
// run streams them: Parquet is written in row groups of a bounded number of
// rows, so memory stays flat however long the run. A file appears under its
// name only when Close succeeds (written to a temporary file beside it, then
// renamed).
//
// The package knows nothing of the engine: the engine's sinks fill the rows.
package tables
