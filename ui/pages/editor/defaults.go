package editor

import (
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
)

// withDefaults wraps an edit of f with the values that follow from it
// (engine.Follow: the other share of two, "If Action").
func withDefaults(f forms.Field, set func(c *model.Campaign) error) func(c *model.Campaign) error {
	return func(c *model.Campaign) error {
		if err := set(c); err != nil {
			return err
		}
		engine.Follow(c, f.Path)
		return nil
	}
}
