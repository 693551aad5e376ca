package editor

import (
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
)

// plainProblem words a problem the service sent (a refused preview) as the
// editor's own problems read: the field by its label in the form, no JSON
// path (issue 12, Deliver 1).
func plainProblem(target, message string) string {
	return forms.Describe(engine.Problem{Target: target, Message: message}).Text
}
