//go:build !race

package sshserver

const raceOn = false
