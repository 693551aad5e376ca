package ops

import (
	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// RequestForm is c as a write carries it and as the local engine checks it:
// without the read form's response-only scheduling fields
// (api.WriteForm, the one conversion; this is its only caller). stored, when
// known, gives a read-form delivery_type its request value. c is not
// changed.
func RequestForm(c, stored *model.Campaign) *model.Campaign { return api.WriteForm(c, stored) }

// ValidatePatch is engine.ValidatePatch on campaigns as the service returns
// them: both are brought to the request form first. Neither is changed.
func ValidatePatch(stored, patch *model.Campaign, state string, opts engine.Options) engine.PatchResult {
	stored = RequestForm(stored, nil)
	return engine.ValidatePatch(stored, RequestForm(patch, stored), state, opts)
}
