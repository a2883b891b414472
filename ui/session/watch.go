// The watch on a followed file (viewer -follow FILE): every few updates
// the file is looked at again, and a file gone, replaced by another or
// truncated, or a problem in what was appended, ends the follow.

package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// watchTicks is how often (in updates) the followed file is checked.
const watchTicks = 30

// Watch watches the followed file; the cursor's hold at the live edge is
// Playback's.
type Watch struct {
	info    os.FileInfo
	counter int
	missing bool // the last look found no file at the path
}

// NewWatch watches the file fi describes.
func NewWatch(fi os.FileInfo) Watch { return Watch{info: fi} }

// Check looks at file, s's followed input, every watchTicks calls (force:
// now), and says why the follow must stop ("" while it goes on).
func (w *Watch) Check(s *Session, file string, force bool) (why string) {
	w.counter++
	if !force && w.counter%watchTicks != 0 {
		return ""
	}
	if _, _, _, err := s.Growing(); err != nil {
		return err.Error()
	}
	fi, err := os.Stat(file)
	var read int64
	if st := StoreOf(s.Runs[0].Src); st != nil {
		read, _ = st.Progress()
	}
	// A path found empty once is looked at again before the file is called
	// gone: a rotation renames the file away before it creates the next
	// (recording.Tail's check).
	if was := w.missing; err == nil || !errors.Is(err, fs.ErrNotExist) {
		w.missing = false
	} else if w.missing = true; !was {
		return ""
	}
	switch {
	case err != nil:
		return "the followed file is gone"
	case !os.SameFile(fi, w.info):
		return "the followed file was replaced by another file"
	case fi.Size() < read:
		return fmt.Sprintf("the followed file was truncated to %d bytes", fi.Size())
	}
	return ""
}
