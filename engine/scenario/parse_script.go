// Parsing scripts: each step is a mapping with exactly one action key
// (walk_to, run_to, strafe, turn_to, path, jump, teleport_to, blip_to, stop,
// wait, airborne_updates, attack, emote, stick_to, move_to, turn_to_object, turn_to_heading) and that action's options; the bare word stop is a
// step too.

package scenario

import (
	"strings"

	"glidepath/engine/recording"

	"github.com/goccy/go-yaml/ast"
)

// actionOptions lists each action's option keys (besides the action key and
// note).
var actionOptions = [...][]string{
	actWalkTo:        {"speed", "backward", "moving_to"},
	actRunTo:         {"speed", "moving_to"},
	actStrafe:        {"duration", "speed"},
	actTurnTo:        {"speed"},
	actPath:          {"loop", "laps", "gait", "speed", "moving_to"},
	actJump:          {"forward"},
	actTeleportTo:    {"heading"},
	actBlipTo:        {"heading"},
	actStop:          {},
	actWait:          {},
	actAirborne:      {},
	actAttack:        {"speed"},
	actEmote:         {"speed"},
	actStickTo:       {},
	actMoveTo:        {"sticky", "distance", "speed", "heading"},
	actTurnToObject:  {"speed"},
	actTurnToHeading: {"speed"},
}

func actionList() string {
	var names []string
	for k := actWalkTo; k <= actLast; k++ {
		names = append(names, k.String())
	}
	return strings.Join(names, ", ")
}

// parseScript reads a list of steps. A looping path with no lap count never
// ends, so a step after it is refused: it would never run.
func (p *parser) parseScript(n ast.Node, path string) ([]action, error) {
	d := p.d
	els, err := d.list(n, path, MaxScriptActions)
	if err != nil {
		return nil, err
	}
	script := make([]action, 0, len(els))
	for i, el := range els {
		field := index(path, i)
		if i > 0 {
			if prev := &script[i-1]; prev.kind == actPath && prev.loop && prev.laps == 0 {
				return nil, d.errAt(el, field, "never runs: the looping path before it (line %d) never ends; give that path laps", prev.line)
			}
		}
		a, err := p.parseAction(el, field)
		if err != nil {
			return nil, err
		}
		script = append(script, a)
	}
	return script, nil
}

func (p *parser) parseAction(n ast.Node, path string) (action, error) {
	d := p.d
	if s, ok := n.(*ast.StringNode); ok && s.Value == "stop" {
		return action{loc: where(n, path), kind: actStop}, nil
	}
	f, err := d.mapping(n, path)
	if err != nil {
		return action{}, d.errAt(n, path, "want a step such as {walk_to: [x, y]}, got %s", describe(n))
	}
	var kind actionKind
	for k := actWalkTo; k <= actLast; k++ {
		if !f.has(k.String()) {
			continue
		}
		if kind != 0 {
			return action{}, d.errAt(f.keyNode(k.String()), path,
				"two actions in one step (%s and %s); give each its own list item", kind, k)
		}
		kind = k
	}
	if kind == 0 {
		for _, e := range f.entries {
			if e.key != "note" && !isOption(e.key) {
				return action{}, d.errAt(e.kn, join(path, e.key), "unknown action; want one of %s", actionList())
			}
		}
		return action{}, d.errAt(n, path, "no action in this step; want one of %s", actionList())
	}
	field := join(path, kind.String())
	a := action{loc: where(f.keyNode(kind.String()), field), kind: kind, speed: 1}
	if nn := f.take("note"); nn != nil {
		if a.note, err = d.text(nn, join(path, "note")); err != nil {
			return a, err
		}
	}
	vn := f.take(kind.String())
	if err := p.actionValue(&a, f, vn, field); err != nil {
		return a, err
	}
	if err := p.actionOptions(&a, f); err != nil {
		return a, err
	}
	known := append([]string{kind.String(), "note"}, actionOptions[kind]...)
	return a, f.finish(known...)
}

// isOption reports whether key is an option of some action.
func isOption(key string) bool {
	for _, opts := range actionOptions {
		for _, o := range opts {
			if o == key {
				return true
			}
		}
	}
	return false
}

// actionValue reads the value of the action key itself.
func (p *parser) actionValue(a *action, f *fields, vn ast.Node, field string) error {
	d := p.d
	var err error
	need := func() error {
		if vn == nil {
			return d.errAt(f.keyNode(a.kind.String()), field, "missing value")
		}
		return nil
	}
	switch a.kind {
	case actWalkTo, actRunTo, actTeleportTo, actBlipTo:
		if err := need(); err != nil {
			return err
		}
		a.target, err = d.point(vn, field)
	case actStrafe:
		if err := need(); err != nil {
			return err
		}
		var side string
		side, err = d.word(vn, field, "right", "left")
		a.right = side == "right"
	case actTurnTo:
		if err := need(); err != nil {
			return err
		}
		a.heading, err = d.numberIn(vn, field, -360, 360, "°")
		a.heading = wrapHeading(a.heading)
	case actPath:
		if err := need(); err != nil {
			return err
		}
		a.waypoints, err = p.parseWaypoints(vn, field)
		a.movingTo = true
	case actJump:
		if err := need(); err != nil {
			return err
		}
		a.vz, err = d.positive(vn, field, MaxJumpSpeed, " m/s")
	case actWait:
		if err := need(); err != nil {
			return err
		}
		a.duration, err = d.numberIn(vn, field, 0, MaxDuration, " s")
	case actAirborne:
		if err := need(); err != nil {
			return err
		}
		a.on, err = d.boolean(vn, field)
	case actAttack:
		// attack: true (or attack: Attack): the lunge action.
		if vn != nil {
			if s, ok := vn.(*ast.StringNode); !ok || s.Value != "Attack" {
				var on bool
				if on, err = d.boolean(vn, field); err == nil && !on {
					err = d.errAt(vn, field, "attack takes true (or Attack)")
				}
			}
		}
		a.emote = recording.ActionAttack
	case actEmote:
		if err := need(); err != nil {
			return err
		}
		if _, err = d.word(vn, field, "Wave"); err == nil {
			a.emote = recording.ActionWave
		}
	case actStickTo:
		if err := need(); err != nil {
			return err
		}
		a.stickTo, err = d.id(vn, field)
	case actMoveTo:
		// move_to: a remote's guid (MoveToObject) or a point [x, y]
		// (MoveToPosition).
		if err := need(); err != nil {
			return err
		}
		if _, isList := vn.(*ast.SequenceNode); isList {
			a.target, err = d.point(vn, field)
		} else if a.stickTo, err = d.id(vn, field); err == nil && a.stickTo == 0 {
			err = d.errAt(vn, field, "want a remote's guid or a point [x, y]")
		}
	case actTurnToObject:
		// turn_to_object: a remote's guid (TurnToObject).
		if err := need(); err != nil {
			return err
		}
		if a.stickTo, err = d.id(vn, field); err == nil && a.stickTo == 0 {
			err = d.errAt(vn, field, "want a remote's guid")
		}
	case actTurnToHeading:
		// turn_to_heading: the desired heading (TurnToHeading).
		if err := need(); err != nil {
			return err
		}
		a.heading, err = d.numberIn(vn, field, -360, 360, "°")
		a.heading, a.hasHeading = wrapHeading(a.heading), true
	case actStop:
		if vn != nil {
			var on bool
			if on, err = d.boolean(vn, field); err == nil && !on {
				err = d.errAt(vn, field, "stop takes no value (or true)")
			}
		}
	}
	return err
}

// parseWaypoints reads a path's points.
func (p *parser) parseWaypoints(n ast.Node, field string) ([]point, error) {
	els, err := p.d.list(n, field, MaxWaypoints)
	if err != nil {
		return nil, err
	}
	if len(els) == 0 {
		return nil, p.d.errAt(n, field, "want at least one waypoint")
	}
	pts := make([]point, len(els))
	for i, el := range els {
		if pts[i], err = p.d.point(el, index(field, i)); err != nil {
			return nil, err
		}
	}
	return pts, nil
}

// actionOptions reads the options of a's kind.
func (p *parser) actionOptions(a *action, f *fields) error {
	d := p.d
	var err error
	for _, key := range actionOptions[a.kind] {
		vn := f.take(key)
		if vn == nil {
			if key == "duration" && a.kind == actStrafe {
				return f.missing("duration")
			}
			continue
		}
		field := f.field(key)
		switch key {
		case "speed":
			a.speed, err = d.positive(vn, field, MaxSpeed, "")
		case "backward":
			a.backward, err = d.boolean(vn, field)
		case "moving_to":
			a.movingTo, err = d.boolean(vn, field)
		case "duration":
			a.duration, err = d.numberIn(vn, field, 0, MaxDuration, " s")
		case "loop":
			a.loop, err = d.boolean(vn, field)
		case "laps":
			var laps int64
			laps, err = d.integer(vn, field, 1, 1<<30)
			a.laps = int(laps)
		case "gait":
			var gait string
			gait, err = d.word(vn, field, "walk", "run")
			a.run = gait == "run"
		case "forward":
			a.forward, err = d.numberIn(vn, field, -MaxJumpSpeed, MaxJumpSpeed, " m/s")
		case "heading":
			a.heading, err = d.numberIn(vn, field, -360, 360, "°")
			a.heading, a.hasHeading = wrapHeading(a.heading), true
		case "sticky":
			a.sticky, err = d.boolean(vn, field)
			if err == nil && a.sticky && a.stickTo == 0 {
				err = d.errAt(vn, field, "only a move_to naming a remote can be sticky")
			}
		case "distance":
			a.distance, err = d.numberIn(vn, field, 0, MaxDuration, " m")
			a.hasDistance = true
		}
		if err != nil {
			return err
		}
	}
	if a.kind == actPath {
		if a.laps > 0 && !a.loop {
			return d.errAt(f.keyNode("laps"), f.field("laps"), "laps needs loop: true")
		}
		if a.loop && pathLength(a.waypoints, true) < MinLoopLength {
			return d.errAt(f.keyNode("path"), f.field("path"), "a looping path must be at least %v m long around", MinLoopLength)
		}
	}
	return nil
}
