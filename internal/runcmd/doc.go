// Package runcmd is the work of viewer run on one input: replay it
// headless under one reading or several side by side (-compare), write its
// trace, follow a file still being written (-follow), and print the glide
// metrics, the cause chains (-explain, -filter) and the bookmarks. Its
// flags are parsed in cmd/viewer; many inputs are internal/batch's.
package runcmd
