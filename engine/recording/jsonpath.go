// JSON navigation: field names, the lookup of an object's known members,
// and the field path that names a node in error messages.

package recording

import (
	"fmt"
	"strconv"
	"strings"
)

// key returns the member key of node n, unescaped. The result is valid
// until the next call.
func (d *doc) key(n int32) []byte {
	nd := &d.nodes[n]
	raw := d.line[nd.keyStart:nd.keyEnd]
	if nd.keyFlags&strEsc == 0 {
		return raw
	}
	d.keyBuf = appendUnescaped(d.keyBuf[:0], raw)
	return d.keyBuf
}

// isNull reports whether node n is the literal null.
func (d *doc) isNull(n int32) bool {
	return d.nodes[n].lit == litNull
}

// fields finds the members of object obj named in names: slots[i] is the
// node of names[i], or -1. A member whose value is null counts as absent;
// unknown members are ignored. It returns the name of a known field given
// twice, or "".
func (d *doc) fields(obj int32, names []string, slots []int32) string {
	for i := range slots {
		slots[i] = -1
	}
	for c := d.nodes[obj].first; c >= 0; c = d.nodes[c].next {
		k := d.key(c)
		for i, name := range names {
			if string(k) != name {
				continue
			}
			if slots[i] >= 0 {
				return name
			}
			if !d.isNull(c) {
				slots[i] = c
			}
			break
		}
	}
	return ""
}

// path names node n as a field path below the top-level object, such as
// "entities[2].position.origin[1]".
func (d *doc) path(n int32) string {
	var chain []int32
	for c := n; c > 0; c = d.nodes[c].parent {
		chain = append(chain, c)
	}
	var b strings.Builder
	for i := len(chain) - 1; i >= 0; i-- {
		c := chain[i]
		if d.nodes[d.nodes[c].parent].kind == nodeArray {
			fmt.Fprintf(&b, "[%d]", d.nodes[c].index)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		nd := &d.nodes[c]
		raw := d.line[nd.keyStart:nd.keyEnd]
		if len(raw) == 0 || checkString(raw, nd.keyFlags&strEsc != 0) != "" {
			b.WriteString(strconv.Quote(string(raw)))
			continue
		}
		b.Write(appendUnescaped(nil, raw))
	}
	return b.String()
}
