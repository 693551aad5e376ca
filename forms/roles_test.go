package forms

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// Every row says what it is: only RoleValue rows are campaign fields, and
// their paths are targets (no "@"); headings, actions and selectors have a
// role of their own, so the editor never guesses from the path.
func TestEveryRowHasItsRole(t *testing.T) {
	seen := map[Role]bool{}
	for _, ch := range []string{model.ChannelPush, model.ChannelEmail} {
		for _, dt := range model.CreateDeliveryTypes(ch) {
			c := fullCampaign(t, ch, dt)
			sel := Selection{Locale: "fr", Variation: "variation_2", Platform: model.PlatformAndroid}
			for s, fs := range All(NewCtx(c, sel, true)) {
				for _, f := range fs {
					seen[f.Role] = true
					switch {
					case f.Role == RoleValue && strings.Contains(f.Path, "@"):
						t.Errorf("%s %s %s: %q is a value row with a made-up path", ch, dt, s, f.Path)
					case f.Role != RoleValue && !strings.Contains(f.Path, "@"):
						t.Errorf("%s %s %s: %q has role %d but a target path", ch, dt, s, f.Path, f.Role)
					case f.Kind == Heading && f.Role != RoleHeading, f.Kind == Action && (f.Role == RoleValue || f.Role == RoleHeading):
						t.Errorf("%s %s %s: %q kind %d has role %d", ch, dt, s, f.Path, f.Kind, f.Role)
					}
					if f.IsValue() != (f.Role == RoleValue && f.Editable()) {
						t.Errorf("%q: IsValue %v", f.Path, f.IsValue())
					}
				}
			}
		}
	}
	for _, r := range []Role{RoleValue, RoleDerived, RoleHeading, RoleSelector, RoleAddLocale, RoleRemoveLocale, RoleAddVariation, RoleRemoveVariation, RoleCopyContent, RoleAddItem, RoleRemoveItem} {
		if !seen[r] {
			t.Errorf("no row has role %d", r)
		}
	}
	if !RoleRemoveLocale.Destroys() || !RoleRemoveVariation.Destroys() || RoleRemoveItem.Destroys() || RoleAddLocale.Destroys() {
		t.Error("Destroys names the wrong roles")
	}
}
