//go:build !unix

package drafts

// lockDir is a no-op where flock is not available; one process per journal
// directory is then the caller's to ensure.
func lockDir(dir string) (release func(), err error) { return func() {}, nil }
