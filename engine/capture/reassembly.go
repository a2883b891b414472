// Reassembly: AC packets of one direction of one connection into whole game
// messages. Retransmitted packets (flag 0x1) whose original was seen are
// dropped; blob fragments are gathered by blob id (fragment sequence and id,
// aclogview PCapReader.readMessageData; ACE NetworkSession.ProcessFragment
// keys the same fragments by sequence) and joined by index once all count
// of them arrived, in any order, ignoring duplicates. A message with a
// missing fragment is dropped and counted, never guessed: after
// partialTimeout of capture time, when too many are pending, or at the end.

package capture

import (
	"encoding/binary"
	"fmt"
	"sort"
	"time"
)

// Bounds that keep memory independent of the capture's length.
const (
	// recentWindow is how many packet sequences and completed blob ids a
	// stream remembers for de-duplication.
	recentWindow = 4096
	// maxPartials bounds incomplete messages pending on one stream.
	maxPartials = 1024
	// maxFragments bounds one message's fragment count (4096 × 448 bytes
	// ≈ 1.8 MB; ACE PacketFragment.MaxFragmentDataSize is 448).
	maxFragments = 4096
	// partialTimeout is how long (capture time) a message waits for its
	// missing fragments; ACE retransmits within a second or two.
	partialTimeout = 10 * time.Second
)

// seqWindow remembers which of the last recentWindow sequence numbers
// (rolling u32, as AC numbers packets) were seen: a bitmap sliding with the
// highest number seen. A number further back than the window is taken as
// not seen.
type seqWindow struct {
	init bool
	max  uint32
	bits [recentWindow / 64]uint64
}

func (w *seqWindow) slot(s uint32) (int, uint64) {
	i := int(s % recentWindow)
	return i / 64, 1 << (i % 64)
}

func (w *seqWindow) has(s uint32) bool {
	if !w.init || int32(s-w.max) > 0 || w.max-s >= recentWindow {
		return false
	}
	i, b := w.slot(s)
	return w.bits[i]&b != 0
}

func (w *seqWindow) add(s uint32) {
	switch d := int32(s - w.max); {
	case !w.init || d >= recentWindow || d <= -recentWindow*4:
		// First number, or a jump: start the window again.
		w.bits = [recentWindow / 64]uint64{}
		w.max, w.init = s, true
	case d > 0:
		for n := w.max + 1; n != s; n++ {
			i, b := w.slot(n)
			w.bits[i] &^= b
		}
		w.max = s
	case w.max-s >= recentWindow:
		return
	}
	i, b := w.slot(s)
	w.bits[i] |= b
}

// contentSum is a message's identity for de-duplication: FNV-1a's
// constants applied to 8 bytes at a time (a message is read once per
// import, so this runs per message).
func contentSum(b []byte) uint64 {
	h := uint64(14695981039346656037) ^ uint64(len(b))
	for len(b) >= 8 {
		h = (h ^ binary.LittleEndian.Uint64(b)) * 1099511628211
		h ^= h >> 29
		b = b[8:]
	}
	for _, c := range b {
		h = (h ^ uint64(c)) * 1099511628211
	}
	return h
}

// doneSet remembers the blob ids (fragment sequence and id, the 64-bit key
// aclogview reads) of the last recentWindow messages completed on a
// stream, with the content hash of those that came whole in one fragment.
// Its memory and its cost per message are fixed whatever the ids look
// like: ACE's single id 0x80000000 with a sequence per message, an id per
// message, random ids or ids reused as they wrap all cost one ring entry
// and one hash-table probe. The oldest entry makes room for the newest.
type doneSet struct {
	ring []doneEntry // recentWindow entries, oldest at next once full
	next int
	// table is the hash index, open addressing with linear probing: 0 is
	// empty, else the entry's home slot << 16 | its ring index + 1 (the
	// home kept so that probing and deletion read the ring only for a
	// likely match).
	table []uint32
}

type doneEntry struct {
	key    uint64
	sum    uint64
	hasSum bool
	used   bool
}

// doneTableSize is the hash table's size: twice the entries, a power of 2
// (its slots and the ring's indexes fit 16 bits each).
const doneTableSize = 2 * recentWindow

func doneHash(key uint64) int {
	key ^= key >> 33
	key *= 0xff51afd7ed558ccd
	key ^= key >> 33
	return int(key & (doneTableSize - 1))
}

// slot returns the table slot of key, or -1.
func (d *doneSet) slot(key uint64) int {
	if d.table == nil {
		return -1
	}
	home := doneHash(key)
	for h := home; ; h = (h + 1) & (doneTableSize - 1) {
		v := d.table[h]
		if v == 0 {
			return -1
		}
		if int(v>>16) == home && d.ring[v&0xFFFF-1].key == key {
			return h
		}
	}
}

// find returns the ring index of key, or -1.
func (d *doneSet) find(key uint64) int {
	h := d.slot(key)
	if h < 0 {
		return -1
	}
	return int(d.table[h]&0xFFFF - 1)
}

// has says the message key was completed recently.
func (d *doneSet) has(key uint64) bool { return d.slot(key) >= 0 }

// hasSum says the message key was completed recently, whole in one
// fragment, with this content hash.
func (d *doneSet) hasSum(key, sum uint64) bool {
	i := d.find(key)
	return i >= 0 && d.ring[i].hasSum && d.ring[i].sum == sum
}

// add records the completed message key (with its content hash when
// hasSum); a key already there takes the new hash.
func (d *doneSet) add(key, sum uint64, hasSum bool) {
	if i := d.find(key); i >= 0 {
		d.ring[i].sum, d.ring[i].hasSum = sum, hasSum
		return
	}
	if d.ring == nil {
		d.ring = make([]doneEntry, recentWindow)
		d.table = make([]uint32, doneTableSize)
	}
	if old := &d.ring[d.next]; old.used {
		// Its slot is the one from its home on that holds its ring index:
		// found in the table alone.
		for h := doneHash(old.key); d.table[h] != 0; h = (h + 1) & (doneTableSize - 1) {
			if d.table[h]&0xFFFF == uint32(d.next+1) {
				d.remove(h)
				break
			}
		}
	}
	d.ring[d.next] = doneEntry{key: key, sum: sum, hasSum: hasSum, used: true}
	home := doneHash(key)
	h := home
	for d.table[h] != 0 {
		h = (h + 1) & (doneTableSize - 1)
	}
	d.table[h] = uint32(home)<<16 | uint32(d.next+1)
	d.next = (d.next + 1) % recentWindow
}

// remove empties table slot h, shifting back the entries after it that
// probed past it (deletion without tombstones).
func (d *doneSet) remove(h int) {
	const mask = doneTableSize - 1
	for j := (h + 1) & mask; d.table[j] != 0; j = (j + 1) & mask {
		// The entry at j may move to the hole at h when its home slot is
		// not in (h, j] (cyclically).
		home := int(d.table[j] >> 16)
		if (j > h && (home <= h || home > j)) || (j < h && home <= h && home > j) {
			d.table[h] = d.table[j]
			h = j
		}
	}
	d.table[h] = 0
}

// reset forgets everything (a new session), keeping the storage.
func (d *doneSet) reset() {
	clear(d.ring)
	clear(d.table)
	d.next = 0
}

// partial is a message still missing fragments. Its storage follows the
// fragments received, not the count a header claims: their bytes are
// appended to one buffer as they come, each fragment's place in it kept.
type partial struct {
	count      int
	have       []uint64 // bitmap of the indexes received
	buf        []byte   // the fragments' data, in arrival order
	spans      []span   // where each fragment's data is in buf
	inOrder    bool     // every fragment so far came in index order
	firstFrame int
	firstTS    time.Time
}

type span struct{ index, off, n int }

func (pt *partial) has(i int) bool { return pt.have[i/64]&(1<<(i%64)) != 0 }

// data is fragment k's bytes (k in arrival order).
func (pt *partial) data(k int) []byte {
	sp := pt.spans[k]
	return pt.buf[sp.off : sp.off+sp.n]
}

// stream is one direction of one connection.
type stream struct {
	seen     seqWindow // sequences of packets with fragments
	done     doneSet   // blob ids of completed messages
	partials map[uint64]*partial
	// last is the partial of lastID (the message the previous fragment
	// belonged to: a message's fragments come in runs), or nil.
	lastID uint64
	last   *partial
	free   []*partial // finished partials, their storage kept for reuse
	// order lists the partials as they were started (so by first frame),
	// from head on; an entry whose partial is gone is skipped.
	order []started
	head  int
}

type started struct {
	id    uint64
	frame int
	pt    *partial
}

// pending says e is still a pending message.
func (st *stream) pending(e *started) bool {
	return st.partials[e.id] == e.pt && e.pt.firstFrame == e.frame
}

func newStream() *stream { return &stream{partials: make(map[uint64]*partial)} }

// partialOf is the pending message id, or nil.
func (st *stream) partialOf(id uint64) *partial {
	if st.last != nil && st.lastID == id {
		return st.last
	}
	pt := st.partials[id]
	if pt != nil {
		st.lastID, st.last = id, pt
	}
	return pt
}

// newPartial starts pending message id of count fragments.
func (st *stream) newPartial(id uint64, count, frame int, ts time.Time) *partial {
	var pt *partial
	if n := len(st.free); n > 0 {
		pt, st.free = st.free[n-1], st.free[:n-1]
	} else {
		pt = &partial{}
	}
	words := (count + 63) / 64
	if cap(pt.have) < words {
		pt.have = make([]uint64, words)
	} else {
		pt.have = pt.have[:words]
		clear(pt.have)
	}
	pt.count, pt.buf, pt.spans, pt.inOrder = count, pt.buf[:0], pt.spans[:0], true
	pt.firstFrame, pt.firstTS = frame, ts
	st.partials[id] = pt
	st.lastID, st.last = id, pt
	if n := len(st.order) - st.head; n >= 4*maxPartials || (st.head >= maxPartials && st.head >= n) {
		// Most entries are of messages long complete, or the front is
		// mostly passed: keep the pending ones, from the start.
		kept := st.order[:0]
		for _, e := range st.order[st.head:] {
			if st.pending(&e) {
				kept = append(kept, e)
			}
		}
		clear(st.order[len(kept):])
		st.order, st.head = kept, 0
	}
	st.order = append(st.order, started{id, frame, pt})
	return pt
}

// remove ends pending message id; its storage is kept for the next unless
// keepBuf is false (its buffer was handed on as a message).
func (st *stream) remove(id uint64, pt *partial, keepBuf bool) {
	delete(st.partials, id)
	if st.last == pt {
		st.last = nil
	}
	if !keepBuf || cap(pt.buf) > 64<<10 {
		pt.buf = nil // not kept: handed on, or too big to hold on to
	}
	if len(st.free) < 16 {
		st.free = append(st.free, pt)
	}
}

// message is one whole game message.
type message struct {
	frame int
	ts    time.Time
	data  []byte
}

// reassembler turns packets into messages for one stream, reporting
// problems into stats.
type reassembler struct {
	stats     *Summary
	lastSweep time.Time
}

// packet feeds one packet of st; complete messages are appended to out
// (their data may alias the packet for single-fragment messages).
func (ra *reassembler) packet(st *stream, p *packet, frame int, ts time.Time, out []message) []message {
	if p.flags&flagConnectRequest != 0 {
		// A new session restarts the sequences.
		ra.dropAll(st, "session restarted before the message completed")
		st.seen = seqWindow{}
		st.done.reset()
	}
	// A retransmission (flag 0x1) of a packet already seen is dropped
	// whole. A packet without the flag is read even when its sequence was
	// seen (a writer may not number its packets); its fragments are then
	// checked one by one against the messages already complete.
	repeated := false
	if len(p.frags) > 0 {
		repeated = st.seen.has(p.seq)
		retransmit := p.flags&flagRetransmission != 0
		switch {
		case repeated && retransmit:
			ra.stats.Retransmits++
			return out
		case repeated:
			ra.stats.DuplicatePackets++
		case retransmit:
			ra.stats.RetransmitsUsed++
		}
		st.seen.add(p.seq)
	}
	for i := range p.frags {
		f := &p.frags[i]
		ra.stats.Fragments++
		id := uint64(f.id)<<32 | uint64(f.seq)
		if f.count == 1 {
			// A whole message in one fragment: in a repeated packet it is
			// a duplicate when its blob id and its bytes were seen — blob
			// ids are unique in retail and ACE, but a writer that reuses
			// them must not lose messages.
			sum := contentSum(f.data)
			if repeated && st.done.hasSum(id, sum) {
				ra.stats.DuplicateFragments++
				continue
			}
			st.done.add(id, sum, true)
			out = append(out, message{frame, ts, f.data})
			continue
		}
		if st.done.has(id) {
			ra.stats.DuplicateFragments++
			continue
		}
		if f.count > maxFragments {
			ra.stats.malformed(frame, fmt.Sprintf("AC fragment: count %d exceeds %d", f.count, maxFragments))
			continue
		}
		pt := st.partialOf(id)
		if pt == nil {
			if len(st.partials) >= maxPartials {
				ra.dropOldest(st)
			}
			pt = st.newPartial(id, int(f.count), frame, ts)
		}
		if int(f.count) != pt.count {
			ra.stats.malformed(frame, fmt.Sprintf("AC fragment: count %d, earlier fragments of the message said %d", f.count, pt.count))
			continue
		}
		if pt.has(int(f.index)) {
			ra.stats.DuplicateFragments++
			continue
		}
		pt.have[f.index/64] |= 1 << (f.index % 64)
		if int(f.index) != len(pt.spans) {
			pt.inOrder = false
		}
		pt.spans = append(pt.spans, span{int(f.index), len(pt.buf), len(f.data)})
		pt.buf = append(pt.buf, f.data...)
		if len(pt.spans) < pt.count {
			continue
		}
		var data []byte
		if pt.inOrder {
			data = pt.buf
		} else {
			sort.Slice(pt.spans, func(i, j int) bool { return pt.spans[i].index < pt.spans[j].index })
			data = make([]byte, 0, len(pt.buf))
			for k := range pt.spans {
				data = append(data, pt.data(k)...)
			}
		}
		st.remove(id, pt, !pt.inOrder)
		st.done.add(id, 0, false)
		out = append(out, message{frame, ts, data})
	}
	if ts.Sub(ra.lastSweep) > time.Second {
		ra.lastSweep = ts
		ra.sweep(st, ts)
	}
	return out
}

// sweep drops messages that waited longer than partialTimeout.
func (ra *reassembler) sweep(st *stream, now time.Time) {
	for _, id := range sortedIDs(st.partials) {
		if pt := st.partials[id]; now.Sub(pt.firstTS) > partialTimeout {
			ra.drop(st, id, pt, fmt.Sprintf("fragment missing after %v", partialTimeout))
		}
	}
}

// sortedIDs lists the pending messages in blob-id order, so that what is
// dropped is listed in the same order every time.
func sortedIDs(m map[uint64]*partial) []uint64 {
	ids := make([]uint64, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}

// dropOldest drops the pending message that started first (the lowest
// blob id among those that started in the same frame): the front of the
// start order, past the entries of messages already gone.
func (ra *reassembler) dropOldest(st *stream) {
	for st.head < len(st.order) && !st.pending(&st.order[st.head]) {
		st.order[st.head] = started{}
		st.head++
	}
	if st.head == len(st.order) {
		return
	}
	oldest := st.order[st.head]
	for i := st.head + 1; i < len(st.order) && st.order[i].frame == oldest.frame; i++ {
		if e := st.order[i]; e.id < oldest.id && st.pending(&e) {
			oldest = e
		}
	}
	ra.drop(st, oldest.id, oldest.pt, tooManyPending)
}

var tooManyPending = fmt.Sprintf("fragment missing (more than %d messages pending)", maxPartials)

// dropAll drops every pending message (end of capture, new session).
func (ra *reassembler) dropAll(st *stream, why string) {
	for _, id := range sortedIDs(st.partials) {
		ra.drop(st, id, st.partials[id], why)
	}
	clear(st.order)
	st.order, st.head = st.order[:0], 0
}

func (ra *reassembler) drop(st *stream, id uint64, pt *partial, why string) {
	if len(ra.stats.Dropped) >= maxListed {
		// Counted only: the summary lists the first maxListed.
		ra.stats.DroppedCount++
		st.remove(id, pt, true)
		return
	}
	var missing []int
	for i := 0; i < pt.count && len(missing) < 16; i++ {
		if !pt.has(i) {
			missing = append(missing, i)
		}
	}
	opcode := ""
	for k, sp := range pt.spans {
		if d := pt.data(k); sp.index == 0 && len(d) >= 4 {
			opcode = fmt.Sprintf(" (opcode 0x%04X)", binary.LittleEndian.Uint32(d))
		}
	}
	ra.stats.dropped(pt.firstFrame, fmt.Sprintf("message %08X:%08X%s: %s; missing fragment index %v of %d", uint32(id>>32), uint32(id), opcode, why, missing, pt.count))
	st.remove(id, pt, true)
}
