package recording

// For the tests of package recording_test, which read what the other
// packages' writers write.
var (
	CheckFixed     = checkFixed
	CheckWholeFile = checkWholeFile
)
