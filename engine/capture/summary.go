// Summary: what an import read, used, skipped and could not read — the
// figures `viewer import` prints (as text, or as JSON with -json).

package capture

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"glidepath/internal/plural"
)

// maxListed bounds the dropped and malformed lists; their counts go on.
const maxListed = 1000

// Problem is one frame that could not be used, or one message that was
// dropped, with the frame it started in (1-based, as Wireshark numbers
// frames).
type Problem struct {
	Frame   int    `json:"frame"`
	Problem string `json:"problem"`
}

// Count is a count of something named.
type Count struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// Summary is what an import read and did.
type Summary struct {
	File string `json:"file"`
	// Outputs are the recordings an import wrote: one, or several pieces
	// when the capture holds more events than one recording may.
	Outputs []string `json:"outputs,omitempty"`
	Format  string   `json:"format"` // pcap or pcapng

	Frames    int `json:"frames"`
	Datagrams int `json:"udp_datagrams"`
	NotIPv4   int `json:"frames_not_ipv4"`
	NotUDP    int `json:"frames_not_udp"`
	// OtherPorts counts UDP datagrams on no AC server port.
	OtherPorts         int     `json:"udp_other_ports"`
	UnknownLinkTypes   []Count `json:"unknown_link_types,omitempty"`
	IPFragments        int     `json:"ip_fragments"`
	IPReassembled      int     `json:"ip_reassembled"`
	IPFragmentsDropped int     `json:"ip_fragments_dropped"`

	// Client is the client endpoint followed; OtherClients counts AC
	// packets of other clients, which were skipped.
	Client       string `json:"client,omitempty"`
	OtherClients int    `json:"other_client_packets"`

	ACPackets        int `json:"ac_packets"`
	ClientPackets    int `json:"ac_packets_client_to_server"`
	Retransmits      int `json:"retransmits_dropped"`
	RetransmitsUsed  int `json:"retransmits_used"`
	DuplicatePackets int `json:"duplicate_packets"`
	// SizeMismatch counts AC packets whose header size is smaller than
	// the datagram (read to the datagram's end).
	SizeMismatch       int `json:"ac_size_smaller_than_datagram"`
	Fragments          int `json:"fragments"`
	DuplicateFragments int `json:"duplicate_fragments"`

	Messages int `json:"messages"`
	// Census counts every message of both directions in the three opcode
	// spaces the public corpus's manifest.json counts (its opcode_census):
	// "s2c/bare/F748" a top-level opcode, "s2c/event/01C0" a game event
	// inside 0xF7B0 (the sub-type at offset 12), "c2s/action/F61C" a game
	// action inside 0xF7B1 (the sub-type at offset 8); the envelopes
	// themselves are not counted as bare.
	Census map[string]int `json:"opcode_census"`
	// TruthFrom is what each -truth-from capture gave (truth.go).
	TruthFrom []TruthFrom `json:"truth_from,omitempty"`
	ByOpcode  []Count     `json:"messages_by_opcode"`
	Movements []Count     `json:"motion_movement_types"`
	// CreateMovements counts the CreateObject movement blocks by movement
	// type.
	CreateMovements []Count `json:"create_movement_types,omitempty"`
	// Commands outside what a motion event can carry, and action-list
	// entries (decoded, counted, not yet carried by Recording v1).
	MotionCommands []Count `json:"motion_commands_not_carried,omitempty"`
	Actions        int     `json:"motion_actions"`
	// RawReencoded counts UpdatePosition messages whose raw bytes, written
	// again from the decoded message, differ from the wire (an explicit
	// zero quaternion component, alignment padding).
	RawReencoded int `json:"raw_reencoded_differently"`

	Player string `json:"player,omitempty"`
	// PlayerRule says how the player was chosen (player.go): "option"
	// (-player), "player_create" (PlayerCreate 0xF746), "client_position"
	// (the first object whose position was the client's own), or "none".
	PlayerRule string `json:"player_rule"`
	Objects    int    `json:"objects"`
	// HeldItems counts the objects created held by another (a PhysicsDesc
	// parent); Statics the objects created static (part of the world).
	HeldItems int `json:"held_items"`
	Statics   int `json:"statics"`
	// HeaderEntities counts the objects created at t = 0, which the
	// header lists instead of create events.
	HeaderEntities int     `json:"header_entities"`
	Events         []Count `json:"events_by_type"`
	Skipped        []Count `json:"skipped"`

	// Start is the capture time of the first server frame (RFC 3339,
	// UTC); Span is the time from it to the last event (s).
	Start string  `json:"start,omitempty"`
	Span  float64 `json:"span_seconds"`

	// TimeHeld counts events whose frame was stamped earlier than the
	// previous event's; they keep the previous time.
	TimeHeld int `json:"time_held"`

	DroppedCount   int       `json:"dropped_messages"`
	Dropped        []Problem `json:"dropped"`
	MalformedCount int       `json:"malformed"`
	Malformed      []Problem `json:"malformed_frames"`
	// DroppedByReason and MalformedByReason group the same items by
	// reason (the text without its numbers, reasons.go), the commonest
	// first, each with its count and first five frames.
	DroppedByReason   []ProblemGroup `json:"dropped_by_reason"`
	MalformedByReason []ProblemGroup `json:"malformed_by_reason"`

	opcodes   map[uint32]int
	movements map[string]int
	// createMovements counts CreateObject movement blocks by type.
	createMovements map[string]int
	commands        map[string]int
	events          map[string]int
	skipped         map[string]int
	links           map[int]int

	droppedWhy, malformedWhy reasons
}

func newSummary(file string) *Summary {
	return &Summary{
		File: file, Census: map[string]int{}, opcodes: map[uint32]int{}, movements: map[string]int{}, createMovements: map[string]int{}, commands: map[string]int{},
		events: map[string]int{}, skipped: map[string]int{}, links: map[int]int{},
		Dropped: []Problem{}, Malformed: []Problem{},
		droppedWhy: reasons{}, malformedWhy: reasons{},
	}
}

func (s *Summary) malformed(frame int, why string) {
	s.MalformedCount++
	s.malformedWhy.add(frame, why)
	if len(s.Malformed) < maxListed {
		s.Malformed = append(s.Malformed, Problem{frame, why})
	}
}

func (s *Summary) dropped(frame int, why string) {
	s.DroppedCount++
	s.droppedWhy.add(frame, why)
	if len(s.Dropped) < maxListed {
		s.Dropped = append(s.Dropped, Problem{frame, why})
	}
}

func (s *Summary) unknownLink(t int) { s.links[t]++ }

// maxOpcodes bounds the distinct opcodes counted one by one (damaged
// messages can claim any); the rest are counted under opcodeOther.
const (
	maxOpcodes  = 1024
	opcodeOther = 0xFFFFFFFF
)

func (s *Summary) countOpcode(op uint32) {
	if _, ok := s.opcodes[op]; !ok && len(s.opcodes) >= maxOpcodes {
		op = opcodeOther
	}
	s.opcodes[op]++
}

func (s *Summary) skip(why string) { s.skipped[why]++ }

// census counts one message, of the server (s2c) or the client, in its
// opcode space (Summary.Census).
func (s *Summary) census(s2c bool, data []byte) {
	if len(data) < 4 {
		return
	}
	dir := "c2s"
	if s2c {
		dir = "s2c"
	}
	op := binary.LittleEndian.Uint32(data)
	space := "bare"
	switch {
	case s2c && op == opGameEvent:
		if len(data) < 16 {
			return
		}
		space, op = "event", binary.LittleEndian.Uint32(data[12:])
	case !s2c && op == opGameAction:
		if len(data) < 12 {
			return
		}
		space, op = "action", binary.LittleEndian.Uint32(data[8:])
	}
	key := fmt.Sprintf("%s/%s/%04X", dir, space, op)
	if _, ok := s.Census[key]; !ok && len(s.Census) >= maxOpcodes {
		key = dir + "/" + space + "/other"
	}
	s.Census[key]++
}

// finish turns the counting maps into sorted lists.
func (s *Summary) finish() {
	s.ByOpcode = s.ByOpcode[:0]
	ops := make([]uint32, 0, len(s.opcodes))
	for op := range s.opcodes {
		ops = append(ops, op)
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i] < ops[j] })
	for _, op := range ops {
		s.ByOpcode = append(s.ByOpcode, Count{opcodeName(op), s.opcodes[op]})
	}
	s.Movements = sortedCounts(s.movements)
	s.CreateMovements = sortedCounts(s.createMovements)
	s.MotionCommands = sortedCounts(s.commands)
	s.Events = sortedCounts(s.events)
	s.Skipped = sortedCounts(s.skipped)
	s.DroppedByReason = s.droppedWhy.list()
	s.MalformedByReason = s.malformedWhy.list()
	s.UnknownLinkTypes = s.UnknownLinkTypes[:0]
	links := make([]int, 0, len(s.links))
	for l := range s.links {
		links = append(links, l)
	}
	sort.Ints(links)
	for _, l := range links {
		s.UnknownLinkTypes = append(s.UnknownLinkTypes, Count{fmt.Sprintf("LINKTYPE %d", l), s.links[l]})
	}
	// Messages are dropped in map order (timeouts, the end): sort fully so
	// the summary is the same every time.
	sort.Slice(s.Dropped, func(i, j int) bool {
		a, b := s.Dropped[i], s.Dropped[j]
		return a.Frame < b.Frame || (a.Frame == b.Frame && a.Problem < b.Problem)
	})
}

func sortedCounts(m map[string]int) []Count {
	out := make([]Count, 0, len(m))
	for k, v := range m {
		// A count taken back to 0 (an event moved into the header, a
		// held update given up) names nothing that happened.
		if v != 0 {
			out = append(out, Count{k, v})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// WriteJSON writes the summary as one indented JSON object.
func (s *Summary) WriteJSON(w io.Writer) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// WriteText writes the summary for a person.
func (s *Summary) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s): %s, %s (%d on other ports), %d not IPv4, %d not UDP\n",
		s.File, s.Format, plural.Count(s.Frames, "frame"), plural.Count(s.Datagrams, "UDP datagram"), s.OtherPorts, s.NotIPv4, s.NotUDP)
	if s.IPFragments > 0 {
		fmt.Fprintf(&b, "IP fragments: %d, datagrams reassembled: %d, dropped: %d\n", s.IPFragments, s.IPReassembled, s.IPFragmentsDropped)
	}
	for _, c := range s.UnknownLinkTypes {
		fmt.Fprintf(&b, "frames of unread link type %s: %d\n", c.Name, c.Count)
	}
	if s.Client != "" {
		fmt.Fprintf(&b, "client: %s", s.Client)
		if s.OtherClients > 0 {
			fmt.Fprintf(&b, " (%s of other clients skipped)", plural.Count(s.OtherClients, "packet"))
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "AC packets: %d server→client, %d client→server; retransmissions dropped %d, used %d; duplicate packets %d\n",
		s.ACPackets, s.ClientPackets, s.Retransmits, s.RetransmitsUsed, s.DuplicatePackets)
	fmt.Fprintf(&b, "fragments: %d (%s); messages: %d\n", s.Fragments, plural.Count(s.DuplicateFragments, "duplicate"), s.Messages)
	for _, c := range s.ByOpcode {
		fmt.Fprintf(&b, "  %-34s %d\n", c.Name, c.Count)
	}
	writeCounts(&b, "UpdateMotion movement types", s.Movements)
	writeCounts(&b, "CreateObject movement types", s.CreateMovements)
	writeCounts(&b, "motion commands a motion event cannot carry", s.MotionCommands)
	if s.Actions > 0 {
		fmt.Fprintf(&b, "motion action-list entries decoded: %d (those a motion event cannot carry are counted above)\n", s.Actions)
	}
	if s.RawReencoded > 0 {
		fmt.Fprintf(&b, "UpdatePosition messages whose raw bytes re-encode differently: %d\n", s.RawReencoded)
	}
	switch s.PlayerRule {
	case RuleNone:
		b.WriteString("player: NONE — no PlayerCreate 0xF746 and no object at a position the client reported; the 96 m routing rule (MoveOrTeleport, docs/pipeline.md) is off: pass -player 0xGUID\n")
	case RuleClientPosition:
		fmt.Fprintf(&b, "player: %s (no PlayerCreate: the first object at a position the client reported)\n", s.Player)
	case RuleOption:
		fmt.Fprintf(&b, "player: %s (given with -player)\n", s.Player)
	default:
		if s.Player != "" {
			fmt.Fprintf(&b, "player: %s (from PlayerCreate 0xF746)\n", s.Player)
		}
	}
	for _, t := range s.TruthFrom {
		fmt.Fprintf(&b, "truth from %s: player %s, %s → %s (%d while the object did not exist here, %d after the end); clock %+.3f s; %s received by both, at most %.3f s (%s) apart\n",
			t.File, t.Player, plural.Count(t.Positions, "position"), plural.Count(t.TruthEvents, "truth event"), t.NotLive, t.AfterEnd, t.ClockOffset,
			plural.Count(t.SharedUpdates, "UpdatePosition"), t.MaxUpdateSeconds, plural.Count(t.MaxUpdateTicks, "tick"))
	}
	fmt.Fprintf(&b, "objects: %d (%d in the header; %s, %s); span %.3f s", s.Objects, s.HeaderEntities, plural.Count(s.HeldItems, "held item"), plural.Count(s.Statics, "static"), s.Span)
	if s.Start != "" {
		fmt.Fprintf(&b, " from %s", s.Start)
	}
	b.WriteByte('\n')
	writeCounts(&b, "events", s.Events)
	writeCounts(&b, "skipped", s.Skipped)
	writeProblems(&b, "dropped messages", s.DroppedCount, s.DroppedByReason)
	writeProblems(&b, "malformed", s.MalformedCount, s.MalformedByReason)
	if len(s.Outputs) > 1 {
		fmt.Fprintf(&b, "written in %s, each going on from where the one before ended: %s\n", plural.Count(len(s.Outputs), "piece"), strings.Join(s.Outputs, ", "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeCounts(b *strings.Builder, title string, cs []Count) {
	if len(cs) == 0 {
		return
	}
	fmt.Fprintf(b, "%s:\n", title)
	for _, c := range cs {
		fmt.Fprintf(b, "  %-34s %d\n", c.Name, c.Count)
	}
}

func writeProblems(b *strings.Builder, title string, n int, gs []ProblemGroup) {
	fmt.Fprintf(b, "%s: %d\n", title, n)
	for _, g := range gs {
		frames := make([]string, len(g.Frames))
		for i, f := range g.Frames {
			frames[i] = fmt.Sprint(f)
		}
		more := ""
		if g.Count > len(g.Frames) {
			more = ", …"
		}
		fmt.Fprintf(b, "  %d × %s (%s %s%s)\n", g.Count, g.Reason, plural.Noun(g.Count, "frame"), strings.Join(frames, ", "), more)
	}
}
