// Package session is the viewer's store of runs: the runs being viewed (one
// per reading), the records each one's pre-run publishes off the window's
// update loop, one cursor over inputs of different tick rates, the terrain
// drawn under them, and the reading of a followed file. It draws nothing.
package session
