package engine

import (
	"fmt"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

// ParseFeatures reads a comma-separated feature list ("audience_limit,versioning")
// as `campaigns validate --features` and the sandbox's workspace flags take
// it. An empty list means no feature; an unknown name is an error.
func ParseFeatures(s string) (Features, error) {
	var f Features
	for _, name := range strings.Split(s, ",") {
		switch strings.TrimSpace(name) {
		case "":
		case model.FeatureAudienceLimit:
			f.AudienceLimit = true
		case model.FeatureVersioning:
			f.Versioning = true
		default:
			return Features{}, fmt.Errorf("unknown feature %q: use %s or %s", strings.TrimSpace(name), model.FeatureAudienceLimit, model.FeatureVersioning)
		}
	}
	return f, nil
}

// String lists the features that are on, comma-separated.
func (f Features) String() string {
	var on []string
	if f.AudienceLimit {
		on = append(on, model.FeatureAudienceLimit)
	}
	if f.Versioning {
		on = append(on, model.FeatureVersioning)
	}
	return strings.Join(on, ",")
}

// ProblemsUnder keeps the problems whose target is prefix or lies inside it
// (prefix.x, prefix[0]); the editor uses it to show a field's own problems.
func ProblemsUnder(problems []Problem, prefix string) []Problem {
	var out []Problem
	for _, p := range problems {
		if Under(p.Target, prefix) {
			out = append(out, p)
		}
	}
	return out
}

// Under reports whether target is prefix or a path inside it (prefix.x,
// prefix[i]); every path is under "". The one owner of this rule: the
// editor runs it for every problem on every row at each key press, so it
// builds no strings.
func Under(target, prefix string) bool {
	if prefix == "" {
		return true
	}
	if !strings.HasPrefix(target, prefix) {
		return false
	}
	rest := target[len(prefix):]
	return rest == "" || rest[0] == '.' || rest[0] == '['
}
