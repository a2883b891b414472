package session

import "testing"

// A jump past what the pre-run has reached waits there; a step within
// maxStepAhead of the source does not (session.seek steps it).
func TestPlaybackWaitsForThePreRun(t *testing.T) {
	var p Playback
	p.Reset(1000, 30)
	p.Seek(500)
	p.WaitFor(100, 90)
	if p.Cursor() != 100 {
		t.Errorf("a jump to 500 with the pre-run at 100: cursor %d, want 100", p.Cursor())
	}
	p.Seek(105)
	p.WaitFor(100, 100)
	if p.Cursor() != 105 {
		t.Errorf("a step of 5 past the reach: cursor %d, want it kept at 105", p.Cursor())
	}
	p.Seek(500)
	p.WaitFor(100, 300)
	if p.Cursor() != 300 {
		t.Errorf("source at 300 past the reach 100: cursor %d, want 300", p.Cursor())
	}
	p.Seek(50)
	p.WaitFor(100, 0)
	if p.Cursor() != 50 {
		t.Errorf("within the reach: cursor %d, want 50", p.Cursor())
	}
}

// A paused jump past the pre-run lands once the pre-run reaches its tick,
// not at the frontier it waited at; moving the cursor meanwhile drops it.
func TestPlaybackJumpLandsOncePreRun(t *testing.T) {
	var p Playback
	p.Reset(9000, 30)
	p.Seek(7000)
	p.WaitFor(2048, 0)
	if p.Cursor() != 2048 || p.WaitingFor() != 7000 {
		t.Fatalf("a jump to 7000 with the pre-run at 2048: cursor %d waiting for %d, want 2048 and 7000", p.Cursor(), p.WaitingFor())
	}
	p.WaitFor(6000, 2048)
	if p.Cursor() != 2048 {
		t.Errorf("pre-run at 6000: cursor %d, want it still waiting at 2048", p.Cursor())
	}
	if !p.WaitFor(7040, 2048) {
		t.Error("landing at 7000 did not say so")
	}
	if p.Cursor() != 7000 || p.WaitingFor() != 0 {
		t.Errorf("pre-run at 7040: cursor %d waiting for %d, want 7000 and no wait", p.Cursor(), p.WaitingFor())
	}

	p.Reset(9000, 30)
	p.Seek(7000)
	p.WaitFor(2048, 0)
	p.Step(-1) // the user moves on
	p.WaitFor(8000, 2047)
	if p.Cursor() != 2047 || p.WaitingFor() != 0 {
		t.Errorf("moved to 2047 while waiting: cursor %d waiting for %d, want 2047 and the jump dropped", p.Cursor(), p.WaitingFor())
	}

	p.Reset(9000, 30)
	p.Seek(7000)
	p.SetPlaying(true) // playing steps on by itself: nothing to keep
	p.WaitFor(2048, 0)
	if p.Cursor() != 2048 || p.WaitingFor() != 0 {
		t.Errorf("playing past the pre-run: cursor %d waiting for %d, want 2048 and no jump kept", p.Cursor(), p.WaitingFor())
	}
}

// While following, the cursor rides the live edge as the run grows, lets
// go once the user moves it, and End brings it back.
func TestPlaybackLiveEdge(t *testing.T) {
	var p Playback
	p.Reset(10, 30)
	p.Follow()
	p.Begin(10, false)
	p.Grown(20, true)
	if p.Cursor() != 20 || !p.AtEdge() {
		t.Fatalf("grown at the edge: cursor %d, edge %v; want 20, true", p.Cursor(), p.AtEdge())
	}
	p.NoteScrub()
	if !p.AtEdge() {
		t.Fatal("the cursor where the follow put it counts as a scrub")
	}
	p.Seek(5)
	p.NoteScrub()
	p.Grown(30, true)
	if p.AtEdge() || p.Cursor() != 5 {
		t.Fatalf("scrubbed back then grown: cursor %d, edge %v; want 5, false", p.Cursor(), p.AtEdge())
	}
	p.GoLive()
	p.Seek(p.Last())
	p.NoteScrub()
	p.Grown(40, true)
	if !p.AtEdge() || p.Cursor() != 40 {
		t.Errorf("End then grown: cursor %d, edge %v; want 40, true", p.Cursor(), p.AtEdge())
	}
	p.Unfollow()
	p.Grown(50, false)
	if p.Following() || p.Cursor() != 40 {
		t.Errorf("unfollowed then grown: cursor %d, following %v; want 40, false", p.Cursor(), p.Following())
	}
	p.GoLive()
	if p.AtEdge() {
		t.Error("End without a follow holds the cursor at the edge")
	}
}

// Without a follow, growth only lengthens the run; playing into the last
// tick of a growing run waits there, and a new input starts the cursor
// over but keeps the follow.
func TestPlaybackGrowingRunWaits(t *testing.T) {
	var p Playback
	p.Reset(10, 10)
	p.Begin(8, true)
	p.Grown(10, true)
	p.Advance(1)
	if p.Cursor() != 10 || !p.Waiting() {
		t.Fatalf("played into a growing run's end: cursor %d, waiting %v", p.Cursor(), p.Waiting())
	}
	p.Grown(20, true)
	p.Advance(0.5)
	if p.Cursor() != 15 {
		t.Errorf("after growth play goes on: cursor %d, want 15", p.Cursor())
	}
	p.Follow()
	p.Reset(5, 10)
	if p.Cursor() != 0 || p.Last() != 5 || !p.Following() {
		t.Errorf("reset: cursor %d, last %d, following %v", p.Cursor(), p.Last(), p.Following())
	}
}
