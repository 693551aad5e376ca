package sandbox

import (
	"path/filepath"
	"strconv"
	"testing"
)

// BenchmarkOpen is a sandbox's start: on a new data directory (a user's
// first start, and most tests), on one that holds a database already (every
// later start), and in memory. Each op opens and closes.
//
//	go test ./api/sandbox -run '^$' -bench Open
func BenchmarkOpen(b *testing.B) {
	open := func(b *testing.B, dir func(i int) string) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			s, err := Open(Config{DataDir: dir(i), NoRateLimits: true})
			if err != nil {
				b.Fatal(err)
			}
			if err := s.Close(); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("new", func(b *testing.B) {
		root := b.TempDir()
		open(b, func(i int) string { return filepath.Join(root, strconv.Itoa(i)) })
	})
	b.Run("existing", func(b *testing.B) {
		dir := b.TempDir()
		open(b, func(int) string { return dir })
	})
	b.Run("memory", func(b *testing.B) {
		open(b, func(int) string { return "" })
	})
}
