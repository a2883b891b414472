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

// recentSet remembers the last recentWindow keys it was given.
type recentSet struct {
	set  map[uint64]struct{}
	ring []uint64
	next int
}

func (r *recentSet) has(k uint64) bool {
	_, ok := r.set[k]
	return ok
}

func (r *recentSet) add(k uint64) {
	if r.set == nil {
		r.set = make(map[uint64]struct{}, recentWindow)
		r.ring = make([]uint64, 0, recentWindow)
	}
	if len(r.ring) < recentWindow {
		r.ring = append(r.ring, k)
	} else {
		delete(r.set, r.ring[r.next])
		r.ring[r.next] = k
		r.next = (r.next + 1) % recentWindow
	}
	r.set[k] = struct{}{}
}

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
	seen     recentSet // sequences of packets with fragments
	done     recentSet // blob ids of completed messages
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
		st.seen, st.done = recentSet{}, recentSet{}
	}
	if len(p.frags) > 0 {
		if st.seen.has(uint64(p.seq)) {
			if p.flags&flagRetransmission != 0 {
				ra.stats.Retransmits++
			} else {
				ra.stats.DuplicatePackets++
			}
			return out
		}
		if p.flags&flagRetransmission != 0 {
			ra.stats.RetransmitsUsed++
		}
		st.seen.add(uint64(p.seq))
	}
	for i := range p.frags {
		f := &p.frags[i]
		ra.stats.Fragments++
		id := uint64(f.id)<<32 | uint64(f.seq)
		if st.done.has(id) {
			ra.stats.DuplicateFragments++
			continue
		}
		if f.count == 1 {
			st.done.add(id)
			out = append(out, message{frame, ts, f.data})
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
		st.done.add(id)
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
	for id, pt := range st.partials {
		if now.Sub(pt.firstTS) > partialTimeout {
			ra.drop(st, id, pt, fmt.Sprintf("fragment missing after %v", partialTimeout))
		}
	}
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
	for id, pt := range st.partials {
		ra.drop(st, id, pt, why)
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
