package cli

import (
	"strings"
	"testing"
)

// publish, apply and mcp share one --features flag: the same help, the same
// refusal of an unknown feature (exit 2, naming the flag) before anything
// is opened.
func TestFeaturesFlagIsTheSameEverywhere(t *testing.T) {
	e := parallelScript(t)
	var help string
	for _, args := range [][]string{{"publish", "x"}, {"apply", "."}, {"mcp"}} {
		code, _, errs := e.run("", append(args, "--features", "teleport")...)
		if code != 2 || !strings.Contains(errs, "--features") || !strings.Contains(errs, "teleport") {
			t.Errorf("%v --features teleport: exit %d %q", args, code, errs)
		}
		_, out, _ := e.run("", args[0], "--help")
		i := strings.Index(out, "--features")
		if i < 0 {
			t.Fatalf("%s --help has no --features:\n%s", args[0], out)
		}
		line := strings.Fields(out[i : i+strings.Index(out[i:], "\n")])
		got := strings.Join(line, " ")
		if help == "" {
			help = got
		} else if got != help {
			t.Errorf("%s --features help %q differs from %q", args[0], got, help)
		}
	}
}
