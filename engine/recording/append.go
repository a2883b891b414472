package recording

// AppendEvent appends ev as its Recording v1 line, without the newline:
// the line Writer.Write writes (the imported-events table's detail).
func AppendEvent(b []byte, ev *Event) []byte { return appendEvent(b, ev) }
