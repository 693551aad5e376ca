//go:build !linux

package personalize

import "time"

// threadClock is not available here: the budget uses the wall clock only.
func threadClock() (time.Duration, bool) { return 0, false }

func onThread(f func()) { f() }
