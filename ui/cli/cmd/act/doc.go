// Package act holds the commands that act on one campaign: status, publish,
// test (testsend.go) and duplicate (one file each, in the gh shape: Options,
// NewCmd, run).
package act
