package gitops_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	udiff "github.com/aymanbagabas/go-udiff"

	"github.com/campaigns-cli/campaigns/api/gitops"
)

// counts is the number of removed and added lines of a unified diff.
func counts(diff string) (minus, plus int) {
	for _, l := range strings.Split(diff, "\n") {
		switch {
		case strings.HasPrefix(l, "---"), strings.HasPrefix(l, "+++"):
		case strings.HasPrefix(l, "-"):
			minus++
		case strings.HasPrefix(l, "+"):
			plus++
		}
	}
	return
}

// gnuDiff is GNU diff's (--minimal) unified diff of a and b.
func gnuDiff(t *testing.T, a, b string) string {
	t.Helper()
	dir := t.TempDir()
	pa, pb := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	if err := os.WriteFile(pa, []byte(a), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pb, []byte(b), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("diff", "--minimal", "-u", pa, pb).Output()
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 1) {
		t.Fatalf("GNU diff: %v", err)
	}
	return string(out)
}

// The example: adding an A/B variation to a campaign's content.
// The unchanged variation_1 must not appear deleted and re-added; the diff
// has exactly GNU diff's line counts.
func TestAddedVariationIsOnlyAdditionsLikeGNUDiff(t *testing.T) {
	tree := loadTree(t, "../../testdata/campaigns/push_one_time.json")
	cc := tree["campaign_content"].(map[string]any)
	before := string(gitops.Marshal(cc))
	def := cc["content"].(map[string]any)["default"].(map[string]any)
	v2 := clone(def["variation_1"])
	v2.(map[string]any)["push"].(map[string]any)["android"].(map[string]any)["title"] = "Variation B"
	def["variation_2"] = v2
	after := string(gitops.Marshal(cc))

	got := gitops.Unified("service", "file", gitops.Change{Component: "campaign_content", Service: mustParse(t, before), File: mustParse(t, after), InFile: true, InService: true})
	gm, gp := counts(got)
	wm, wp := counts(gnuDiff(t, before, after))
	if gm != wm || gp != wp {
		t.Fatalf("diff removes %d and adds %d lines; GNU diff: %d and %d\n%s", gm, gp, wm, wp, got)
	}
	if gm > 1 {
		t.Fatalf("an added variation removed %d lines:\n%s", gm, got)
	}
}

// On random line edits the diff is as short as GNU diff --minimal's and
// applying it gives the new text.
func TestLineDiffIsMinimal(t *testing.T) {
	t.Parallel() // waits on GNU diff
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"a", "b", "c", "d", "{", "}", "},"}
	cases := 40
	if os.Getenv("CAMPAIGNS_STRESS") != "" {
		cases = 200
	}
	for n := range cases {
		a := randomLines(r, words, r.IntN(30))
		b := mutate(r, words, a)
		as, bs := strings.Join(a, ""), strings.Join(b, "")
		edits := gitops.LineDiff(as, bs)
		if got, err := udiff.Apply(as, edits); err != nil || got != bs {
			t.Fatalf("case %d: applying the edits gives %q (%v), want %q", n, got, err, bs)
		}
		u, err := udiff.ToUnified("a", "b", as, edits, 3)
		if err != nil {
			t.Fatal(err)
		}
		gm, gp := counts(u)
		wm, wp := counts(gnuDiff(t, as, bs))
		if gm+gp != wm+wp {
			t.Fatalf("case %d: %d edits, GNU diff %d\n%s\n%s", n, gm+gp, wm+wp, as, bs)
		}
	}
}

func randomLines(r *rand.Rand, words []string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = words[r.IntN(len(words))] + "\n"
	}
	return out
}

func mutate(r *rand.Rand, words []string, a []string) []string {
	var out []string
	for _, l := range a {
		switch r.IntN(6) {
		case 0: // drop
		case 1:
			out = append(out, l, fmt.Sprintf("%s\n", words[r.IntN(len(words))]))
		default:
			out = append(out, l)
		}
	}
	return out
}
