package gitops

import (
	"bytes"
	"encoding/json"

	"github.com/campaigns-cli/campaigns/model"
)

// Marshal writes a JSON tree (as model.Parse reads it: json.Number kept
// exact) pretty-printed with two spaces, object keys sorted, no HTML
// escaping and a final newline: the same record always gives the same bytes.
func Marshal(tree any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	// A tree from model.Parse holds only maps, slices, strings, bools,
	// json.Number and nil: encoding cannot fail.
	if err := enc.Encode(tree); err != nil {
		return []byte("null\n")
	}
	return b.Bytes()
}

// MarshalCampaign is Marshal of a campaign's JSON form, unknown fields
// included.
func MarshalCampaign(c *model.Campaign) []byte {
	return Marshal(model.ToTree(c))
}
