package forms

import (
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// Reported describes the problems a service reported about one campaign
// (its validate answer, a refusal's details). A service sends a target and
// its own words, not the engine's data; the sandbox runs this engine, so
// the engine finds the same problem in the campaign (same target, same
// message) and it is described from the engine's data. A problem the
// engine does not report keeps the service's words, under the field's
// label. Nothing is parsed.
type Reported struct {
	local map[[2]string]engine.Problem
}

// NewReported validates c in the publish phase (which holds every rule of
// the other phases), with and without the audience limit feature (the
// workspace's is not known here), for the problems to come.
func NewReported(c *model.Campaign) Reported {
	r := Reported{local: map[[2]string]engine.Problem{}}
	if c == nil {
		return r
	}
	for _, limit := range []bool{false, true} {
		for _, p := range engine.Validate(c, engine.PhasePublish, engine.Options{Features: engine.Features{AudienceLimit: limit}}) {
			r.local[[2]string{p.Target, p.Message}] = p
		}
	}
	return r
}

// Describe words one reported problem.
func (r Reported) Describe(target, message string) Plain {
	if p, ok := r.local[[2]string{target, message}]; ok {
		return Describe(p)
	}
	return Describe(engine.Problem{Target: target, Message: message})
}
