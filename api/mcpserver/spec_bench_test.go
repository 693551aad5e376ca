package mcpserver

import "testing"

// BenchmarkBuildSpec is the one-off cost of the component specification at
// server start (every field probed against the engine).
func BenchmarkBuildSpec(b *testing.B) {
	for b.Loop() {
		buildSpec()
	}
}
