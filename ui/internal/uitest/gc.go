package uitest

import (
	"os"
	"runtime/debug"
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
