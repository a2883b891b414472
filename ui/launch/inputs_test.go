package launch

// The shipped and test inputs the window commands' tests open (paths from
// this directory).
const (
	farJump = "../../engine/testdata/far_jump.jsonl"
)
