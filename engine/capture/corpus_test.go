package capture_test

// Real traffic of the retail client: sessions of the public corpus
// (github.com/dereth-network/dereth, fixtures/packet-captures, MIT; the
// copies and their notice are in testdata/corpus). The counts checked here
// come from the corpus's own manifest.json and index.json — another
// program's reading of the same bytes — copied into testdata/corpus/census.json.

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"glidepath/engine/capture"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/recording"
)

const corpusDir = "../../testdata/corpus"

type corpusCensus struct {
	Sessions []struct {
		File           string         `json:"file"`
		Datagrams      int            `json:"datagrams"`
		ClientToServer int            `json:"client_to_server"`
		ServerToClient int            `json:"server_to_client"`
		Census         map[string]int `json:"opcode_census"`
	} `json:"sessions"`
}

// drain reads r to its end and returns its events.
func drain(t *testing.T, r *capture.Reader) []recording.Event {
	t.Helper()
	var evs []recording.Event
	for {
		ev, err := r.Next()
		if err == io.EOF {
			return evs
		}
		if err != nil {
			t.Fatalf("%s: %v", r.Name(), err)
		}
		evs = append(evs, ev)
	}
}

// TestCorpusCensus: each whole session reads with nothing malformed or
// dropped, one frame per datagram line, and its message census in the three
// opcode spaces (bare, 0xF7B0 game events, 0xF7B1 game actions) equals the
// corpus manifest's opcode_census, key for key.
func TestCorpusCensus(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(corpusDir, "census.json"))
	if err != nil {
		t.Fatal(err)
	}
	var want corpusCensus
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	if len(want.Sessions) == 0 {
		t.Fatal("census.json lists no session")
	}
	for _, s := range want.Sessions {
		t.Run(s.File, func(t *testing.T) {
			r, err := capture.Open(filepath.Join(corpusDir, s.File), capture.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			drain(t, r)
			sum := r.Summary()
			if sum.Format != capture.FormatDatagramJSONL {
				t.Errorf("format %q, want %q", sum.Format, capture.FormatDatagramJSONL)
			}
			if sum.Frames != s.Datagrams || sum.Datagrams != s.Datagrams {
				t.Errorf("%d frames, %d datagrams; index.json counts %d", sum.Frames, sum.Datagrams, s.Datagrams)
			}
			if sum.ACPackets != s.ServerToClient || sum.ClientPackets != s.ClientToServer {
				t.Errorf("%d s2c, %d c2s packets; index.json counts %d, %d", sum.ACPackets, sum.ClientPackets, s.ServerToClient, s.ClientToServer)
			}
			if sum.MalformedCount != 0 || sum.DroppedCount != 0 {
				t.Errorf("malformed %d, dropped %d: %v %v", sum.MalformedCount, sum.DroppedCount, sum.Malformed, sum.Dropped)
			}
			for k, n := range s.Census {
				if sum.Census[k] != n {
					t.Errorf("%s: %d, manifest %d", k, sum.Census[k], n)
				}
			}
			for k, n := range sum.Census {
				if _, ok := s.Census[k]; !ok {
					t.Errorf("%s: %d, not in the manifest", k, n)
				}
			}
		})
	}
}

// serverTimeOfConnect reads the server's time from a session's
// ConnectRequest (its first s2c datagram: the 20-byte header, flag
// 0x00040000, then the double) straight from the JSON, with no reader.
func serverTimeOfConnect(t *testing.T, name string) float64 {
	t.Helper()
	f, err := os.Open(filepath.Join(corpusDir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var l struct{ Dir, Data string }
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		b, _ := hex.DecodeString(l.Data)
		if l.Dir == "s2c" && len(b) >= 28 && binary.LittleEndian.Uint32(b[4:])&0x00040000 != 0 {
			return math.Float64frombits(binary.LittleEndian.Uint64(b[20:]))
		}
	}
	t.Fatalf("%s: no ConnectRequest", name)
	return 0
}

// TestCorpusTruthJoin: the fellowship's clients were recorded at once.
// Joined to two-monarch, three-vassal's own positions (its player Caius,
// 0x50000020) are truth events for Caius there, on two-monarch's clock; the
// clocks' offset is the difference of the server times the two
// ConnectRequests carry (read here from the bytes alone), and every
// UpdatePosition both clients received lands within one tick.
func TestCorpusTruthJoin(t *testing.T) {
	tr, err := capture.ReadTrack(filepath.Join(corpusDir, "fellowship-three-vassal.jsonl"), capture.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Player != 0x50000020 {
		t.Fatalf("three-vassal's player 0x%08X, want Caius 0x50000020 (its PlayerCreate)", tr.Player)
	}
	// Each point is a game action the census counts: 13 MoveToStates
	// (c2s/action/F61C) and 8 AutonomousPositions (c2s/action/F753).
	actions := map[uint16]int{}
	for _, p := range tr.Points {
		actions[p.Client.Action]++
	}
	if actions[recording.ActionMoveToState] != 13 || actions[recording.ActionAutonomousPosition] != 8 || len(actions) != 2 {
		t.Errorf("three-vassal's points by game action %v, want the census's 13 0xF61C and 8 0xF753", actions)
	}
	r, err := capture.Open(filepath.Join(corpusDir, "fellowship-two-monarch.prefix.jsonl"), capture.Options{Truth: []*capture.Track{tr}})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	evs := drain(t, r)
	var truths, contact int
	prev := -1.0
	created := -1.0
	var instance uint16
	for _, ev := range evs {
		if ev.T < prev {
			t.Fatalf("event at %v after one at %v", ev.T, prev)
		}
		prev = ev.T
		if ev.Kind == recording.KindCreate && ev.GUID == 0x50000020 {
			created, instance = ev.T, ev.Entity.Seq.Instance
		}
		if ev.Kind == recording.KindTruth {
			if ev.GUID != 0x50000020 {
				t.Fatalf("truth for 0x%08X", ev.GUID)
			}
			if created < 0 {
				t.Fatalf("truth at %v before Caius was created", ev.T)
			}
			if ev.Pos.Cell != 0x860201AD {
				t.Errorf("truth in cell 0x%08X, want the Training Academy's 0x860201AD", ev.Pos.Cell)
			}
			// The client's stamps are those the server gave its object:
			// the instance stamp is the one two-monarch's CreateObject
			// of Caius carries (another client's view of the same object).
			if c := ev.Client; c.Action == 0 || c.Seq.Instance != instance || instance == 0 {
				t.Errorf("truth at %v: client report %+v, want an action and Caius's instance stamp %d", ev.T, c, instance)
			}
			if ev.Client.Contact {
				contact++
			} else if truths > 0 {
				t.Errorf("truth at %v (not the first): no contact", ev.T)
			}
			truths++
		}
	}
	sum := r.Summary()
	if len(sum.TruthFrom) != 1 {
		t.Fatalf("truth_from %+v", sum.TruthFrom)
	}
	got := sum.TruthFrom[0]
	if truths == 0 || got.TruthEvents != truths {
		t.Fatalf("%d truth events, summary says %d", truths, got.TruthEvents)
	}
	// Caius stands and walks on the academy's floor: his client says it
	// was in contact with the ground for every position it sent here but
	// its first, sent as it entered the world (at the server's z 0.005,
	// before its own physics had set the body down: after it, z 0.004999995).
	if contact != truths-1 {
		t.Errorf("%d of %d truth events with the client's contact flag", contact, truths)
	}
	wantOff := serverTimeOfConnect(t, "fellowship-three-vassal.jsonl") - serverTimeOfConnect(t, "fellowship-two-monarch.prefix.jsonl")
	if math.Abs(got.ClockOffset-wantOff) > 0.05 {
		t.Errorf("clock offset %.4f s, the ConnectRequests say %.4f s", got.ClockOffset, wantOff)
	}
	if got.SharedUpdates < 5 {
		t.Errorf("%d UpdatePositions received by both; the prefix holds Caius's seq 1, 6, 8, 9, 11, 12", got.SharedUpdates)
	}
	if got.MaxUpdateTicks > 1 {
		t.Errorf("the same UpdatePosition lands %d ticks apart (%.4f s)", got.MaxUpdateTicks, got.MaxUpdateSeconds)
	}
}

// TestCorpusTruthNothingJoined: two-monarch's player Bex reported no
// position while three-vassal was in the world up to the prefix's end, so
// the join joins nothing — an error, never a silent empty comparison.
func TestCorpusTruthNothingJoined(t *testing.T) {
	tr, err := capture.ReadTrack(filepath.Join(corpusDir, "fellowship-two-monarch.prefix.jsonl"), capture.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := capture.Open(filepath.Join(corpusDir, "fellowship-three-vassal.jsonl"), capture.Options{Truth: []*capture.Track{tr}})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for {
		_, err = r.Next()
		if err != nil {
			break
		}
	}
	var te *capture.TruthError
	if !errors.As(err, &te) || !strings.Contains(err.Error(), "0x5000001F") {
		t.Fatalf("err %v, want a TruthError naming Bex", err)
	}
}

// TestDatagramLinesHostile: a line that breaks the format is a LineError
// naming the file, the line and the field.
func TestDatagramLinesHostile(t *testing.T) {
	good := `{"t": 0.0, "dir": "c2s", "pair": 0, "len": 2, "data": "0000"}` + "\n"
	cases := []struct {
		name, line, field string
	}{
		{"bad hex", `{"t": 1, "dir": "s2c", "pair": 1, "len": 2, "data": "zz00"}`, "data"},
		{"odd hex", `{"t": 1, "dir": "s2c", "pair": 1, "len": 2, "data": "000"}`, "data"},
		{"lying len", `{"t": 1, "dir": "s2c", "pair": 1, "len": 3, "data": "0000"}`, "len"},
		{"unknown dir", `{"t": 1, "dir": "up", "pair": 1, "len": 2, "data": "0000"}`, "dir"},
		{"unsorted t", `{"t": -0.5, "dir": "s2c", "pair": 1, "len": 2, "data": "0000"}`, "t"},
		{"pair", `{"t": 1, "dir": "s2c", "pair": 7, "len": 2, "data": "0000"}`, "pair"},
		{"missing data", `{"t": 1, "dir": "s2c", "pair": 1, "len": 2}`, "data"},
		{"not json", `{"t": 1, "dir": `, ""},
		{"huge len", `{"t": 1, "dir": "s2c", "pair": 1, "len": 99999999, "data": "00"}`, "len"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := good + `{"t": 0.5, "dir": "s2c", "pair": 1, "len": 2, "data": "0000"}` + "\n" + c.line + "\n" + good
			if c.name == "unsorted t" {
				in = strings.Replace(in, `"t": -0.5`, `"t": 0.25`, 1)
			}
			r, err := capture.NewReader("hostile.jsonl", strings.NewReader(in), capture.Options{})
			for err == nil {
				_, err = r.Next()
			}
			var le *capture.LineError
			if !errors.As(err, &le) {
				t.Fatalf("err %v (%T), want a *capture.LineError", err, err)
			}
			if le.File != "hostile.jsonl" || le.Line != 3 || le.Field != c.field {
				t.Fatalf("%v: file %q line %d field %q, want hostile.jsonl line 3 field %q", err, le.File, le.Line, le.Field, c.field)
			}
			if !strings.HasPrefix(err.Error(), "hostile.jsonl:3:") {
				t.Fatalf("%q does not start with FILE:LINE:", err)
			}
		})
	}
}

// TestDatagramSniff: a datagram JSONL file is told from its first line, and
// a recording's header is not taken for one.
func TestDatagramSniff(t *testing.T) {
	for _, c := range []struct {
		head string
		want bool
	}{
		{`{"t": 0.0, "dir": "c2s", "pair": 0, "len": 1, "data": "00"}`, true},
		{`  {"t": 0.0, "dir": "c2s"`, true},
		{`{"format":"glidepath-recording","version":1}`, false},
		{`{"dir":"c2s"}`, true},
		{`{"t`, false},
		{`{"format":"glidepath-recording","t":1}`, false},
		{``, false},
		{`t: 1`, false},
	} {
		if got := capture.IsDatagramJSONL([]byte(c.head)); got != c.want {
			t.Errorf("IsDatagramJSONL(%q) = %v", c.head, got)
		}
	}
	// A datagram JSONL file names no ports: -server-port is refused.
	if _, err := capture.NewReader("x.jsonl", bytes.NewReader([]byte(`{"t": 0, "dir": "x"`)), capture.Options{ServerPort: 9000}); err == nil {
		t.Error("-server-port with a datagram JSONL file: no error")
	}
}

// TestCorpusAsPcap: the same datagrams written as a pcap (capturetest's
// Ethernet/IPv4/UDP frames, other addresses, the server ports 9000 + pair)
// read to the same summary counts, census and events as the JSONL.
// TestCorpusAsPcap also reads the sessions named in GLIDEPATH_CORPUS_PCAP
// (paths separated by the list separator, ":" on Unix): whole sessions
// assembled from the corpus (docs/real-sessions.md) are too big to vendor.
func TestCorpusAsPcap(t *testing.T) {
	names := []string{filepath.Join(corpusDir, "fellowship-three-vassal.jsonl")}
	if s := os.Getenv("GLIDEPATH_CORPUS_PCAP"); s != "" {
		names = append(names, filepath.SplitList(s)...)
	}
	for _, name := range names {
		t.Run(filepath.Base(name), func(t *testing.T) { corpusAsPcap(t, name) })
	}
}

func corpusAsPcap(t *testing.T, name string) {
	raw, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var pcap bytes.Buffer
	f := capturetest.NewFile(&pcap, capturetest.Pcap, capturetest.Ethernet)
	client := netip.MustParseAddrPort("10.1.2.3:50123")
	base := time.Date(2026, 9, 10, 12, 0, 0, 0, time.UTC)
	for _, line := range bytes.Split(bytes.TrimSpace(raw), []byte("\n")) {
		var l struct {
			T    float64
			Dir  string
			Pair int
			Data string
		}
		if err := json.Unmarshal(line, &l); err != nil {
			t.Fatal(err)
		}
		b, err := hex.DecodeString(l.Data)
		if err != nil {
			t.Fatal(err)
		}
		server := netip.AddrPortFrom(netip.MustParseAddr("10.9.9.9"), uint16(9000+l.Pair))
		ts := base.Add(time.Duration(math.Round(l.T * 1e9)))
		if l.Dir == "s2c" {
			f.UDP(ts, server, client, true, b)
		} else {
			f.UDP(ts, client, server, false, b)
		}
	}
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	a, err := capture.Open(name, capture.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := capture.NewReader(filepath.Base(name)+".pcap", bytes.NewReader(pcap.Bytes()), capture.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ea, eb := drain(t, a), drain(t, b)
	sa, sb := a.Summary(), b.Summary()
	if sb.Format != "pcap" || sb.MalformedCount != 0 || sb.Datagrams != sa.Datagrams || sb.Messages != sa.Messages {
		t.Fatalf("pcap: format %s, malformed %d, %d datagrams, %d messages; jsonl %d, %d", sb.Format, sb.MalformedCount, sb.Datagrams, sb.Messages, sa.Datagrams, sa.Messages)
	}
	for k, n := range sa.Census {
		if sb.Census[k] != n {
			t.Errorf("%s: pcap %d, jsonl %d", k, sb.Census[k], n)
		}
	}
	if len(ea) != len(eb) {
		t.Fatalf("%d events from the jsonl, %d from the pcap", len(ea), len(eb))
	}
	for i := range ea {
		if ea[i].Kind != eb[i].Kind || ea[i].GUID != eb[i].GUID || math.Abs(ea[i].T-eb[i].T) > 1e-6 {
			t.Fatalf("event %d: jsonl %v %s 0x%08X, pcap %v %s 0x%08X", i, ea[i].T, ea[i].Kind, ea[i].GUID, eb[i].T, eb[i].Kind, eb[i].GUID)
		}
	}
}
