package inputfile

import "testing"

// NotText names the binary formats a user gives by mistake by their magic
// numbers (PNG: RFC 2083 §3.1; zip: APPNOTE 4.3.7 local file header
// PK\x03\x04; Parquet: the "PAR1" magic of the Apache Parquet file format;
// gzip: RFC 1952 §2.3.1, left to the readers that decompress it) and any
// other head with a NUL byte, and leaves text of every input kind alone.
func TestNotText(t *testing.T) {
	for head, want := range map[string]string{
		"\x89PNG\r\n\x1a\n":                          "a PNG image",
		"PK\x03\x04\x14\x00":                         "a zip archive",
		"PK\x05\x06":                                 "a zip archive",
		"PAR1\x15\x04":                               "a Parquet file",
		"GIF89a":                                     "a GIF image",
		"{\"t\":1\x00}":                              "binary data",
		"\x1f\x8b\x08\x00\x00\x00":                   "",
		`{"format":"glidepath-recording"}`:           "",
		"duration: 30s\nremotes:\n":                  "",
		"tick,guid,cell,x,y,z\n":                     "",
		"\xEF\xBB\xBF{\"t\": 0.0, \"dir\": \"c2s\"}": "",
		"":    "",
		"PK":  "",
		"PAR": "",
	} {
		if got := NotText([]byte(head)); got != want {
			t.Errorf("NotText(%q) = %q, want %q", head, got, want)
		}
	}
}
