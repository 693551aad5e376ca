package uitest

import (
	"flag"
	"os"
	"runtime/debug"
	"strconv"
)

// CollectLess sets the collector of a test process to a quarter of its
// usual pace, unless GOGC says otherwise: a package's tests draw and throw
// away thousands of screens while keeping a few MiB live, and collecting
// at GOGC=100 took a tenth of the editor's and the command line's test CPU.
// No test of these packages measures its own process's heap. Call it from
// TestMain (as api's refcheck.Main does for the service's tests).
func CollectLess() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
}

// ParallelUnlessSet lets n parallel tests of a package run at once (the
// default is one per CPU), unless -test.parallel says how many: for tests
// that wait on a program's frames, a service or a connection far more than
// they compute, so that the longest do not wait for a turn. Call it from
// TestMain, after flag.Parse.
func ParallelUnlessSet(n int) {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		_ = flag.Set("test.parallel", strconv.Itoa(n))
	}
}
