//go:build !windows

package cli

import "syscall"

// detached makes a child its own session, so it outlives the completion
// process and the shell's job control.
func detached() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }
