//go:build race

package drafts

// raceOn: the race detector slows a process five to ten times, which says
// nothing about how fast the disk takes an edit.
const raceOn = true
