package forms

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

// readOnlyContent words the content of a channel V5 only reads, field by
// field as the service returned it: "(read-only) sms.message: Your code
// is {{code}}". Nothing is hidden because the editor does not know it.
func readOnlyContent(c *model.Campaign) string {
	ch := orBlank(model.Str(c.Channel))
	if c.CampaignContent == nil {
		return ch + " content: none returned"
	}
	raw, err := json.Marshal(c.CampaignContent)
	var tree any
	if err != nil || json.Unmarshal(raw, &tree) != nil {
		return ch + " content (read-only): not readable"
	}
	var leaves []string
	flatten("", tree, &leaves)
	if len(leaves) == 0 {
		return ch + " content: empty"
	}
	return ch + " content (read-only in V5): " + strings.Join(leaves, "; ")
}

// flatten lists the leaves of a JSON tree as "path: value", the path
// without the content wrapper.
func flatten(path string, v any, out *[]string) {
	switch x := v.(type) {
	case map[string]any:
		keys := slices.Sorted(maps.Keys(x))
		for _, k := range keys {
			p := k
			if path != "" && path != "content" {
				p = path + "." + k
			}
			flatten(p, x[k], out)
		}
	case []any:
		for i, e := range x {
			flatten(fmt.Sprintf("%s[%d]", path, i), e, out)
		}
	case nil:
	default:
		*out = append(*out, path+": "+fmt.Sprint(x))
	}
}
