package cli

import (
	"fmt"
	"strings"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox/audience"
	"github.com/campaigns-cli/campaigns/ui/pages/editor"
)

// previewUsers are the profiles the editor's preview personalises for: the
// embedded sandbox's demo users (main is the one place that knows the
// sandbox runs in-process), or nil for a real service, whose profiles cannot
// be listed, so the editor offers its sample ones.
func previewUsers(embedded bool) editor.UserSource {
	if !embedded {
		return nil
	}
	var out editor.UserList
	for _, u := range audience.Demo(time.Now()).Users {
		p := u.Profile()
		name := fmt.Sprint(p[audience.AttrFirstName], " ", p[audience.AttrLastName])
		// Who lets the sandbox's preview route render for this user; Attrs
		// give the instant local draw the same profile.
		out = append(out, editor.PreviewUser{Name: strings.TrimSpace(name) + " (" + u.ID + ")", Attrs: p,
			Who: &api.UserIdentification{Type: audience.IDUniqueID, Value: u.ID}})
		if len(out) == 12 {
			break
		}
	}
	return append(out, editor.PreviewUser{Name: "Empty profile"})
}
