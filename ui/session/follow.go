// A followed file's reading: whether it waits at the end of what is
// written.

package session

import (
	"os"

	"glidepath/ui/model"
	"glidepath/ui/simsource"
)

// StoreOf is the event store src reads, if it is a simsource run.
func StoreOf(src model.Source) interface {
	Following() bool
	Idle() bool
	Progress() (int64, int64)
} {
	if s, ok := src.(*simsource.Source); ok {
		return s.Store()
	}
	return nil
}

// FollowIdle reports whether the reading of the followed file waits at its
// end, having used every byte written so far.
func FollowIdle(src model.Source, file string) bool {
	st := StoreOf(src)
	if st == nil || !st.Following() {
		return true
	}
	if !st.Idle() {
		return false
	}
	fi, err := os.Stat(file)
	if err != nil {
		return true // reported by pollLive
	}
	read, _ := st.Progress()
	return read >= fi.Size()
}
