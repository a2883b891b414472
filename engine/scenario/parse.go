// Parsing: a scenario file's top level — tick rate, seed, duration, the
// landblock its coordinates are in, terrain, the defaults every remote
// inherits, the observer and the notes (docs/scenarios.md). Remotes and their
// scripts are in parse_remote.go and parse_script.go.

package scenario

import (
	"io/fs"
	"math"

	"github.com/goccy/go-yaml/ast"

	"glidepath/engine/hexid"
	"glidepath/engine/recording"
)

// topFields are the top-level keys, in the order docs/scenarios.md lists them.
var topFields = []string{"description", "tick_rate", "seed", "duration", "landblock", "terrain",
	"observer", "updates", "network", "notes", "expect", "remotes", "crowds"}

// Parse reads and checks a scenario. name is the file name used in errors;
// assets is the assets tree (assets.FS()) in which terrain/NAME.json and
// motion/NAME.json are looked up. With a nil assets, asset terrains are an
// error and motion table names are not checked.
func Parse(name string, data []byte, assets fs.FS) (*Scenario, error) {
	if err := prescan(name, data); err != nil {
		return nil, err
	}
	d := &dec{file: name}
	root, err := d.parseYAML(data)
	if err != nil {
		return nil, err
	}
	p := &parser{d: d, lookup: newLookup(assets)}
	return p.scenario(root)
}

// parser holds what reading one file needs besides the tree.
type parser struct {
	d      *dec
	lookup *lookup
	s      *Scenario
	// cadence and net are the scenario-wide defaults remotes start from.
	cadence cadence
	net     network
}

func (p *parser) scenario(root ast.Node) (*Scenario, error) {
	d := p.d
	f, err := d.mapping(root, "")
	if err != nil {
		return nil, err
	}
	if err := f.known(topFields...); err != nil {
		return nil, err
	}
	s := &Scenario{Name: d.file, TickRate: DefaultTickRate, Seed: DefaultSeed, landblock: DefaultLandblock, at: where(root, "")}
	p.s = s
	if n := f.take("description"); n != nil {
		if s.Description, err = d.text(n, "description"); err != nil {
			return nil, err
		}
	}
	if n := f.take("tick_rate"); n != nil {
		rate, err := d.integer(n, "tick_rate", recording.MinTickRate, recording.MaxTickRate)
		if err != nil {
			return nil, err
		}
		s.TickRate = int(rate)
	}
	n := f.take("duration")
	if n == nil {
		return nil, f.missing("duration")
	}
	if s.Duration, err = d.positive(n, "duration", MaxDuration, " s"); err != nil {
		return nil, err
	}
	s.durationAt = where(n, "duration")
	if n := f.take("seed"); n != nil {
		seed, err := d.integer(n, "seed", 0, 1<<53)
		if err != nil {
			return nil, err
		}
		s.Seed = uint64(seed)
	}
	if n := f.take("landblock"); n != nil {
		lb, err := d.id(n, "landblock")
		if err != nil {
			return nil, err
		}
		if lb > 0xFFFF {
			lb >>= 16 // a full cell id names its landblock
		}
		s.landblock = uint16(lb)
	}
	if err := p.terrain(f); err != nil {
		return nil, err
	}
	p.cadence = cadence{interval: DefaultInterval}
	if n := f.take("updates"); n != nil {
		if p.cadence, err = p.parseCadence(n, "updates", p.cadence); err != nil {
			return nil, err
		}
	}
	if n := f.take("network"); n != nil {
		if p.net, err = p.parseNetwork(n, "network", p.net); err != nil {
			return nil, err
		}
	}
	if err := p.remotes(f); err != nil {
		return nil, err
	}
	if err := p.checkStickTargets(); err != nil {
		return nil, err
	}
	if n := f.take("observer"); n != nil {
		if s.observer, err = p.parseObserver(n, "observer"); err != nil {
			return nil, err
		}
	}
	if n := f.take("notes"); n != nil {
		if s.notes, err = p.parseNotes(n, "notes"); err != nil {
			return nil, err
		}
	}
	if n := f.take("expect"); n != nil {
		if s.expect, err = p.parseExpect(n, "expect"); err != nil {
			return nil, err
		}
	}
	if err := f.finish(topFields...); err != nil {
		return nil, err
	}
	return s, nil
}

// terrain reads terrain: flat (z 0), {kind: flat, z: Z} or {kind: asset,
// name: NAME}, either with optional inline obstacles, which the compiled
// header carries in its terrain object (docs/formats.md, "obstacles").
func (p *parser) terrain(top *fields) error {
	d, s := p.d, p.s
	n := top.take("terrain")
	if n == nil {
		return nil
	}
	if str, ok := n.(*ast.StringNode); ok {
		if str.Value == "flat" {
			return nil
		}
		return d.errAt(n, "terrain", `want "flat" or a mapping {kind: flat, z: Z} / {kind: asset, name: NAME}, got %s`, describe(n))
	}
	f, err := d.mapping(n, "terrain")
	if err != nil {
		return err
	}
	if on := f.take("obstacles"); on != nil {
		if s.terrain.obstacles, err = p.obstacles(on, "terrain.obstacles"); err != nil {
			return err
		}
	}
	kn := f.take("kind")
	if kn == nil {
		return f.missing("kind")
	}
	kind, err := d.word(kn, "terrain.kind", "flat", "asset")
	if err != nil {
		return err
	}
	switch kind {
	case "flat":
		if zn := f.take("z"); zn != nil {
			if s.terrain.z, err = d.numberIn(zn, "terrain.z", -10000, 10000, " m"); err != nil {
				return err
			}
		}
		if err := f.finish("kind", "z", "obstacles"); err != nil {
			return err
		}
		// Stored as the header will store it, so truth heights match.
		s.terrain.z = float64(float32(s.terrain.z))
	case "asset":
		nn := f.take("name")
		if nn == nil {
			return f.missing("name")
		}
		if s.terrain.name, err = d.text(nn, "terrain.name"); err != nil {
			return err
		}
		if err := f.finish("kind", "name", "obstacles"); err != nil {
			return err
		}
		t, problem := p.lookup.terrain(s.terrain.name)
		if problem != "" {
			return d.errAt(nn, "terrain.name", "%s", problem)
		}
		s.terrain.asset = true
		s.ground = t
	}
	return nil
}

var observerFields = []string{"position", "indoor", "every", "run_rate", "script"}

// parseObserver reads the observer: a start position, an optional indoor
// cell, how often its moves are written, and a script of the same actions a
// remote has.
func (p *parser) parseObserver(n ast.Node, path string) (*observerSpec, error) {
	d := p.d
	f, err := d.mapping(n, path)
	if err != nil {
		return nil, err
	}
	if err := f.known(observerFields...); err != nil {
		return nil, err
	}
	o := &observerSpec{loc: where(n, path), every: DefaultObserverEvery, runRate: 1}
	pn := f.take("position")
	if pn == nil {
		return nil, f.missing("position")
	}
	if o.start, err = d.point(pn, f.field("position")); err != nil {
		return nil, err
	}
	if o.indoor, err = p.parseIndoor(f); err != nil {
		return nil, err
	}
	if en := f.take("every"); en != nil {
		every, err := d.integer(en, f.field("every"), 1, 1<<20)
		if err != nil {
			return nil, err
		}
		o.every = int(every)
	}
	if rn := f.take("run_rate"); rn != nil {
		if o.runRate, err = d.positive(rn, f.field("run_rate"), MaxSpeed, ""); err != nil {
			return nil, err
		}
	}
	if sn := f.take("script"); sn != nil {
		if o.script, err = p.parseScript(sn, f.field("script")); err != nil {
			return nil, err
		}
	}
	for i := range o.script {
		// The observer's events are its positions: a step that only
		// sends a remote's messages would do nothing, in silence.
		switch a := &o.script[i]; a.kind {
		case actAttack, actEmote, actStickTo, actMoveTo, actTurnToObject, actTurnToHeading, actAirborne:
			return nil, a.loc.errorf(d.file, "the observer is the local player: only its position is written, so %s would do nothing", a.kind)
		}
	}
	return o, f.finish(observerFields...)
}

// parseIndoor reads an optional indoor: CELL, the CCCC of an indoor cell
// (0x0100–0xFFFF) in the scenario landblock.
func (p *parser) parseIndoor(f *fields) (uint16, error) {
	n := f.take("indoor")
	if n == nil {
		return 0, nil
	}
	c, err := p.d.id(n, f.field("indoor"))
	if err != nil {
		return 0, err
	}
	if c > 0xFFFF {
		// A full cell id: its cell part, in the scenario landblock only.
		if lb := uint16(c >> 16); lb != p.s.landblock {
			return 0, p.d.errAt(n, f.field("indoor"), "cell 0x%08X is in landblock 0x%04X, not the scenario's 0x%04X; give the cell part (0x0100–0xFFFF)", c, lb, p.s.landblock)
		}
		if c&0xFFFF < 0x100 {
			return 0, p.d.errAt(n, f.field("indoor"), "0x%08X is an outdoor cell; an indoor cell is 0x0100 or above", c)
		}
		return uint16(c), nil
	}
	if c < 0x100 {
		return 0, p.d.errAt(n, f.field("indoor"), "0x%04X is an outdoor cell; an indoor cell is 0x0100 or above", c)
	}
	return uint16(c), nil
}

// parseNotes reads notes: {t or tick, text, object}.
func (p *parser) parseNotes(n ast.Node, path string) ([]noteSpec, error) {
	d, s := p.d, p.s
	els, err := d.list(n, path, MaxNotes)
	if err != nil {
		return nil, err
	}
	notes := make([]noteSpec, 0, len(els))
	for i, el := range els {
		field := index(path, i)
		f, err := d.mapping(el, field)
		if err != nil {
			return nil, err
		}
		note := noteSpec{loc: where(el, field)}
		tn, kn := f.take("t"), f.take("tick")
		switch {
		case tn != nil && kn != nil:
			return nil, d.errAt(kn, f.field("tick"), "give t or tick, not both")
		case tn != nil:
			if note.t, err = d.numberIn(tn, f.field("t"), 0, s.Duration, " s"); err != nil {
				return nil, err
			}
		case kn != nil:
			ticks := int64(math.Round(s.Duration * float64(s.TickRate)))
			k, err := d.integer(kn, f.field("tick"), 0, ticks)
			if err != nil {
				return nil, err
			}
			note.t = float64(k) / float64(s.TickRate)
		default:
			return nil, f.missing("t")
		}
		xn := f.take("text")
		if xn == nil {
			return nil, f.missing("text")
		}
		if note.text, err = d.text(xn, f.field("text")); err != nil {
			return nil, err
		}
		if on := f.take("object"); on != nil {
			if note.guid, err = d.id(on, f.field("object")); err != nil {
				return nil, err
			}
			if s.remote(note.guid) == nil {
				return nil, d.errAt(on, f.field("object"), "no remote has guid %s", hexid.String(note.guid))
			}
			note.hasGUID = true
		}
		if err := f.finish("t", "tick", "text", "object"); err != nil {
			return nil, err
		}
		notes = append(notes, note)
	}
	return notes, nil
}

// checkStickTargets checks that every stick_to, move_to naming a remote and
// turn_to_object names another remote.
func (p *parser) checkStickTargets() error {
	for _, r := range p.s.remotes {
		for i := range r.script {
			a := &r.script[i]
			if a.kind != actStickTo && a.kind != actTurnToObject && (a.kind != actMoveTo || a.stickTo == 0) {
				continue
			}
			switch {
			case a.stickTo == r.guid:
				verb := "stick to"
				switch a.kind {
				case actMoveTo:
					verb = "move to"
				case actTurnToObject:
					verb = "turn to"
				}
				return a.errorf(p.d.file, "a remote cannot %s itself (%s)", verb, hexid.String(a.stickTo))
			case p.s.remote(a.stickTo) == nil:
				return a.errorf(p.d.file, "no remote has guid %s", hexid.String(a.stickTo))
			}
		}
	}
	return nil
}

// remote finds the remote with guid, or nil.
func (s *Scenario) remote(guid uint32) *remoteSpec {
	for _, r := range s.remotes {
		if r.guid == guid {
			return r
		}
	}
	return nil
}
