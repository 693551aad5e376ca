//go:build unix

package personalize

import (
	"syscall"
	"testing"
)

// limitMemory caps the test process's address space, so that an unbounded
// allocation fails the process quickly instead of exhausting the machine.
func limitMemory(t *testing.T, bytes uint64) {
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: bytes, Max: bytes}); err != nil {
		t.Logf("address space not capped: %v", err)
	}
}
