package common

import (
	"os"
	"path/filepath"
	"strings"
	"time"
)

// LocalZone is this machine's time zone by its name (Europe/Madrid), for
// the Review's local time (the command line's editor; over SSH, the
// server's time when the visitor sends no TZ): Go calls the zone read from /etc/localtime
// "Local", which names nothing. TZ, then the /etc/localtime link, then
// /etc/timezone; else time.Local as it is.
func LocalZone() *time.Location {
	names := []string{strings.TrimPrefix(os.Getenv("TZ"), ":")}
	if p, err := filepath.EvalSymlinks("/etc/localtime"); err == nil {
		if _, name, ok := strings.Cut(p, "zoneinfo/"); ok {
			names = append(names, name)
		}
	}
	if b, err := os.ReadFile("/etc/timezone"); err == nil {
		names = append(names, strings.TrimSpace(string(b)))
	}
	for _, n := range names {
		if n == "" || n == "Local" {
			continue
		}
		if loc, err := time.LoadLocation(n); err == nil {
			return loc
		}
	}
	return time.Local
}
