// Package session is the viewer's store of runs: the runs being viewed (one
// per reading), the records each one's pre-run publishes off the window's
// update loop, one cursor over inputs of different tick rates, the terrain
// drawn under them (built by ui/render), and the reading of a followed
// file and the watch on it; playback, the selection and the rate achieved.
// It draws nothing, and its tests need no display.
package session
