// Runs SQL against Glidepath's tables with DuckDB through its Node.js API
// (npm install @duckdb/node-api@1.5.6-r.1), for machines without the duckdb
// command line; prints each result as an aligned table. docs/analysis.md's
// outputs were made with it.
//
//   node scripts/duckdb-query.mjs "SELECT count(*) FROM 'states.parquet'"
//   node scripts/duckdb-query.mjs < queries.sql   (statements separated by ;)
import { DuckDBInstance } from '@duckdb/node-api';
import { readFileSync } from 'node:fs';

const text = process.argv[2] ?? readFileSync(0, 'utf8');
const statements = text.split(/;\s*(?:\n|$)/).map((s) => s.trim()).filter((s) => s && !/^(--[^\n]*\n?)*$/.test(s));
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
for (const sql of statements) {
  const result = await con.runAndReadAll(sql);
  const names = result.columnNames();
  const rows = result.getRowsJS().map((r) => r.map(show));
  if (names.length === 0) continue;
  const width = names.map((n, i) => Math.max(n.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (/^-?[\d.e+-]+$/.test(c) ? c.padStart(width[i]) : c.padEnd(width[i]))).join(' | ').trimEnd();
  console.log(line(names));
  console.log(width.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.log(line(r));
  console.log(`(${rows.length} row${rows.length === 1 ? '' : 's'})\n`);
}

function show(v) {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.round(v * 1000) / 1000);
  if (typeof v === 'bigint') return v.toString();
  return String(v);
}
