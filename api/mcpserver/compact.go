package mcpserver

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/campaigns-cli/campaigns/model"
)

// CompactSpecURI is the whole specification in one small text resource:
// one line per field with its type, format, allowed values, where it
// applies and what it is. An agent can build a campaign from it alone.
const CompactSpecURI = "campaigns://spec/compact"

var (
	compactOnce sync.Once
	compactText string
)

// CompactSpec is the text of CompactSpecURI (built once).
func CompactSpec() string {
	compactOnce.Do(func() { compactText = buildCompact() })
	return compactText
}

func (s *Server) readCompact(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: CompactSpec()}}}, nil
}

const compactHead = `Campaigns V5: every field of a create body, one line each:
  path  type[, format][, one of A|B][, only PUSH ONE_TIME,...][, required at publish]  — what it is
Fields are listed under their component (## heading); an indented field belongs to the nearest line above it with less indentation (android under push: content.default.variation_1.push.android). {locale} is a locale key (default is required; others such as es are listed in campaign_content.locales); {variation} is variation_1 … variation_5; [] is an array element.
Channels: PUSH ` + "%s" + `; EMAIL ` + "%s" + `.
Set by the service, never sent: id, campaign_id, status, version_number, created_at, updated_at, sent_time, flow_id, flow_name, parent_id.
Problems name fields by target: the dotted path from the body's root, e.g. campaign_content.content.default.variation_1.push.android.title.
`

func buildCompact() string {
	var b strings.Builder
	fmt.Fprintf(&b, compactHead, strings.Join(model.PushCreateDeliveryTypes, ","), strings.Join(model.EmailCreateDeliveryTypes, ","))
	for _, c := range Spec() {
		fmt.Fprintf(&b, "\n## %s\n", c.Component)
		for _, n := range c.Notes {
			fmt.Fprintf(&b, "# %s\n", n)
		}
		told := map[string]bool{} // a field name explained once per component
		// What a field shares with the object holding it is said once, on
		// the object.
		said := map[string][2]string{}
		depth := map[string]int{}
		for _, f := range c.Fields {
			if serviceSet(f.Path) {
				continue
			}
			// A field is named under the object holding it, indented one
			// more; a component's own fields start at the left.
			rel, indent := strings.TrimPrefix(f.Path, c.Component+"."), 0
			if c.Component == topLevel {
				rel = f.Path
			}
			if d, ok := depth[parentPath(f.Path)]; ok {
				rel, indent = strings.TrimPrefix(strings.TrimPrefix(f.Path, parentPath(f.Path)), "."), d+1
			}
			depth[f.Path] = indent
			parts := []string{strings.Repeat(" ", indent) + rel, shortType(f.Type)}
			if fm := fieldFormat(f); fm != "" {
				parts = append(parts, fm)
			}
			if len(f.Values) > 0 {
				parts = append(parts, "one of "+strings.Join(f.Values, "|"))
			}
			only, req := onlyWhere(f.AppliesTo), requiredWhere(f)
			said[f.Path] = [2]string{only, req}
			parent, inherited := said[parentPath(f.Path)]
			if only != "" && (!inherited || parent[0] != only) {
				parts = append(parts, only)
			}
			if req != "" && (!inherited || parent[1] != req) {
				parts = append(parts, req)
			}
			line := strings.Join(parts, ", ")
			name := leafName(f.Path)
			if !told[name] {
				told[name] = true
				line += " — " + describe(c.Component, name)
			}
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

// parentPath is the path of the object holding the field.
func parentPath(path string) string {
	path = strings.TrimSuffix(path, "[]")
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		return strings.TrimSuffix(path[:i], "[]")
	}
	return ""
}

func shortType(t string) string {
	return strings.NewReplacer("array of ", "[]", "object of ", "map of ").Replace(t)
}

// leafName is the field's own name: the last segment of its path.
func leafName(path string) string {
	path = strings.TrimSuffix(path, "[]")
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		path = path[i+1:]
	}
	return strings.TrimSuffix(path, "[]")
}

// docOverrides replace, by component and name, reference lines written for
// another object of the same name (the search filter's name, ...).
var docOverrides = map[string]string{
	"basic_details.name":             "The campaign's name (shown in lists; search by it).",
	"basic_details.tags":             "Labels to find the campaign by.",
	"campaign_content.basic_details": "The notification itself on this platform: title, message, media, click action.",
	"campaign_content.content":       "The messages: by locale, then variation, then channel and platform.",
}

// describe is the field's one line: the reference's, else its name in words.
func describe(component, name string) string {
	if d, ok := docOverrides[component+"."+name]; ok {
		return d
	}
	if d, ok := fieldDocs[name]; ok {
		return d
	}
	return strings.ToUpper(name[:1]) + strings.ReplaceAll(name[1:], "_", " ") + "."
}

// fieldFormat says how a string is written where its name tells (the
// engine's formats, decisions.md §3).
func fieldFormat(f FieldSpec) string {
	if f.Type != "string" && f.Type != "array of strings" {
		return ""
	}
	n := leafName(f.Path)
	switch {
	case len(f.Values) > 0:
		return ""
	case n == "timezone":
		return "IANA zone such as Asia/Kolkata (absent: UTC)"
	case n == "start_time" || n == "end_time" || n == "expiry_time" || strings.HasSuffix(n, "_date_time"):
		return `"2027-11-20T09:30:00", no offset, read in scheduling_details.timezone`
	case strings.HasSuffix(n, "_time") && strings.HasPrefix(f.Path, "scheduling_details"):
		return `"09:30:00" or "2027-11-20T09:30:00", no offset`
	case n == "created_by" || n == "updated_by" || strings.Contains(n, "email") || n == "from_address" || n == "reply_to" || strings.HasSuffix(n, "_ids") && strings.Contains(f.Path, "email"):
		return "email address"
	case strings.Contains(n, "url") || n == "value" && strings.Contains(f.Path, "click_action") || n == "image" || n == "icon":
		return "http(s) URL (personalisation allowed)"
	case strings.Contains(n, "color"):
		return "#RRGGBB"
	}
	return ""
}

// onlyWhere names the channels and delivery types a field is limited to,
// "" when it applies to every create type of both channels.
func onlyWhere(m map[string][]string) string {
	if sameTypes(m) {
		return ""
	}
	return "only " + compactTypes(m)
}

func requiredWhere(f FieldSpec) string {
	if len(f.Required) == 0 {
		return ""
	}
	if equalTypes(f.Required, f.AppliesTo) {
		return "required at publish"
	}
	return "required at publish for " + compactTypes(f.Required)
}

func compactTypes(m map[string][]string) string {
	if len(m) == 0 {
		return "no creatable type (read only)"
	}
	var parts []string
	for _, ch := range []string{model.ChannelPush, model.ChannelEmail} {
		ts, ok := m[ch]
		switch {
		case !ok:
		case ch == model.ChannelPush && len(ts) == len(model.PushCreateDeliveryTypes),
			ch == model.ChannelEmail && len(ts) == len(model.EmailCreateDeliveryTypes):
			parts = append(parts, ch)
		default:
			parts = append(parts, ch+" "+strings.Join(abbrev(ts), ","))
		}
	}
	return strings.Join(parts, "; ")
}

func equalTypes(a, b map[string][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if !slices.Equal(v, b[k]) {
			return false
		}
	}
	return true
}

// abbrev shortens the delivery types' common words.
func abbrev(ts []string) []string {
	r := strings.NewReplacer("_TRIGGERED", "_TRIG", "BUSINESS_EVENT", "BUS_EVENT")
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = r.Replace(t)
	}
	return out
}
