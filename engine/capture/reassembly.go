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
// (rolling u32, as AC numbers packets and fragments) were seen: a bitmap
// sliding with the highest number seen. A number further back than the
// window is taken as not seen.
type seqWindow struct {
	init bool
	max  uint32
	bits [recentWindow / 64]uint64
	// sums are the content hashes of whole one-fragment messages, by slot
	// (blob-id windows only).
	sums []uint64
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

// addSum marks s seen with a message's content hash.
func (w *seqWindow) addSum(s uint32, sum uint64) {
	w.add(s)
	if w.has(s) {
		if w.sums == nil {
			w.sums = make([]uint64, recentWindow)
		}
		w.sums[s%recentWindow] = sum
	}
}

// hasSum says s was seen with this content hash.
func (w *seqWindow) hasSum(s uint32, sum uint64) bool {
	return w.has(s) && w.sums != nil && w.sums[s%recentWindow] == sum
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

// blobWindows remembers completed blob ids: a sequence window per id (ACE
// sends every fragment with id 0x80000000), the last one used cached.
type blobWindows struct {
	byID   map[uint32]*seqWindow
	lastID uint32
	last   *seqWindow
}

// maxBlobIDs bounds the distinct ids remembered; past it they are
// forgotten and start again.
const maxBlobIDs = 64

func (b *blobWindows) window(id uint32, create bool) *seqWindow {
	if b.last != nil && b.lastID == id {
		return b.last
	}
	w := b.byID[id]
	if w == nil {
		if !create {
			return nil
		}
		if b.byID == nil || len(b.byID) >= maxBlobIDs {
			b.byID = make(map[uint32]*seqWindow)
		}
		w = &seqWindow{}
		b.byID[id] = w
	}
	b.lastID, b.last = id, w
	return w
}

func (b *blobWindows) has(id, seq uint32) bool {
	w := b.window(id, false)
	return w != nil && w.has(seq)
}

func (b *blobWindows) add(id, seq uint32) { b.window(id, true).add(seq) }

func (b *blobWindows) hasSum(id, seq uint32, sum uint64) bool {
	w := b.window(id, false)
	return w != nil && w.hasSum(seq, sum)
}

func (b *blobWindows) addSum(id, seq uint32, sum uint64) { b.window(id, true).addSum(seq, sum) }

// partial is a message still missing fragments. Its storage follows the
// fragments received, not the count a header claims.
type partial struct {
	count      int
	have       []uint64 // bitmap of the indexes received
	frags      []indexed
	size       int
	firstFrame int
	firstTS    time.Time
}

type indexed struct {
	index int
	data  []byte
}

func (pt *partial) has(i int) bool { return pt.have[i/64]&(1<<(i%64)) != 0 }

// stream is one direction of one connection.
type stream struct {
	seen     seqWindow   // sequences of packets with fragments
	done     blobWindows // blob ids of completed messages
	partials map[uint64]*partial
}

func newStream() *stream { return &stream{partials: make(map[uint64]*partial)} }

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
		st.seen, st.done = seqWindow{}, blobWindows{}
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
			if repeated && st.done.hasSum(f.id, f.seq, sum) {
				ra.stats.DuplicateFragments++
				continue
			}
			st.done.addSum(f.id, f.seq, sum)
			out = append(out, message{frame, ts, f.data})
			continue
		}
		if st.done.has(f.id, f.seq) {
			ra.stats.DuplicateFragments++
			continue
		}
		if f.count > maxFragments {
			ra.stats.malformed(frame, fmt.Sprintf("AC fragment: count %d exceeds %d", f.count, maxFragments))
			continue
		}
		pt := st.partials[id]
		if pt == nil {
			if len(st.partials) >= maxPartials {
				ra.dropOldest(st)
			}
			pt = &partial{count: int(f.count), have: make([]uint64, (int(f.count)+63)/64), firstFrame: frame, firstTS: ts}
			st.partials[id] = pt
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
		pt.frags = append(pt.frags, indexed{int(f.index), append([]byte(nil), f.data...)})
		pt.size += len(f.data)
		if len(pt.frags) < pt.count {
			continue
		}
		sort.Slice(pt.frags, func(i, j int) bool { return pt.frags[i].index < pt.frags[j].index })
		data := make([]byte, 0, pt.size)
		for _, d := range pt.frags {
			data = append(data, d.data...)
		}
		delete(st.partials, id)
		st.done.add(f.id, f.seq)
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

// dropOldest drops the pending message that started first.
func (ra *reassembler) dropOldest(st *stream) {
	var oldest uint64
	var op *partial
	for id, pt := range st.partials {
		if op == nil || pt.firstFrame < op.firstFrame || (pt.firstFrame == op.firstFrame && id < oldest) {
			oldest, op = id, pt
		}
	}
	if op != nil {
		ra.drop(st, oldest, op, fmt.Sprintf("fragment missing (more than %d messages pending)", maxPartials))
	}
}

// dropAll drops every pending message (end of capture, new session).
func (ra *reassembler) dropAll(st *stream, why string) {
	for _, id := range sortedIDs(st.partials) {
		ra.drop(st, id, st.partials[id], why)
	}
}

func (ra *reassembler) drop(st *stream, id uint64, pt *partial, why string) {
	delete(st.partials, id)
	var missing []int
	for i := 0; i < pt.count && len(missing) < 16; i++ {
		if !pt.has(i) {
			missing = append(missing, i)
		}
	}
	opcode := ""
	for _, d := range pt.frags {
		if d.index == 0 && len(d.data) >= 4 {
			opcode = fmt.Sprintf(" (opcode 0x%04X)", binary.LittleEndian.Uint32(d.data))
		}
	}
	ra.stats.dropped(pt.firstFrame, fmt.Sprintf("message %08X:%08X%s: %s; missing fragment index %v of %d", uint32(id>>32), uint32(id), opcode, why, missing, pt.count))
}
