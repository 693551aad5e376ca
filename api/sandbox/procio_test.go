package sandbox

import (
	"bytes"
	"os"
	"strconv"
)

// writeCalls is the number of write system calls this process has made so
// far (Linux's /proc/self/io; 0 elsewhere). Per PATCH it counts the HTTP
// writes and SQLite's WAL frames, one write per page: a measure of pages
// written that the machine's load does not blur.
func writeCalls() int64 {
	b, err := os.ReadFile("/proc/self/io")
	if err != nil {
		return 0
	}
	for _, l := range bytes.Split(b, []byte("\n")) {
		if v, ok := bytes.CutPrefix(l, []byte("syscw: ")); ok {
			n, _ := strconv.ParseInt(string(v), 10, 64)
			return n
		}
	}
	return 0
}
