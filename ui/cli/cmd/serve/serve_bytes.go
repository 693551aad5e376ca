package serve

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/campaigns-cli/campaigns/api/sandbox"
)

// workspacesValue is the repeatable --workspace flag.
type workspacesValue struct{ list []sandbox.Workspace }

func (w *workspacesValue) Type() string { return "ID:KEY[:FLAGS]" }
func (w *workspacesValue) String() string {
	ids := make([]string, len(w.list))
	for i, ws := range w.list {
		ids[i] = ws.ID
	}
	return strings.Join(ids, ",")
}
func (w *workspacesValue) Set(v string) error {
	ws, err := sandbox.ParseWorkspace(v)
	if err != nil {
		return err
	}
	w.list = append(w.list, ws)
	return nil
}

// bytesValue is a size: plain bytes or with a KiB/MiB/GiB (or KB/MB/GB) unit.
type bytesValue struct{ n int64 }

func (b *bytesValue) Type() string   { return "BYTES" }
func (b *bytesValue) String() string { return formatBytes(b.n) }
func (b *bytesValue) Set(v string) error {
	n, err := parseBytes(v)
	if err != nil {
		return err
	}
	b.n = n
	return nil
}

var byteUnits = []struct {
	suffix string
	mult   int64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
	{"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1},
}

func parseBytes(v string) (int64, error) {
	s := strings.TrimSpace(v)
	mult := int64(1)
	for _, u := range byteUnits {
		if len(s) > len(u.suffix) && strings.EqualFold(s[len(s)-len(u.suffix):], u.suffix) {
			s, mult = strings.TrimSpace(s[:len(s)-len(u.suffix)]), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%q is not a size: give bytes, or a number with KiB, MiB or GiB", v)
	}
	if n > (1<<62)/mult {
		return 0, fmt.Errorf("%q is too large", v)
	}
	return n * mult, nil
}

func formatBytes(n int64) string {
	for _, u := range []struct {
		s string
		m int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.m && n%u.m == 0 {
			return strconv.FormatInt(n/u.m, 10) + u.s
		}
	}
	return strconv.FormatInt(n, 10)
}
