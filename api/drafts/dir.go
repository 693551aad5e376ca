package drafts

import (
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// DefaultDir is where the editor keeps the journals of one workspace on one
// service: $XDG_STATE_HOME/campaigns/journal/<host>_<workspace>, else
// ~/.local/state/… on Linux and the user config directory elsewhere. Ids are
// only unique within a workspace of a service, hence one directory each.
func DefaultDir(baseURL, workspace string) string {
	host := baseURL
	if u, err := url.Parse(baseURL); err == nil && u.Host != "" {
		host = u.Host
	}
	return filepath.Join(stateHome(), "campaigns", "journal", DirName(host, workspace))
}

// DirName is the directory name that keeps one service's workspace apart
// from every other: campaign ids are only unique within one of them.
func DirName(service, workspace string) string {
	return safeName(service) + "_" + safeName(workspace)
}

func stateHome() string {
	if d := os.Getenv("XDG_STATE_HOME"); d != "" {
		return d
	}
	if runtime.GOOS != "windows" && runtime.GOOS != "darwin" {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, ".local", "state")
		}
	}
	if d, err := os.UserConfigDir(); err == nil {
		return d
	}
	return os.TempDir()
}

// safeName keeps letters, digits, '.', '-' and '_'; anything else becomes '-'.
func safeName(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
			return r
		}
		return '-'
	}, s)
	if s == "" || s == "." || s == ".." {
		return "-"
	}
	return s
}
