package cli

import "runtime/debug"

// Version is set by main from its stamp: go build -ldflags "-X main.version=v1.2.3".
var Version = ""

// versionString is the version --version prints: the stamped one, else the
// module version of `go install …@v1.2.3`, else the VCS revision that
// `go build` records from a git checkout (with -dirty for local changes).
func versionString() string {
	if Version != "" {
		return Version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev == "" {
		return "unknown (built without VCS information)"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if modified == "true" {
		rev += "-dirty"
	}
	return "devel " + rev
}
