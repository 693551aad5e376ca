package mcpserver

import (
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// The component specification is not a hand-written copy of the spec: the
// fields and their JSON types come from reflection over the model types, and
// what the engine makes of them is asked of the engine itself. For every
// field and every channel × delivery type a body with only that field is
// validated: a "does not apply" problem on the field (or on an object
// holding it) means the field does not apply there. For every string field
// the engine is given each string value model/enums.go declares
// (model.EnumValues, generated): the values it accepts, where it refuses
// others, are the field's allowed values. So the specification changes when
// the model or the engine's rules do, and never disagrees with validation.

// FieldSpec describes one field of a component.
type FieldSpec struct {
	// Path is the field's target with {locale}, {variation} and [] where a
	// document has a locale, a variation key or an array index.
	Path string `json:"path"`
	// Type is the JSON type: string, integer, number, boolean, object,
	// "array of strings", "array of objects", "object of integers", any.
	Type string `json:"type"`
	// Values are the only values the engine accepts, when it restricts them.
	Values []string `json:"values,omitempty"`
	// AppliesTo lists, per channel, the delivery types the field may be sent
	// with; a channel that is absent does not take the field at all.
	AppliesTo map[string][]string `json:"applies_to"`
	// Required lists, per channel, the delivery types where the publish
	// check reports the field missing: always for top-level fields and
	// components, and whenever the object holding it is sent for nested
	// ones. Requirements that hang on another field's value (a
	// subscription_category for PROMOTIONAL email) show up when validating.
	Required map[string][]string `json:"required,omitempty"`

	probe  []string // the segments of one concrete target
	sample any
	leaf   reflect.Kind
}

// ComponentSpec is the specification of one top-level component.
type ComponentSpec struct {
	Component string      `json:"component"`
	Notes     []string    `json:"notes,omitempty"`
	Fields    []FieldSpec `json:"fields"`
}

var (
	specOnce sync.Once
	specAll  []ComponentSpec
)

// Spec returns the specification of every component (computed once).
func Spec() []ComponentSpec {
	specOnce.Do(func() { specAll = buildSpec() })
	return specAll
}

var contentType = reflect.TypeFor[model.Content]()

const topLevel = "campaign"

func buildSpec() []ComponentSpec {
	var fields []FieldSpec
	walk(reflect.TypeFor[model.Campaign](), "", nil, nil, &fields)
	contexts := probeContexts()
	for i := range fields {
		f := &fields[i]
		f.AppliesTo = map[string][]string{}
		for _, cx := range contexts {
			if applies(cx, f) {
				f.AppliesTo[cx.channel] = append(f.AppliesTo[cx.channel], cx.dtype)
			}
		}
		if f.leaf == reflect.String || f.Type == "array of strings" {
			f.Values = allowedValues(contexts, f)
		}
	}
	markRequired(contexts, fields)
	byComp := map[string]*ComponentSpec{}
	var order []string
	for _, f := range fields {
		comp := topLevel
		if len(f.probe) > 1 {
			comp = f.probe[0]
		}
		if byComp[comp] == nil {
			byComp[comp] = &ComponentSpec{Component: comp, Notes: notes[comp]}
			order = append(order, comp)
		}
		byComp[comp].Fields = append(byComp[comp].Fields, f)
	}
	out := make([]ComponentSpec, 0, len(order))
	for _, c := range order {
		out = append(out, *byComp[c])
	}
	return out
}

var notes = map[string][]string{
	topLevel: {"Top-level fields of a create body. id, campaign_id, status, version_number, created_at, updated_at, sent_time and the flow_ fields are set by the service: send none of them in a create or update (status selects V1 publish behaviour and is refused; change the state with change_status or publish_campaign)."},
	"campaign_content": {
		"content is keyed by locale, then variation: content.default.variation_1.push.android... A default locale is required at publish; other locales are listed in locales.",
		"A single-variation, single-locale campaign may also send the flat shape content.push / content.email.",
		"Every personalised text may use {{UserAttribute['Name']}}, {{EventAttribute['name']}}, filters such as | default('x') and {% if %} blocks.",
	},
	"basic_details":     {"The Push fields (platforms, geofences, platform_specific_details, ...) and the Email fields (content_type, subscription_category, user_attribute_identifier) are told apart by channel; see applies_to."},
	"utm_params":        {"Besides the named keys, up to 5 custom keys of any name are accepted (kept as sent)."},
	"trigger_condition": {"trigger_attr is the string \"If Action\" (an object {name} is also accepted)."},
}

// walk lists the fields of struct type t under the display path and probe
// segments, depth first in declaration order. A type already on the way
// down (FilterGroup inside Filter) is listed once.
func walk(t reflect.Type, display string, probe []string, stack []reflect.Type, out *[]FieldSpec) {
	if slices.Contains(stack, t) {
		return
	}
	stack = append(stack, t)
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if name == "" || name == "-" || !sf.IsExported() {
			continue
		}
		d := name
		if display != "" {
			d = display + "." + name
		}
		p := append(slices.Clone(probe), name)
		ft := sf.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		switch {
		case ft == contentType:
			*out = append(*out, FieldSpec{Path: d, Type: "object", probe: p, sample: map[string]any{}})
			msg := reflect.TypeFor[model.Message]()
			walk(msg, d+".{locale}.{variation}", append(p, "default", "variation_1"), stack, out)
		case ft.Kind() == reflect.Struct:
			*out = append(*out, FieldSpec{Path: d, Type: "object", probe: p, sample: map[string]any{}})
			walk(ft, d, p, stack, out)
		case ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Struct:
			*out = append(*out, FieldSpec{Path: d, Type: "array of objects", probe: p, sample: []any{map[string]any{}}})
			walk(ft.Elem(), d+"[]", append(p, "[0]"), stack, out)
		default:
			typ, sample := jsonType(ft)
			*out = append(*out, FieldSpec{Path: d, Type: typ, probe: p, sample: sample, leaf: ft.Kind()})
		}
	}
}

func jsonType(t reflect.Type) (string, any) {
	switch t.Kind() {
	case reflect.String:
		return "string", "x"
	case reflect.Bool:
		return "boolean", true
	case reflect.Int64:
		return "integer", 1
	case reflect.Float64:
		return "number", 1
	case reflect.Slice:
		typ, s := jsonType(t.Elem())
		return "array of " + model.Plural(typ), []any{s}
	case reflect.Map:
		typ, s := jsonType(t.Elem())
		return "object of " + model.Plural(typ), map[string]any{"variation_1": s}
	}
	return "any", "x"
}

type probeContext struct{ channel, dtype string }

func probeContexts() []probeContext {
	var out []probeContext
	for _, d := range model.PushCreateDeliveryTypes {
		out = append(out, probeContext{model.ChannelPush, d})
	}
	for _, d := range model.EmailCreateDeliveryTypes {
		out = append(out, probeContext{model.ChannelEmail, d})
	}
	return out
}

// probeOpts turns every feature on: a field is described, not gated.
var probeOpts = engine.Options{Features: engine.Features{AudienceLimit: true, Versioning: true}}

// problemsWith validates a create body holding only the context and the
// field set to v, and returns the problems.
func problemsWith(cx probeContext, f *FieldSpec, v any) []engine.Problem {
	tree := baseTree(cx)
	setPath(tree, f.probe, v)
	return validateTree(tree, engine.PhaseCreate)
}

func baseTree(cx probeContext) map[string]any {
	tree := map[string]any{"channel": cx.channel, "campaign_delivery_type": cx.dtype}
	if cx.channel == model.ChannelPush {
		tree["basic_details"] = map[string]any{"platforms": []any{model.PlatformAndroid, model.PlatformIOS, model.PlatformWeb}}
	}
	return tree
}

func validateTree(tree map[string]any, phase engine.Phase) []engine.Problem {
	var c model.Campaign
	if err := model.FromTree(tree, &c); err != nil {
		return nil
	}
	return engine.Validate(&c, phase, probeOpts)
}

func target(segs []string) string {
	var b strings.Builder
	for i, s := range segs {
		if strings.HasPrefix(s, "[") {
			b.WriteString(s)
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s)
	}
	return b.String()
}

// setPath puts v at segs inside tree, making objects and one-element arrays
// on the way.
func setPath(tree map[string]any, segs []string, v any) {
	var cur any = tree
	for i, s := range segs {
		last := i == len(segs)-1
		next := func() any {
			if last {
				return v
			}
			if strings.HasPrefix(segs[i+1], "[") {
				return []any{nil}
			}
			return map[string]any{}
		}
		switch c := cur.(type) {
		case map[string]any:
			if last {
				c[s] = v
				return
			}
			if _, ok := c[s]; !ok {
				c[s] = next()
			}
			cur = c[s]
		case []any:
			if last {
				c[0] = v
				return
			}
			if c[0] == nil {
				c[0] = next()
			}
			cur = c[0]
		}
	}
}

// markRequired asks the engine which fields it reports missing: a publish
// check of a body with only the context, then one with each object sent
// empty.
func markRequired(contexts []probeContext, fields []FieldSpec) {
	byTarget := map[string]*FieldSpec{}
	for i := range fields {
		byTarget[target(fields[i].probe)] = &fields[i]
	}
	mark := func(cx probeContext, ps []engine.Problem) {
		for _, p := range ps {
			f := byTarget[p.Target]
			if f == nil || !p.Missing {
				continue
			}
			if f.Required == nil {
				f.Required = map[string][]string{}
			}
			if !slices.Contains(f.Required[cx.channel], cx.dtype) {
				f.Required[cx.channel] = append(f.Required[cx.channel], cx.dtype)
			}
		}
	}
	for _, cx := range contexts {
		mark(cx, validateTree(baseTree(cx), engine.PhasePublish))
		for i := range fields {
			f := &fields[i]
			if f.leaf != reflect.Invalid || !slices.Contains(f.AppliesTo[cx.channel], cx.dtype) {
				continue // leaves, and objects that do not apply here
			}
			tree := baseTree(cx)
			setPath(tree, f.probe, f.sample)
			mark(cx, validateTree(tree, engine.PhasePublish))
		}
	}
}

func applies(cx probeContext, f *FieldSpec) bool {
	t := target(f.probe)
	for _, p := range problemsWith(cx, f, f.sample) {
		if engine.Under(t, p.Target) && p.Rule.NotApplicable() {
			return false
		}
	}
	return true
}

// allowedValues asks the engine which declared values a string field takes,
// in the first context the field applies to.
func allowedValues(contexts []probeContext, f *FieldSpec) []string {
	cx := contexts[0]
	for _, c := range contexts {
		if slices.Contains(f.AppliesTo[c.channel], c.dtype) {
			cx = c
			break
		}
	}
	t := target(f.probe)
	wrap := func(s string) any {
		if f.leaf == reflect.String {
			return s
		}
		return []any{s}
	}
	refused := func(v string) bool {
		for _, p := range problemsWith(cx, f, wrap(v)) {
			if engine.Under(p.Target, t) {
				return true
			}
		}
		return false
	}
	if !refused("\x00not-a-value") {
		return nil // free text
	}
	// A field that takes a number, an address, a link, a date or a zone in
	// a string is a format, not a list, even if some declared values fit.
	for _, v := range []string{"7", "7.5", "a@example.com", "https://example.com/a", "2027-01-01T10:00:00", "Europe/Madrid"} {
		if !refused(v) {
			return nil
		}
	}
	var ok []string
	for _, v := range model.EnumValues {
		if !refused(v) {
			ok = append(ok, v)
		}
	}
	if len(ok) == len(model.EnumValues) {
		return nil
	}
	return ok
}
