// The client's MotionTable as the pipeline's motion table: one MotionData
// per motion command Glidepath plays, read from the table's default style
// (CMotionTable::GetObjectSequence looks cycles up by (style << 16) |
// (motion & 0xFFFFFF); seed 002 §5), with its animations' frame counts and
// pos_frames, framerates and velocity/omega exactly as the dat holds them.

package datworld

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/assets/dat"
	"glidepath/physics"
	"glidepath/physics/anim"
)

// Retail MotionCommand ids of the motions Glidepath plays (ACE
// Source/ACE.Entity/Enum/MotionCommand.cs).
const (
	cmdReady         = 0x41000003
	cmdWalkForward   = 0x45000005
	cmdWalkBackwards = 0x45000006
	cmdRunForward    = 0x44000007
	cmdTurnRight     = 0x6500000D
	cmdTurnLeft      = 0x6500000E
	cmdSideStepRight = 0x6500000F
	cmdSideStepLeft  = 0x65000010
	cmdJump          = 0x2500003B
	cmdWave          = 0x13000087
)

// cycles are the motions read from the table's cycles; actions from its
// links out of Ready (an action is a link's motion: the table has no cycle
// for it).
var (
	cycles = []struct {
		m   anim.Motion
		cmd uint32
	}{
		{anim.Ready, cmdReady}, {anim.WalkForward, cmdWalkForward}, {anim.WalkBackward, cmdWalkBackwards},
		{anim.RunForward, cmdRunForward}, {anim.TurnRight, cmdTurnRight}, {anim.TurnLeft, cmdTurnLeft},
		{anim.SideStepRight, cmdSideStepRight}, {anim.SideStepLeft, cmdSideStepLeft},
	}
	actions = []struct {
		m   anim.Motion
		cmd uint32
	}{{anim.Jump, cmdJump}, {anim.Wave, cmdWave}}
	// mirrors are the motions a retail table usually lacks because
	// CMotionInterp::adjust_motion turns them into another at a scaled
	// speed (ACE MotionInterp.cs: WalkBackwards → WalkForward × −0.65,
	// TurnLeft → TurnRight × −1, SideStepLeft → SideStepRight × −1);
	// Glidepath's tables hold them as that scaled MotionData, as
	// assets/motion/humanoid.json does.
	mirrors = []struct {
		m, from anim.Motion
		speed   float32
	}{
		{anim.WalkBackward, anim.WalkForward, -anim.BackwardsFactor},
		{anim.TurnLeft, anim.TurnRight, -1},
		{anim.SideStepLeft, anim.SideStepRight, -1},
	}
)

func cycleKey(style, motion uint32) uint32 { return style<<16 | motion&0xFFFFFF }

// motionOf is the cycle a link key (style set: (style << 16) | (motion &
// 0xFFFFFF)) or a motion command (style 0) names, if Glidepath plays it.
func motionOf(v, style uint32) (anim.Motion, bool) {
	for _, c := range cycles {
		if style != 0 && v == cycleKey(style, c.cmd) || style == 0 && v == c.cmd {
			return c.m, true
		}
	}
	return 0, false
}

// maxMotionValue bounds a MotionData's velocity and omega components and an
// animation's framerate: a hostile dat's 1e30 is refused (the table falls
// back), not played.
const maxMotionValue = 1e4

func finiteBounded(v float32) bool { return v > -maxMotionValue && v < maxMotionValue }

// MotionTable is MotionTable id converted (ConvertMotionTable); nil when
// the dats lack it.
func (w *World) MotionTable(id uint32) (*anim.MotionTable, error) {
	mt, err := w.d.MotionTable(id)
	if err != nil {
		if absent(err) {
			return nil, nil
		}
		return nil, err
	}
	return ConvertMotionTable(mt, w.d.Animation)
}

// ConvertMotionTable converts mt, reading its animations with load. A
// missing or damaged animation, or a table without a Ready cycle in its
// default style, is an error naming the table.
func ConvertMotionTable(mt *dat.MotionTable, load func(uint32) (*dat.Animation, error)) (*anim.MotionTable, error) {
	name := fmt.Sprintf("0x%08X", mt.ID)
	fail := func(format string, args ...any) error {
		return fmt.Errorf("motion table %s: %s", name, fmt.Sprintf(format, args...))
	}
	style := mt.DefaultStyle
	var anims []*anim.Animation
	animOf := func(id uint32) (*anim.Animation, error) {
		an := fmt.Sprintf("0x%08X", id)
		for _, a := range anims {
			if a.Name() == an {
				return a, nil
			}
		}
		da, err := load(id)
		if err != nil {
			return nil, err
		}
		a, err := convertAnimation(an, da)
		if err != nil {
			return nil, err
		}
		anims = append(anims, a)
		return a, nil
	}
	convert := func(field string, d *dat.MotionData) (*anim.MotionData, error) {
		if len(d.Anims) == 0 {
			// A modifier-like entry with no animation: Glidepath's
			// MotionData always appends at least one.
			return nil, nil
		}
		if len(d.Anims) > anim.MaxAnimsPerMotion {
			return nil, fail("%s: %d animations, more than %d", field, len(d.Anims), anim.MaxAnimsPerMotion)
		}
		for _, v := range append(d.Velocity[:], d.Omega[:]...) {
			if !finiteBounded(v) {
				return nil, fail("%s: velocity %v, omega %v: want finite numbers below %g", field, d.Velocity, d.Omega, maxMotionValue)
			}
		}
		md := &anim.MotionData{
			Velocity: mgl32.Vec3(d.Velocity), Omega: mgl32.Vec3(d.Omega),
			Source: fmt.Sprintf("client_portal.dat MotionTable %s, %s", name, field),
		}
		for i, ad := range d.Anims {
			if !finiteBounded(ad.Framerate) {
				return nil, fail("%s.anims[%d]: framerate %v: want a finite number below %g", field, i, ad.Framerate, maxMotionValue)
			}
			a, err := animOf(ad.AnimID)
			if err != nil {
				return nil, fail("%s.anims[%d]: %v", field, i, err)
			}
			md.Anims = append(md.Anims, clampFrames(a, ad))
		}
		return md, nil
	}
	motions := make([]*anim.MotionData, anim.Wave+1)
	for _, c := range cycles {
		for i := range mt.Cycles {
			if mt.Cycles[i].Key == cycleKey(style, c.cmd) {
				md, err := convert(fmt.Sprintf("cycle 0x%08X", mt.Cycles[i].Key), &mt.Cycles[i].Data)
				if err != nil {
					return nil, err
				}
				motions[c.m] = md
				break
			}
		}
	}
	for _, a := range actions {
		for i := range mt.Links {
			if mt.Links[i].Key != cycleKey(style, cmdReady) {
				continue
			}
			for j := range mt.Links[i].Motions {
				if lm := &mt.Links[i].Motions[j]; lm.Motion == a.cmd {
					md, err := convert(fmt.Sprintf("link 0x%08X → 0x%08X", mt.Links[i].Key, a.cmd), &lm.Data)
					if err != nil {
						return nil, err
					}
					motions[a.m] = md
				}
			}
		}
	}
	// Links between the cycles read, forwards: key (style << 16) | (from &
	// 0xFFFFFF), each of its motions a destination.
	var links []anim.Link
	for i := range mt.Links {
		from, ok := motionOf(mt.Links[i].Key, style)
		if !ok || motions[from] == nil {
			continue
		}
		for j := range mt.Links[i].Motions {
			lm := &mt.Links[i].Motions[j]
			to, ok := motionOf(lm.Motion, 0)
			if !ok || motions[to] == nil || to == from {
				continue
			}
			md, err := convert(fmt.Sprintf("link 0x%08X → 0x%08X", mt.Links[i].Key, lm.Motion), &lm.Data)
			if err != nil {
				return nil, err
			}
			if md != nil {
				links = append(links, anim.Link{From: from, To: to, Data: md})
			}
		}
	}
	for _, mr := range mirrors {
		if motions[mr.m] == nil && motions[mr.from] != nil {
			motions[mr.m] = scaled(motions[mr.from], mr.speed, mr.m)
		}
	}
	if motions[anim.Ready] == nil {
		return nil, fail("no Ready cycle (key 0x%08X) in its default style 0x%08X", cycleKey(style, cmdReady), style)
	}
	return anim.NewMotionTable(name, fmt.Sprintf("client_portal.dat MotionTable %s (docs/world.md)", name), motions, links)
}

// scaled is md played at speed: CMotionInterp::adjust_motion's substitute,
// as a MotionData of its own (operator*(AnimData, float) on each
// animation, velocity and omega times speed).
func scaled(md *anim.MotionData, speed float32, m anim.Motion) *anim.MotionData {
	out := &anim.MotionData{Velocity: md.Velocity.Mul(speed), Omega: md.Omega.Mul(speed),
		Source: fmt.Sprintf("%s: %s × %g (adjust_motion)", m, md.Source, speed)}
	for _, a := range md.Anims {
		out.Anims = append(out.Anims, a.Scaled(speed))
	}
	return out
}

// clampFrames is AnimData ad on animation a with its frame range brought
// into the animation as AnimSequenceNode::set_animation_id does (ACE
// AnimSequenceNode.cs): a high frame past the end (or −1) is the last
// frame, a low frame past the end the last frame, and a low frame above
// the high one the high one.
func clampFrames(a *anim.Animation, ad dat.AnimData) anim.AnimData {
	last := int32(a.NumFrames() - 1)
	low, high := ad.LowFrame, ad.HighFrame
	if high < 0 || high > last {
		high = last
	}
	if low < 0 {
		low = 0
	}
	if low > last {
		low = last
	}
	if low > high {
		high = low
	}
	if ad.HighFrame == -1 {
		high = -1
	}
	return anim.AnimData{Anim: a, Framerate: ad.Framerate, LowFrame: low, HighFrame: high}
}

// convertAnimation is Animation da with its pos_frames (AFrame root
// motion, seed 002 §7).
func convertAnimation(name string, da *dat.Animation) (*anim.Animation, error) {
	n := int(da.NumFrames)
	if n < 1 || n > anim.MaxAnimationFrames {
		return nil, fmt.Errorf("animation %s: %d frames, want 1 to %d", name, n, anim.MaxAnimationFrames)
	}
	var pos []physics.Frame
	if len(da.PosFrames) > 0 {
		if len(da.PosFrames) != n {
			return nil, fmt.Errorf("animation %s: %d pos_frames for %d frames", name, len(da.PosFrames), n)
		}
		pos = make([]physics.Frame, n)
		for i, f := range da.PosFrames {
			q := mgl32.Quat{W: f.Rotation[0], V: mgl32.Vec3{f.Rotation[1], f.Rotation[2], f.Rotation[3]}}
			pos[i] = physics.NewFrame(mgl32.Vec3(f.Origin), q)
			if !pos[i].IsValid() {
				return nil, fmt.Errorf("animation %s: pos_frames[%d]: not a valid frame (origin %v, rotation %v)", name, i, f.Origin, f.Rotation)
			}
		}
	}
	return anim.NewAnimation(name, n, pos)
}
