// Crowds: many remotes from a few lines. A crowd of N members starts each at
// a random spot of an area, facing a random way, and gives it a script of
// random walks (or runs) to other spots of the area with random pauses
// between them; with an interval cadence the members' send phases are spread
// over the interval. All of it is drawn from a PCG generator seeded with the scenario's
// seed and the crowd's first guid, so a crowd is the same on every compile.

package scenario

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/goccy/go-yaml/ast"

	"glidepath/engine/hexid"
)

var crowdFields = []string{"count", "first_guid", "name", "area", "legs", "wait", "gait",
	"motion_table", "motion", "run_rate", "radius", "height", "updates", "network"}

// crowds reads the crowds list and adds every member as a remote.
func (p *parser) crowds(n ast.Node, path string) error {
	d := p.d
	els, err := d.list(n, path, MaxRemotes)
	if err != nil {
		return err
	}
	for i, el := range els {
		if err := p.crowd(el, index(path, i)); err != nil {
			return err
		}
	}
	return nil
}

// crowdSpec is what one crowd entry says besides the member template.
type crowdSpec struct {
	count     int
	firstGUID uint32
	name      string
	min, max  point
	legs      int
	wait      float64
	gait      string
}

func (p *parser) crowd(n ast.Node, path string) error {
	d, s := p.d, p.s
	f, err := d.mapping(n, path)
	if err != nil {
		return err
	}
	if err := f.known(crowdFields...); err != nil {
		return err
	}
	cs := crowdSpec{legs: DefaultCrowdLegs, wait: DefaultCrowdWait, gait: "mixed", name: "Crowd"}
	cn := f.take("count")
	if cn == nil {
		return f.missing("count")
	}
	count, err := d.integer(cn, f.field("count"), 1, MaxRemotes)
	if err != nil {
		return err
	}
	if len(s.remotes)+int(count) > MaxRemotes {
		return d.errAt(cn, f.field("count"), "%d more remotes make %d, more than the limit of %d", count, len(s.remotes)+int(count), MaxRemotes)
	}
	cs.count = int(count)
	gn := f.take("first_guid")
	if gn == nil {
		return f.missing("first_guid")
	}
	if cs.firstGUID, err = d.id(gn, f.field("first_guid")); err != nil {
		return err
	}
	if uint64(cs.firstGUID)+uint64(cs.count) > 1<<32 {
		return d.errAt(gn, f.field("first_guid"), "%d guids from %s run past 0xFFFFFFFF", cs.count, hexid.String(cs.firstGUID))
	}
	if nn := f.take("name"); nn != nil {
		if cs.name, err = d.text(nn, f.field("name")); err != nil {
			return err
		}
	}
	if err := p.crowdArea(f, &cs); err != nil {
		return err
	}
	if ln := f.take("legs"); ln != nil {
		legs, err := d.integer(ln, f.field("legs"), 0, MaxScriptActions/2)
		if err != nil {
			return err
		}
		cs.legs = int(legs)
	}
	if cs.count*cs.legs > MaxCrowdWalks {
		return d.errAt(f.take("legs"), f.field("legs"), "%d members × %d legs is more than the limit of %d walks", cs.count, cs.legs, MaxCrowdWalks)
	}
	if wn := f.take("wait"); wn != nil {
		if cs.wait, err = d.numberIn(wn, f.field("wait"), 0, MaxDuration, " s"); err != nil {
			return err
		}
	}
	if gn := f.take("gait"); gn != nil {
		if cs.gait, err = d.word(gn, f.field("gait"), "walk", "run", "mixed"); err != nil {
			return err
		}
	}
	template := p.newRemote(where(n, path))
	if err := p.entityFields(f, template); err != nil {
		return err
	}
	if err := f.finish(crowdFields...); err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(s.Seed, streamSeed(cs.firstGUID, streamCrowd)))
	for i := range cs.count {
		r := cs.member(template, i, rng)
		if err := p.addRemote(r, n); err != nil {
			return err
		}
	}
	return nil
}

// crowdArea reads area: {min: [x, y], max: [x, y]}.
func (p *parser) crowdArea(f *fields, cs *crowdSpec) error {
	d := p.d
	an := f.take("area")
	if an == nil {
		return f.missing("area")
	}
	af, err := d.mapping(an, f.field("area"))
	if err != nil {
		return err
	}
	mn, xn := af.take("min"), af.take("max")
	if mn == nil {
		return af.missing("min")
	}
	if xn == nil {
		return af.missing("max")
	}
	if cs.min, err = d.point(mn, af.field("min")); err != nil {
		return err
	}
	if cs.max, err = d.point(xn, af.field("max")); err != nil {
		return err
	}
	if cs.max.x < cs.min.x || cs.max.y < cs.min.y {
		return d.errAt(xn, af.field("max"), "max must not be west or south of min")
	}
	return af.finish("min", "max")
}

// member builds crowd member i from the template.
func (cs *crowdSpec) member(template *remoteSpec, i int, rng *rand.Rand) *remoteSpec {
	r := *template
	r.loc.field = fmt.Sprintf("%s member %d", template.field, i)
	r.guid = cs.firstGUID + uint32(i)
	r.name = fmt.Sprintf("%s %d", cs.name, i+1)
	r.start = cs.spot(rng)
	r.heading = math.Floor(float64(rng.Float64() * 360))
	if !r.cadence.onChange {
		// Spread the members' sends over the interval, as a server's are.
		r.cadence.phase = float64(rng.Float64() * r.cadence.interval)
	}
	r.script = make([]action, 0, 2*cs.legs)
	for range cs.legs {
		if pause := float64(rng.Float64() * cs.wait); pause > 0 {
			r.script = append(r.script, action{loc: r.loc, kind: actWait, duration: pause, speed: 1})
		}
		kind := actWalkTo
		switch cs.gait {
		case "run":
			kind = actRunTo
		case "mixed":
			if rng.IntN(2) == 1 {
				kind = actRunTo
			}
		}
		r.script = append(r.script, action{loc: r.loc, kind: kind, target: cs.spot(rng), speed: 1})
	}
	return &r
}

// spot is a random point of the crowd's area.
func (cs *crowdSpec) spot(rng *rand.Rand) point {
	return point{
		x: cs.min.x + float64(rng.Float64()*(cs.max.x-cs.min.x)),
		y: cs.min.y + float64(rng.Float64()*(cs.max.y-cs.min.y)),
	}
}
