package mcpserver

import (
	"fmt"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/campaigns-cli/campaigns/model"
)

// --- schemas -------------------------------------------------------------------

type bounds struct {
	min, max           float64
	minItems, maxItems int
}

// anyOf is an enum of the values, each once (the identifier lists of both
// channels share names).
func anyOf(vs []string) []any {
	out := make([]any, 0, len(vs))
	for _, v := range vs {
		if !slices.Contains(out, any(v)) {
			out = append(out, v)
		}
	}
	return out
}

// plain rewrites the nullable types the schema inference gives slices and
// maps (["null","array"]) as the plain type: an absent argument is how a
// tool call leaves one out, and clients such as the MCP Inspector cannot
// fill in a union type.
func plain(sc *jsonschema.Schema) {
	if sc == nil {
		return
	}
	if len(sc.Types) == 2 && slices.Contains(sc.Types, "null") {
		sc.Type = sc.Types[0]
		if sc.Type == "null" {
			sc.Type = sc.Types[1]
		}
		sc.Types = nil
	}
	for _, p := range sc.Properties {
		plain(p)
	}
	plain(sc.Items)
	if sc.AdditionalProperties != nil {
		plain(sc.AdditionalProperties)
	}
}

// obj is an object schema with these properties (others allowed).
func obj(desc string, props map[string]*jsonschema.Schema) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "object", Description: desc, Properties: props}
}

func typed(typ, desc string) *jsonschema.Schema {
	return &jsonschema.Schema{Type: typ, Description: desc}
}

func arrayOf(desc string, item *jsonschema.Schema) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "array", Description: desc, Items: item}
}

// problemsSchema is the list of problems every checking tool returns.
var problemsSchema = arrayOf("every problem found: the field's target (dotted JSON path) and what is wrong",
	obj("", map[string]*jsonschema.Schema{"target": typed("string", ""), "message": typed("string", ""), "rule": typed("string", "")}))

// writeOut is the output of a writing tool: what it did, or with dry_run
// the exact request it would send and what would change.
func writeOut(desc string, props map[string]*jsonschema.Schema) *jsonschema.Schema {
	props["dry_run"] = typed("boolean", "true: nothing was sent; request is what would be")
	props["request"] = obj("with dry_run: the exact request (method, path, body); the client adds request_id and a fresh Idempotency-Key when sending",
		map[string]*jsonschema.Schema{"method": typed("string", ""), "path": typed("string", ""), "body": typed("object", "")})
	props["changes"] = arrayOf("what the write changes: with dry_run one object per field (path, from, to) or component; after a write, in words", &jsonschema.Schema{})
	props["warnings"] = arrayOf("things that will not stop the write but may not be meant (a start time in the past)", typed("string", ""))
	return obj(desc, props)
}

// schemaFor infers In's schema and adds enums (on strings, or on the items
// of string arrays) and bounds, so a client can check arguments too.
func schemaFor[In any](enums map[string][]any, bs map[string]bounds) *jsonschema.Schema {
	sc, err := jsonschema.For[In](nil)
	if err != nil {
		panic(fmt.Sprintf("mcpserver: schema of %T: %v", *new(In), err))
	}
	for name, vs := range enums {
		p := sc.Properties[name]
		if p == nil {
			panic("mcpserver: no property " + name)
		}
		if p.Items != nil {
			p.Items.Enum = vs
		} else {
			p.Enum = vs
		}
	}
	for name, b := range bs {
		p := sc.Properties[name]
		if p == nil {
			panic("mcpserver: no property " + name)
		}
		if b.min != 0 {
			p.Minimum = ptr(b.min)
		}
		if b.max != 0 {
			p.Maximum = ptr(b.max)
		}
		if b.minItems != 0 {
			p.MinItems = ptr(b.minItems)
		}
		if b.maxItems != 0 {
			p.MaxItems = ptr(b.maxItems)
		}
	}
	return sc
}

// serviceSet: a top-level field the service sets that a body never sends
// (created_by and updated_by are sent: they name the author).
func serviceSet(path string) bool {
	return model.IsServiceOwned(path) && path != "created_by" && path != "updated_by"
}

// campaignSchema describes a campaign body from the component
// specification: its top-level fields with their JSON types, the channels
// and delivery types each applies to, and where the full field list lives.
// Unknown keys stay allowed (the service keeps them), and nested fields are
// left to the engine, whose problems name them precisely. enums lists the
// allowed values too: a create body, not a record read back (an SMS one).
func campaignSchema(desc string, enums bool) *jsonschema.Schema {
	sc := &jsonschema.Schema{Type: "object", Description: desc, Properties: map[string]*jsonschema.Schema{}}
	for _, c := range Spec() {
		for _, f := range c.Fields {
			if strings.ContainsAny(f.Path, ".[") || serviceSet(f.Path) {
				continue
			}
			p := &jsonschema.Schema{Type: schemaType(f.Type)}
			d := []string{}
			if f.Type == "object" {
				d = append(d, "see campaigns://spec/components/"+f.Path)
			}
			if len(f.AppliesTo) < 2 || !sameTypes(f.AppliesTo) {
				d = append(d, "applies to "+channelTypes(f.AppliesTo))
			}
			if len(f.Required) > 0 {
				d = append(d, "required at publish for "+channelTypes(f.Required))
			}
			if len(f.Values) > 0 {
				if enums {
					p.Enum = anyOf(f.Values)
				} else {
					d = append(d, "one of "+strings.Join(f.Values, ", ")+" for a create")
				}
			}
			p.Description = strings.TrimSpace(describe(topLevel, f.Path) + " " + strings.Join(d, "; "))
			sc.Properties[f.Path] = p
			sc.PropertyOrder = append(sc.PropertyOrder, f.Path)
		}
	}
	if enums {
		// What the service requires of every create (campaigns-v5.md).
		sc.Required = []string{"channel", "campaign_delivery_type", "created_by"}
	}
	return sc
}

func schemaType(t string) string {
	switch {
	case strings.HasPrefix(t, "array"):
		return "array"
	case strings.HasPrefix(t, "object"):
		return "object"
	case t == "any":
		return ""
	}
	return t
}

// sameTypes reports whether every create delivery type of both channels is
// listed.
func sameTypes(m map[string][]string) bool {
	return len(m[model.ChannelPush]) == len(model.PushCreateDeliveryTypes) && len(m[model.ChannelEmail]) == len(model.EmailCreateDeliveryTypes)
}

func channelTypes(m map[string][]string) string {
	if len(m) == 0 {
		return "no delivery type that can be created"
	}
	var parts []string
	for _, ch := range []string{model.ChannelPush, model.ChannelEmail} {
		if ts, ok := m[ch]; ok {
			parts = append(parts, ch+" "+strings.Join(ts, ", "))
		}
	}
	return strings.Join(parts, "; ")
}
