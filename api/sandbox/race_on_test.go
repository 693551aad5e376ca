//go:build race

package sandbox

// raceOn: the race detector multiplies a process's memory several times,
// which says nothing about what a request costs without it.
const raceOn = true
