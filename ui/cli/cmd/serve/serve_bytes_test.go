package serve

import "testing"

func TestParseBytes(t *testing.T) {
	for in, want := range map[string]int64{"0": 0, "1048576": 1 << 20, "256MiB": 256 << 20, "1GiB": 1 << 30, "1gib": 1 << 30, "10 KB": 10000, "2M": 2 << 20, "512B": 512} {
		if got, err := parseBytes(in); err != nil || got != want {
			t.Errorf("parseBytes(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "lots", "-1", "1.5GiB", "99999999999TiB"} {
		if _, err := parseBytes(in); err == nil {
			t.Errorf("parseBytes(%q) accepted", in)
		}
	}
	if formatBytes(256<<20) != "256MiB" {
		t.Errorf("default shown as %s", formatBytes(256<<20))
	}
}
