// Parsing remotes: each remote's entity (guid, name, start, heading, motion
// table, run rate), its update cadence and its network, which start from the
// scenario-wide defaults and override them field by field.

package scenario

import (
	"github.com/goccy/go-yaml/ast"

	"glidepath/engine/hexid"
	"glidepath/engine/recording"
)

var remoteFields = []string{"guid", "name", "position", "heading", "indoor", "motion_table", "motion",
	"run_rate", "radius", "height", "instance", "updates", "network", "script"}

// remotes reads the remotes and crowds lists and checks the total and the
// guids' uniqueness.
func (p *parser) remotes(top *fields) error {
	d, s := p.d, p.s
	n := top.take("remotes")
	var els []ast.Node
	if n != nil {
		var err error
		if els, err = d.list(n, "remotes", MaxRemotes); err != nil {
			return err
		}
	}
	for i, el := range els {
		r, err := p.parseRemote(el, index("remotes", i))
		if err != nil {
			return err
		}
		if err := p.addRemote(r, el); err != nil {
			return err
		}
	}
	if cn := top.take("crowds"); cn != nil {
		if err := p.crowds(cn, "crowds"); err != nil {
			return err
		}
	}
	if len(s.remotes) == 0 && !top.has("remotes") && !top.has("crowds") {
		return top.missing("remotes")
	}
	return nil
}

// addRemote appends r, refusing a repeated guid or one remote too many.
func (p *parser) addRemote(r *remoteSpec, at ast.Node) error {
	s := p.s
	if prev := s.remote(r.guid); prev != nil {
		return p.d.errAt(at, join(r.field, "guid"), "guid %s is already used by %s (line %d)", hexid.String(r.guid), prev.field, prev.line)
	}
	if len(s.remotes) >= MaxRemotes {
		return p.d.errAt(at, r.field, "more than %d remotes", MaxRemotes)
	}
	s.remotes = append(s.remotes, r)
	return nil
}

// newRemote is a remote with every default set.
func (p *parser) newRemote(at loc) *remoteSpec {
	return &remoteSpec{
		loc:         at,
		motionTable: recording.DefaultMotionTable,
		hasMotion:   true,
		runRate:     1,
		instance:    DefaultInstance,
		cadence:     p.cadence,
		net:         p.net,
		turnRate:    DefaultTurnRate,
	}
}

func (p *parser) parseRemote(n ast.Node, path string) (*remoteSpec, error) {
	d := p.d
	f, err := d.mapping(n, path)
	if err != nil {
		return nil, err
	}
	if err := f.known(remoteFields...); err != nil {
		return nil, err
	}
	r := p.newRemote(where(n, path))
	gn := f.take("guid")
	if gn == nil {
		return nil, f.missing("guid")
	}
	if r.guid, err = d.id(gn, f.field("guid")); err != nil {
		return nil, err
	}
	if nn := f.take("name"); nn != nil {
		if r.name, err = d.text(nn, f.field("name")); err != nil {
			return nil, err
		}
	}
	pn := f.take("position")
	if pn == nil {
		return nil, f.missing("position")
	}
	if r.start, err = d.point(pn, f.field("position")); err != nil {
		return nil, err
	}
	if hn := f.take("heading"); hn != nil {
		if r.heading, err = d.numberIn(hn, f.field("heading"), -360, 360, "°"); err != nil {
			return nil, err
		}
		r.heading = wrapHeading(r.heading)
	}
	if r.indoor, err = p.parseIndoor(f); err != nil {
		return nil, err
	}
	if err := p.entityFields(f, r); err != nil {
		return nil, err
	}
	if in := f.take("instance"); in != nil {
		inst, err := d.integer(in, f.field("instance"), 0, 0xFFFF)
		if err != nil {
			return nil, err
		}
		r.instance = uint16(inst)
	}
	if sn := f.take("script"); sn != nil {
		if r.script, err = p.parseScript(sn, f.field("script")); err != nil {
			return nil, err
		}
	}
	if err := p.motionSteps(r); err != nil {
		return nil, err
	}
	return r, f.finish(remoteFields...)
}

// motionSteps refuses a step whose only message is an UpdateMotion (attack,
// emote, stick_to, move_to, turn_to_object, turn_to_heading) in the script
// of a remote with motion: false, which is sent no motion event: the step
// would do nothing, in silence.
func (p *parser) motionSteps(r *remoteSpec) error {
	if r.hasMotion {
		return nil
	}
	for i := range r.script {
		switch a := &r.script[i]; a.kind {
		case actAttack, actEmote, actStickTo, actMoveTo, actTurnToObject, actTurnToHeading:
			return a.loc.errorf(p.d.file, "the remote has motion: false (no motion interpreter), so it is sent no UpdateMotion and %s would do nothing; drop motion: false or the step", a.kind)
		}
	}
	return nil
}

// entityFields reads the fields a remote and a crowd share: motion table,
// motion interpreter, run rate, body size, cadence and network.
func (p *parser) entityFields(f *fields, r *remoteSpec) error {
	d := p.d
	var err error
	if mn := f.take("motion_table"); mn != nil {
		if r.motionTable, err = d.text(mn, f.field("motion_table")); err != nil {
			return err
		}
		if r.turnRate, err = p.turnRate(mn, f.field("motion_table"), r.motionTable); err != nil {
			return err
		}
	} else if r.turnRate, err = p.turnRate(f.node, f.field("motion_table"), r.motionTable); err != nil {
		return err
	}
	if mn := f.take("motion"); mn != nil {
		if r.hasMotion, err = d.boolean(mn, f.field("motion")); err != nil {
			return err
		}
	}
	if rn := f.take("run_rate"); rn != nil {
		if r.runRate, err = d.positive(rn, f.field("run_rate"), MaxSpeed, ""); err != nil {
			return err
		}
		r.runRate = float64(float32(r.runRate)) // as the header stores it
	}
	if rn := f.take("radius"); rn != nil {
		if r.radius, err = d.positive(rn, f.field("radius"), 100, " m"); err != nil {
			return err
		}
	}
	if hn := f.take("height"); hn != nil {
		if r.height, err = d.positive(hn, f.field("height"), 100, " m"); err != nil {
			return err
		}
	}
	if un := f.take("updates"); un != nil {
		if r.cadence, err = p.parseCadence(un, f.field("updates"), r.cadence); err != nil {
			return err
		}
	}
	if nn := f.take("network"); nn != nil {
		if r.net, err = p.parseNetwork(nn, f.field("network"), r.net); err != nil {
			return err
		}
	}
	return nil
}

// turnRate looks the motion table up and reads its turn rate.
func (p *parser) turnRate(n ast.Node, field, table string) (float64, error) {
	rate, problem := p.lookup.turnRate(table)
	if problem != "" {
		return 0, p.d.errAt(n, field, "%s", problem)
	}
	return rate, nil
}

// parseCadence reads updates: a number (the interval), on_change, or a
// mapping {interval, phase} / {on_change: true, min_interval, heartbeat}.
// Fields not given keep base's values.
func (p *parser) parseCadence(n ast.Node, path string, base cadence) (cadence, error) {
	d, s := p.d, p.s
	c := base
	dt := 1 / float64(s.TickRate)
	switch v := n.(type) {
	case *ast.StringNode:
		if v.Value != "on_change" {
			return c, d.errAt(n, path, `want an interval in seconds, "on_change" or a mapping, got %s`, describe(n))
		}
		return cadence{onChange: true, minInterval: dt}, nil
	case *ast.IntegerNode, *ast.FloatNode:
		iv, err := d.positive(n, path, MaxDuration, " s")
		if err != nil {
			return c, err
		}
		return cadence{interval: iv}, nil
	}
	f, err := d.mapping(n, path)
	if err != nil {
		return c, err
	}
	// The mode is on_change when it says so, else whichever mode's fields
	// are given, else base's.
	switch {
	case f.has("on_change"):
		on := f.take("on_change")
		if on == nil {
			return c, d.errAt(f.keyNode("on_change"), f.field("on_change"), "want true or false")
		}
		if c.onChange, err = d.boolean(on, f.field("on_change")); err != nil {
			return c, err
		}
	case f.has("interval") || f.has("phase"):
		c.onChange = false
	case f.has("min_interval") || f.has("heartbeat"):
		c.onChange = true
	}
	if c.onChange {
		if f.has("interval") || f.has("phase") {
			return c, d.errAt(f.keyNode("interval"), path, "on_change sends on change: give min_interval and heartbeat, not interval or phase")
		}
		c.interval, c.phase = 0, 0
		if c.minInterval < dt {
			c.minInterval = dt
		}
		if mn := f.take("min_interval"); mn != nil {
			if c.minInterval, err = d.numberIn(mn, f.field("min_interval"), 0, MaxDuration, " s"); err != nil {
				return c, err
			}
		}
		if hn := f.take("heartbeat"); hn != nil {
			if c.heartbeat, err = d.numberIn(hn, f.field("heartbeat"), 0, MaxDuration, " s"); err != nil {
				return c, err
			}
		}
		return c, f.finish("on_change", "min_interval", "heartbeat")
	}
	if f.has("min_interval") || f.has("heartbeat") {
		return c, d.errAt(f.keyNode("min_interval"), path, "min_interval and heartbeat belong to on_change: true")
	}
	c.minInterval, c.heartbeat = 0, 0
	if c.interval == 0 {
		c.interval = DefaultInterval
	}
	if in := f.take("interval"); in != nil {
		if c.interval, err = d.positive(in, f.field("interval"), MaxDuration, " s"); err != nil {
			return c, err
		}
	}
	if pn := f.take("phase"); pn != nil {
		if c.phase, err = d.numberIn(pn, f.field("phase"), 0, MaxDuration, " s"); err != nil {
			return c, err
		}
	}
	return c, f.finish("on_change", "interval", "phase")
}

var networkFields = []string{"latency", "jitter", "loss", "duplicate", "reorder", "reorder_delay", "outages"}

// parseNetwork reads a network mapping over base: each given field replaces
// base's (outages replace the whole list).
func (p *parser) parseNetwork(n ast.Node, path string, base network) (network, error) {
	d := p.d
	nw := base
	f, err := d.mapping(n, path)
	if err != nil {
		return nw, err
	}
	delays := []struct {
		key string
		dst *float64
	}{{"latency", &nw.latency}, {"jitter", &nw.jitter}}
	for _, x := range delays {
		if vn := f.take(x.key); vn != nil {
			if *x.dst, err = d.numberIn(vn, f.field(x.key), 0, MaxNetworkDelay, " s"); err != nil {
				return nw, err
			}
		}
	}
	probs := []struct {
		key string
		dst *float64
	}{{"loss", &nw.loss}, {"duplicate", &nw.duplicate}, {"reorder", &nw.reorder}}
	for _, x := range probs {
		if vn := f.take(x.key); vn != nil {
			if *x.dst, err = d.numberIn(vn, f.field(x.key), 0, 1, ""); err != nil {
				return nw, err
			}
		}
	}
	if vn := f.take("reorder_delay"); vn != nil {
		if nw.reorderDelay, err = d.numberIn(vn, f.field("reorder_delay"), 0, MaxNetworkDelay, " s"); err != nil {
			return nw, err
		}
		nw.hasReorderDelay = true
	}
	if on := f.take("outages"); on != nil {
		if nw.outages, err = p.parseOutages(on, f.field("outages")); err != nil {
			return nw, err
		}
	}
	return nw, f.finish(networkFields...)
}

// parseOutages reads outages: [{from, to, drop}], each from < to.
func (p *parser) parseOutages(n ast.Node, path string) ([]outage, error) {
	d, s := p.d, p.s
	els, err := d.list(n, path, MaxOutages)
	if err != nil {
		return nil, err
	}
	out := make([]outage, 0, len(els))
	for i, el := range els {
		field := index(path, i)
		f, err := d.mapping(el, field)
		if err != nil {
			return nil, err
		}
		var o outage
		fn, tn := f.take("from"), f.take("to")
		if fn == nil {
			return nil, f.missing("from")
		}
		if tn == nil {
			return nil, f.missing("to")
		}
		if o.from, err = d.numberIn(fn, f.field("from"), 0, s.Duration, " s"); err != nil {
			return nil, err
		}
		if o.to, err = d.numberIn(tn, f.field("to"), 0, MaxDuration, " s"); err != nil {
			return nil, err
		}
		if o.to <= o.from {
			return nil, d.errAt(tn, f.field("to"), "the outage ends (%v s) before it starts (%v s)", o.to, o.from)
		}
		if dn := f.take("drop"); dn != nil {
			if o.drop, err = d.boolean(dn, f.field("drop")); err != nil {
				return nil, err
			}
		}
		if err := f.finish("from", "to", "drop"); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}
