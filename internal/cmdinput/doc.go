// Package cmdinput opens the viewer subcommands' inputs — recordings,
// scenarios and captures, files or streams, read once or twice — and says
// the warnings they raise (unknown events, malformed frames, the capture's
// player, the world's fallbacks).
package cmdinput
