//go:build race

package sshserver

// raceOn: charmbracelet/ssh writes a session's PTY window on every
// window-change request while Pty() reads it, unguarded (its session.go):
// a flood of window changes is a data race inside the library, whatever
// this package does.
const raceOn = true
