// CSV rows: a client trace as comma-separated values with a header row
// naming the columns (tick or t, guid, cell, x, y, z, and optionally
// heading, queue, contact, branch, in any order; other columns are ignored).

package clienttrace

import (
	"bytes"
	"strconv"
	"strings"
)

// Column indices of a CSV layout.
const (
	colTick = iota
	colT
	colGUID
	colCell
	colX
	colY
	colZ
	colHeading
	colQueue
	colContact
	colBranch
	numCols
)

var colNames = [numCols]string{"tick", "t", "guid", "cell", "x", "y", "z", "heading", "queue", "contact", "branch"}

// csvLayout maps the known columns to their positions in a row (−1: absent).
type csvLayout struct {
	at     [numCols]int
	fields int
	// cells is the scratch split of one row.
	cells [][]byte
}

// parseCSVHeader reads the header row.
func parseCSVHeader(line []byte, l *csvLayout) (field, problem string) {
	for i := range l.at {
		l.at[i] = -1
	}
	names := bytes.Split(line, []byte{','})
	l.fields = len(names)
	for i, n := range names {
		name := strings.ToLower(strings.TrimSpace(strings.Trim(strings.TrimSpace(string(n)), `"`)))
		for c, want := range colNames {
			if name == want {
				if l.at[c] >= 0 {
					return "header", "column " + strconv.Quote(name) + " given twice"
				}
				l.at[c] = i
			}
		}
	}
	switch {
	case l.at[colTick] >= 0 && l.at[colT] >= 0:
		return "header", `give a "tick" or a "t" column, not both`
	case l.at[colTick] < 0 && l.at[colT] < 0:
		return "header", `no "tick" (or "t") column: want a header row such as tick,guid,cell,x,y,z`
	}
	for _, c := range []int{colGUID, colCell, colX, colY, colZ} {
		if l.at[c] < 0 {
			return "header", "no " + strconv.Quote(colNames[c]) + " column: want a header row such as tick,guid,cell,x,y,z"
		}
	}
	return "", ""
}

// decodeCSV decodes one data row into rec.
func decodeCSV(s *scanner, l *csvLayout, line []byte, rec *record) {
	*rec = record{kind: recordRow}
	l.cells = l.cells[:0]
	for {
		i := bytes.IndexByte(line, ',')
		if i < 0 {
			l.cells = append(l.cells, cell(line))
			break
		}
		l.cells = append(l.cells, cell(line[:i]))
		line = line[i+1:]
	}
	if len(l.cells) != l.fields {
		s.fail("csv", "want "+strconv.Itoa(l.fields)+" fields as the header row names, got "+strconv.Itoa(len(l.cells)))
		return
	}
	get := func(c int) []byte {
		if l.at[c] < 0 {
			return nil
		}
		return l.cells[l.at[c]]
	}
	r := &rec.row
	if tok := get(colTick); l.at[colTick] >= 0 {
		n, ok := parseTick(tok)
		if !ok {
			s.fail("tick", "want an integer from 0 to "+strconv.Itoa(MaxTick)+", got "+quoteToken(tok))
			return
		}
		r.Tick = n
	} else {
		tok := get(colT)
		v, ok := parseNumber(tok)
		if !ok || !(v >= 0 && v <= MaxSeconds) {
			s.fail("t", "want seconds from 0 to "+strconv.Itoa(MaxSeconds)+", got "+quoteToken(tok))
			return
		}
		r.T, r.HasT = v, true
	}
	var ok bool
	if r.GUID, ok = parseID(get(colGUID)); !ok {
		s.fail("guid", `want "0x" and 1 to 8 hex digits, got `+quoteToken(get(colGUID)))
		return
	}
	if r.Cell, ok = parseID(get(colCell)); !ok {
		s.fail("cell", `want "0x" and 1 to 8 hex digits, got `+quoteToken(get(colCell)))
		return
	}
	for k, c := range [3]int{colX, colY, colZ} {
		if r.Origin[k], ok = float32Of(get(c)); !ok {
			s.fail(colNames[c], notANumber(get(c), 32))
			return
		}
	}
	if tok := get(colHeading); len(tok) > 0 {
		if r.Heading, ok = float32Of(tok); !ok {
			s.fail("heading", notANumber(tok, 32))
			return
		}
		r.HasHeading = true
	}
	if tok := get(colQueue); len(tok) > 0 {
		n, ok := parseTick(tok)
		if !ok || n > MaxQueue {
			s.fail("queue", "want a node count from 0 to "+strconv.Itoa(MaxQueue)+", got "+quoteToken(tok))
			return
		}
		r.Queue, r.HasQueue = n, true
	}
	if tok := get(colContact); len(tok) > 0 {
		switch string(tok) {
		case "true", "1":
			r.Contact = true
		case "false", "0":
		default:
			s.fail("contact", "want true, false, 1 or 0, got "+quoteToken(tok))
			return
		}
		r.HasContact = true
	}
	if tok := get(colBranch); len(tok) > 0 {
		if r.Branch, ok = parseBranch(tok); !ok {
			s.fail("branch", "unknown branch "+strconv.Quote(string(tok))+" (want one of "+branchList()+")")
			return
		}
		r.HasBranch = true
	}
}

// cell trims a field's spaces and surrounding double quotes.
func cell(b []byte) []byte {
	b = bytes.TrimSpace(b)
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' {
		b = b[1 : len(b)-1]
	}
	return b
}
