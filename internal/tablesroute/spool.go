package tablesroute

import (
	"os"

	"glidepath/engine/tables"
)

// spoolCopyRows is the number of spooled rows copied at once.
const spoolCopyRows = 8192

// AppendSpooled copies an input's spooled state and event rows (the spool
// files states and events; "" for none) into the tables and removes the
// spool files.
func (f *Files) AppendSpooled(states, events string) error {
	if states != "" {
		if err := copySpool[tables.State](states, f.states); err != nil {
			return err
		}
	}
	if events != "" {
		if err := copySpool(events, f.events); err != nil {
			return err
		}
	}
	return nil
}

func copySpool[T tables.Row](path string, w tables.Writer[T]) error {
	rd, err := tables.OpenParquet[T](path)
	if err != nil {
		return err
	}
	err = rd.CopyTo(w, spoolCopyRows)
	if cerr := rd.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Remove(path)
	}
	return err
}
