// Distance rings: MAX_PHYSICS_DISTANCE (96 m) around the observer, inside
// which MoveOrTeleport interpolates and beyond which it slide-snaps (seed
// 004 §3), and the creature blip distances around the selection, 100 m
// outdoors and 20 m indoors (seed 001), the one for its cell drawn solid.

package overlay

import (
	"glidepath/physics"
	"glidepath/ui/draw"
	"glidepath/ui/model"
)

func (d *Drawer) rings(c draw.Canvas, sc *Scene) {
	s := sc.Snap
	if s.HasObserver {
		c.Circle(s.Observer, float64(physics.MaxPhysicsDistance), draw.Stroke{Width: 2, Color: RingColor, Layer: draw.Ground})
	}
	i := s.Find(sc.Selected)
	if sc.Selected == 0 || i < 0 {
		return
	}
	o := &s.Objects[i]
	indoor := o.Position.IsIndoor()
	for _, r := range [2]struct {
		dist   float32
		indoor bool
	}{{physics.CreatureOutsideBlipDistance, false}, {physics.CreatureInsideBlipDistance, true}} {
		a := float32(0.35)
		if r.indoor == indoor {
			a = 1
		}
		c.Circle(model.Global(&o.Position), float64(r.dist), draw.Stroke{Width: 1.5, Color: draw.Fade(BlipColor, a), Layer: draw.Ground})
	}
}
