package personalize

import (
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID

// threadClock reads the CPU time of the calling OS thread: time spent
// waiting for a CPU on a busy machine does not count. ok is false when the
// clock cannot be read.
func threadClock() (time.Duration, bool) {
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}

// onThread runs f on one OS thread, so that threadClock measures f.
func onThread(f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	f()
}
