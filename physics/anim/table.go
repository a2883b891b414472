// Motion tables: the motions a kind of creature can play (retail
// CMotionTable, reduced to one MotionData per motion command) and their
// animations, loaded from JSON data in assets/motion (seed 002 §5; format
// in this file's ParseMotionTable doc).

package anim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path"
	"slices"
	"strings"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// MotionTableFormat is the value of a motion table file's "format" field.
const MotionTableFormat = "glidepath-motion-table"

// MotionTable is a parsed motion table: at most one MotionData per motion
// command, Ready always present. It is immutable and may be shared by any
// number of objects.
type MotionTable struct {
	name    string
	source  string
	motions [numMotions]*MotionData
	anims   []*Animation // sorted by name
	// links are the transitions between cycles (a client's table read from
	// the dat files; the shipped tables have none), in the order given.
	links []Link
}

// Link is a MotionTable link: the animations played when the forward cycle
// changes from From to To (CMotionTable::get_link, ACE MotionTable.cs
// GetObjectSequence), before To's cycle.
type Link struct {
	From, To Motion
	Data     *MotionData
}

// Link returns the link from cycle from to cycle to, or nil.
func (t *MotionTable) Link(from, to Motion) *MotionData {
	for i := range t.links {
		if t.links[i].From == from && t.links[i].To == to {
			return t.links[i].Data
		}
	}
	return nil
}

// Name is the table's name: its file name without directory and ".json".
func (t *MotionTable) Name() string { return t.name }

// Source is the table's "source" text: where its numbers come from.
func (t *MotionTable) Source() string { return t.source }

// Motion returns the MotionData for m, or nil when the table has none.
func (t *MotionTable) Motion(m Motion) *MotionData {
	if !m.Valid() {
		return nil
	}
	return t.motions[m]
}

// HasMotionNamed reports, as an error naming the table, when the table has
// no motion called name.
func (t *MotionTable) HasMotionNamed(name string) error {
	m, err := ParseMotion(name)
	if err != nil {
		return err
	}
	if t.Motion(m) == nil {
		return fmt.Errorf("motion table %q has no %s", t.name, name)
	}
	return nil
}

// Animation returns the animation named name, or nil.
func (t *MotionTable) Animation(name string) *Animation {
	i, ok := slices.BinarySearchFunc(t.anims, name, func(a *Animation, n string) int { return strings.Compare(a.name, n) })
	if !ok {
		return nil
	}
	return t.anims[i]
}

// TableError is a malformed motion table: the file, the field (a dotted
// path with [i] for array elements) and what is wrong with it.
type TableError struct {
	File  string
	Field string
	Msg   string
}

func (e *TableError) Error() string {
	if e.Field == "" {
		return e.File + ": " + e.Msg
	}
	return e.File + ": " + e.Field + ": " + e.Msg
}

// ParseMotionTable parses a motion table file. name is the file name, used
// in errors and (without directory and ".json") as the table's name. Errors
// are *TableError naming the file and field, e.g.
// "humanoid.json: motions.RunForward.anims[0].framerate: must be finite".
//
// The format (every number finite; unknown fields are errors):
//
//	{"format": "glidepath-motion-table", "version": 1, "source": "...",
//	 "animations": {NAME: {"frames": N, "source": "...",
//	                       "pos_frames": [{"origin": [x,y,z], "rotation": [w,x,y,z]}, ... N of them]}},
//	 "motions": {MOTION: {"source": "...", "velocity": [x,y,z], "omega": [x,y,z],
//	                      "anims": [{"anim": NAME, "framerate": F, "low_frame": L, "high_frame": H}]}}}
//
// MOTION is a Motion name (Ready is required). frames is in
// [1, MaxAnimationFrames]; pos_frames is optional, rotation optional (a unit
// quaternion, default identity). velocity and omega default to zero; anims
// holds 1 to MaxAnimsPerMotion entries, the last being the cycle;
// low_frame defaults to 0, high_frame to −1 (the last frame), and
// 0 ≤ low ≤ high < frames.
func ParseMotionTable(name string, data []byte) (*MotionTable, error) {
	p := tableParser{file: path.Base(name)}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var root any
	if err := dec.Decode(&root); err != nil {
		return nil, p.syntax(data, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, p.errf("", "data after the table object")
	}
	return p.table(root)
}

type tableParser struct {
	file string
}

func (p *tableParser) errf(field, format string, args ...any) error {
	return &TableError{File: p.file, Field: field, Msg: fmt.Sprintf(format, args...)}
}

// syntax turns a JSON decoding error into a TableError with a line number.
func (p *tableParser) syntax(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off := min(int(se.Offset), len(data))
		line := 1 + bytes.Count(data[:off], []byte("\n"))
		return p.errf("", "line %d: %v", line, se)
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return p.errf("", "unexpected end of data")
	}
	return p.errf("", "%v", err)
}

func (p *tableParser) table(root any) (*MotionTable, error) {
	obj, err := p.object("", root, "format", "version", "source", "animations", "motions")
	if err != nil {
		return nil, err
	}
	if s, err := p.str("format", obj["format"], true); err != nil {
		return nil, err
	} else if s != MotionTableFormat {
		return nil, p.errf("format", "want %q, got %q", MotionTableFormat, s)
	}
	if v, err := p.integer("version", obj["version"], true, 0, math.MaxInt32); err != nil {
		return nil, err
	} else if v != 1 {
		return nil, p.errf("version", "unsupported version %d (want 1)", v)
	}
	t := &MotionTable{name: strings.TrimSuffix(p.file, ".json")}
	if t.source, err = p.str("source", obj["source"], false); err != nil {
		return nil, err
	}
	animsObj, err := p.object("animations", obj["animations"])
	if err != nil {
		return nil, err
	}
	for _, k := range sortedKeys(animsObj) {
		a, err := p.animation("animations."+k, k, animsObj[k])
		if err != nil {
			return nil, err
		}
		t.anims = append(t.anims, a)
	}
	motionsObj, err := p.object("motions", obj["motions"])
	if err != nil {
		return nil, err
	}
	for _, k := range sortedKeys(motionsObj) {
		field := "motions." + k
		m, err := ParseMotion(k)
		if err != nil || m == MotionNone {
			return nil, p.errf(field, "unknown motion")
		}
		md, err := p.motion(field, t, motionsObj[k])
		if err != nil {
			return nil, err
		}
		t.motions[m] = md
	}
	if t.motions[Ready] == nil {
		return nil, p.errf("motions.Ready", "missing (the default state)")
	}
	return t, nil
}

func (p *tableParser) animation(field, name string, v any) (*Animation, error) {
	obj, err := p.object(field, v, "frames", "source", "pos_frames")
	if err != nil {
		return nil, err
	}
	n, err := p.integer(field+".frames", obj["frames"], true, 1, MaxAnimationFrames)
	if err != nil {
		return nil, err
	}
	if _, err := p.str(field+".source", obj["source"], false); err != nil {
		return nil, err
	}
	var pos []physics.Frame
	if raw, ok := obj["pos_frames"]; ok {
		arr, ok := raw.([]any)
		if !ok {
			return nil, p.errf(field+".pos_frames", "want an array")
		}
		if len(arr) != int(n) {
			return nil, p.errf(field+".pos_frames", "want %d frames (one per frame), got %d", n, len(arr))
		}
		pos = make([]physics.Frame, len(arr))
		for i, e := range arr {
			if pos[i], err = p.frame(fmt.Sprintf("%s.pos_frames[%d]", field, i), e); err != nil {
				return nil, err
			}
		}
	}
	a, err := NewAnimation(name, int(n), pos)
	if err != nil {
		return nil, p.errf(field, "%v", err)
	}
	return a, nil
}

func (p *tableParser) frame(field string, v any) (physics.Frame, error) {
	obj, err := p.object(field, v, "origin", "rotation")
	if err != nil {
		return physics.Frame{}, err
	}
	o, err := p.vec(field+".origin", obj["origin"], 3, true)
	if err != nil {
		return physics.Frame{}, err
	}
	q := mgl32.QuatIdent()
	if raw, ok := obj["rotation"]; ok {
		r, err := p.vec(field+".rotation", raw, 4, true)
		if err != nil {
			return physics.Frame{}, err
		}
		q = mgl32.Quat{W: r[0], V: mgl32.Vec3{r[1], r[2], r[3]}}
	}
	f := physics.NewFrame(mgl32.Vec3{o[0], o[1], o[2]}, q)
	if !f.IsValid() {
		return physics.Frame{}, p.errf(field+".rotation", "must be a unit quaternion [w, x, y, z]")
	}
	return f, nil
}

func (p *tableParser) motion(field string, t *MotionTable, v any) (*MotionData, error) {
	obj, err := p.object(field, v, "source", "velocity", "omega", "anims")
	if err != nil {
		return nil, err
	}
	md := &MotionData{}
	if md.Source, err = p.str(field+".source", obj["source"], false); err != nil {
		return nil, err
	}
	for _, vw := range []struct {
		key string
		dst *mgl32.Vec3
	}{{"velocity", &md.Velocity}, {"omega", &md.Omega}} {
		if raw, ok := obj[vw.key]; ok {
			x, err := p.vec(field+"."+vw.key, raw, 3, true)
			if err != nil {
				return nil, err
			}
			*vw.dst = mgl32.Vec3{x[0], x[1], x[2]}
		}
	}
	raw, ok := obj["anims"]
	if !ok {
		return nil, p.errf(field+".anims", "missing")
	}
	arr, ok := raw.([]any)
	if !ok {
		return nil, p.errf(field+".anims", "want an array")
	}
	if len(arr) < 1 || len(arr) > MaxAnimsPerMotion {
		return nil, p.errf(field+".anims", "want 1 to %d animations, got %d", MaxAnimsPerMotion, len(arr))
	}
	for i, e := range arr {
		d, err := p.animData(fmt.Sprintf("%s.anims[%d]", field, i), t, e)
		if err != nil {
			return nil, err
		}
		md.Anims = append(md.Anims, d)
	}
	return md, nil
}

func (p *tableParser) animData(field string, t *MotionTable, v any) (AnimData, error) {
	obj, err := p.object(field, v, "anim", "framerate", "low_frame", "high_frame")
	if err != nil {
		return AnimData{}, err
	}
	name, err := p.str(field+".anim", obj["anim"], true)
	if err != nil {
		return AnimData{}, err
	}
	a := t.Animation(name)
	if a == nil {
		return AnimData{}, p.errf(field+".anim", "no animation named %q", name)
	}
	fr, err := p.number(field+".framerate", obj["framerate"], true)
	if err != nil {
		return AnimData{}, err
	}
	last := int64(a.NumFrames() - 1)
	low, err := p.integer(field+".low_frame", obj["low_frame"], false, 0, last)
	if err != nil {
		return AnimData{}, err
	}
	high := int64(-1)
	if _, ok := obj["high_frame"]; ok {
		if high, err = p.integer(field+".high_frame", obj["high_frame"], true, -1, last); err != nil {
			return AnimData{}, err
		}
	}
	if high >= 0 && high < low {
		return AnimData{}, p.errf(field+".high_frame", "%d is below low_frame %d", high, low)
	}
	return AnimData{Anim: a, Framerate: fr, LowFrame: int32(low), HighFrame: int32(high)}, nil
}

// NewMotionTable builds a table from data read elsewhere (the client's
// MotionTable converted by the world's dat reader, docs/world.md): motions
// holds one MotionData per motion command, indexed by Motion (MotionNone's
// slot must be nil, Ready's present); every AnimData's animation must be
// non-nil; links, each between two motions of the table, are played when
// the forward cycle changes. The slices are kept, not copied: the caller
// gives them up.
func NewMotionTable(name, source string, motions []*MotionData, links []Link) (*MotionTable, error) {
	if len(motions) > int(numMotions) {
		return nil, fmt.Errorf("motion table %q: %d motions, at most %d", name, len(motions), numMotions)
	}
	t := &MotionTable{name: name, source: source}
	seen := map[*Animation]bool{}
	for i, md := range motions {
		if md == nil {
			continue
		}
		m := Motion(i)
		if m == MotionNone {
			return nil, fmt.Errorf("motion table %q: a MotionData for no motion", name)
		}
		if len(md.Anims) < 1 || len(md.Anims) > MaxAnimsPerMotion {
			return nil, fmt.Errorf("motion table %q: %s: want 1 to %d animations, got %d", name, m, MaxAnimsPerMotion, len(md.Anims))
		}
		for j, d := range md.Anims {
			if d.Anim == nil {
				return nil, fmt.Errorf("motion table %q: %s: anims[%d]: no animation", name, m, j)
			}
			if !seen[d.Anim] {
				seen[d.Anim] = true
				t.anims = append(t.anims, d.Anim)
			}
		}
		t.motions[m] = md
	}
	if t.motions[Ready] == nil {
		return nil, fmt.Errorf("motion table %q: no Ready (the default state)", name)
	}
	for i, l := range links {
		if !l.From.Valid() || !l.To.Valid() || t.motions[l.From] == nil || t.motions[l.To] == nil || l.Data == nil {
			return nil, fmt.Errorf("motion table %q: links[%d]: %s → %s is not between two motions of the table", name, i, l.From, l.To)
		}
		for j, d := range l.Data.Anims {
			if d.Anim == nil {
				return nil, fmt.Errorf("motion table %q: links[%d].anims[%d]: no animation", name, i, j)
			}
			if !seen[d.Anim] {
				seen[d.Anim] = true
				t.anims = append(t.anims, d.Anim)
			}
		}
	}
	t.links = links
	slices.SortStableFunc(t.anims, func(a, b *Animation) int { return strings.Compare(a.name, b.name) })
	return t, nil
}
