// Benchmarks: reading (events/s, target 400 000), writing and PositionPack
// decoding, on a synthetic recording like a compiled scenario.

package recording

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// syntheticRecording is what a scenario compiler emits for objects remotes
// walking in circles: per object per tick a truth event, an UpdatePosition
// every 6th tick (5 per second at 30 Hz), a motion event every 60th.
func syntheticRecording(objects, events int, raw bool) []byte {
	h := NewHeader()
	for i := range objects {
		e := NewEntity(0x80000000+uint32(i), physics.Position{Cell: 0xA9B4001F, Frame: physics.IdentityFrame()})
		e.HasMotion = true
		h.Entities = append(h.Entities, e)
	}
	var buf bytes.Buffer
	w, err := NewWriter("bench.jsonl", &buf, &h)
	if err != nil {
		panic(err)
	}
	n := 0
	for tick := 1; n < events; tick++ {
		t := float64(tick) / 30
		for i := 0; i < objects && n < events; i++ {
			angle := float64(tick)/60 + float64(i)
			pos := physics.Position{Cell: 0xA9B4001F, Frame: physics.NewFrame(
				mgl32.Vec3{float32(96 + 20*math.Cos(angle)), float32(96 + 20*math.Sin(angle)), 0},
				physics.HeadingQuat(float32(math.Mod(angle*57.29578, 360))))}
			guid := h.Entities[i].GUID
			ev := Event{T: t, Kind: KindTruth, GUID: guid, HasGUID: true, Pos: pos}
			switch {
			case tick%60 == 0:
				ev = Event{T: t, Kind: KindMotion, GUID: guid, HasGUID: true, Motion: NewMotion()}
				ev.Motion.Forward = WalkForward
			case tick%6 == 0:
				ev = Event{T: t, Kind: KindPosition, GUID: guid, HasGUID: true, Raw: raw}
				ev.Update = UpdatePosition{Pos: pos, Grounded: true, Seq: PositionSeq{Position: uint16(tick / 6)}}
			}
			if err := w.Write(&ev); err != nil {
				panic(err)
			}
			n++
		}
	}
	if err := w.Flush(); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

// BenchmarkRecordingRead streams a recording through Reader.Next and reports
// events per second (target: at least 400 000).
func BenchmarkRecordingRead(b *testing.B) {
	const events = 100_000
	for _, form := range []struct {
		name string
		file string
		data func() []byte
	}{
		{"decoded", "bench.jsonl", func() []byte { return syntheticRecording(10, events, false) }},
		{"raw", "bench.jsonl", func() []byte { return syntheticRecording(10, events, true) }},
		{"gzip", "bench.jsonl.gz", func() []byte { return gzipped(syntheticRecording(10, events, false)) }},
	} {
		b.Run(fmt.Sprintf("%s/events=%d", form.name, events), func(b *testing.B) {
			data := form.data()
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				r, err := NewReader(form.file, bytes.NewReader(data))
				if err != nil {
					b.Fatal(err)
				}
				n := 0
				for {
					_, err := r.Next()
					if err == io.EOF {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
					n++
				}
				if n != events {
					b.Fatalf("%d events, want %d", n, events)
				}
			}
			b.ReportMetric(float64(events)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
		})
	}
}

// BenchmarkRecordingWrite reports events written per second.
func BenchmarkRecordingWrite(b *testing.B) {
	rec, err := Read("bench.jsonl", bytes.NewReader(syntheticRecording(10, 10_000, false)))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := Write("bench.jsonl", io.Discard, rec); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(rec.Events))*float64(b.N)/b.Elapsed().Seconds(), "events/s")
}

func BenchmarkDecodeUpdatePosition(b *testing.B) {
	for _, tc := range []struct {
		name string
		msg  []byte
	}{
		{"full", fullMessage()},
		{"yaw-only", func() []byte {
			u := UpdatePosition{GUID: 1, Grounded: true, Pos: physics.NewPosition(0xA9B4001F, mgl32.Vec3{1, 2, 3}, 90)}
			return EncodeUpdatePosition(&u)
		}()},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(tc.msg)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := DecodeUpdatePosition(tc.msg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
