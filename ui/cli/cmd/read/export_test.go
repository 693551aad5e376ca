package read

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// --dir is required; ids and filters exclude each other; a filter's value
// is checked before anything is read.
func TestExportFlagsAreCheckedFirst(t *testing.T) {
	e := clitest.Reads(t, NewCmdExport)
	got, code, err := e.Parse("a", "b", "--dir", "~/out")
	if code != 0 {
		t.Fatal(err)
	}
	if strings.Join(got.IDs, ",") != "a,b" || !strings.HasSuffix(got.Dir, "/out") || strings.HasPrefix(got.Dir, "~") {
		t.Fatalf("options: %+v (the ~ is expanded)", got)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"a"}, "--dir is required"},
		{[]string{"a", "--dir", "x", "--status", "active"}, "not both"},
		{[]string{"--dir", "x", "--channel", "pager"}, `"PAGER"`},
	} {
		got, code, err := e.Parse(tc.args...)
		if code != 2 || got != nil || err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: exit %d, %v", tc.args, code, err)
		}
	}
}

// Each campaign is written to DIR/<campaign_id>.json exactly as GET returns
// it; --json lists what was written; without ids the filters select.
func TestExportWritesOneFileACampaign(t *testing.T) {
	e := clitest.Reads(t, NewCmdExport)
	id := e.ID("Weekly picks")
	dir := t.TempDir()
	code, out, errs := e.Run(id, "--dir", dir)
	if code != 0 || !strings.Contains(out, id+".json") || !strings.Contains(out, "Weekly picks") || !strings.Contains(out, "Exported 1 campaign(s)") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	var rec map[string]any
	b, err := os.ReadFile(filepath.Join(dir, id+".json"))
	if err != nil || json.Unmarshal(b, &rec) != nil || rec["campaign_id"] != id || rec["campaign_content"] == nil {
		t.Fatalf("the file is not the record: %v\n%.200s", err, b)
	}
	code, out, _ = e.Run("--status", "paused", "--dir", t.TempDir(), "--json")
	var files []written
	if err := json.Unmarshal([]byte(out), &files); code != 0 || err != nil || len(files) != 2 {
		t.Fatalf("--status paused --json: exit %d %v\n%s", code, err, out)
	}
	for _, f := range files {
		if f.Name != "Weekly picks" && f.Name != "Monthly statement" || !strings.HasSuffix(f.File, f.CampaignID+".json") {
			t.Errorf("written: %+v", f)
		}
	}
}

// When a file cannot be written (here a folder stands where the second
// campaign's file goes), export stops, says which campaign failed and lists
// the files it had written, all complete.
func TestFailedExportSaysWhatItWrote(t *testing.T) {
	e := clitest.Reads(t, NewCmdExport)
	first, second := e.ID("June newsletter"), e.ID("July newsletter")
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, second+".json"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, second+".json", "keep"), []byte("x"), 0o600)
	code, _, errs := e.Run(first, second, "--dir", dir)
	if code != 2 || !strings.Contains(errs, "cannot write campaign "+second) ||
		!strings.Contains(errs, "Written before the failure (1, each complete)") || !strings.Contains(errs, first+".json") {
		t.Fatalf("exit %d:\n%s", code, errs)
	}
}
