package forms

// The Audience step's rows (segmentation filters) and the list values
// their operators take.

import (
	"slices"
	"strconv"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

// --- Audience ------------------------------------------------------------

func (b *builder) audience() {
	x := b.x
	b.head("Who receives it")
	b.flag("segmentation_details.is_all_user_campaign", "All users")
	b.flag("segmentation_details.send_campaign_to_opt_out_users", "Include opted-out users")
	if !x.truth("segmentation_details.is_all_user_campaign") {
		b.filterGroup("segmentation_details.included_filters", "Include", 1)
	}
	b.filterGroup("segmentation_details.excluded_filters", "Exclude", 1)
}

// filterGroup is the filter builder: an and/or group of user attribute,
// action and custom segment filters. Actions nest one more group over their
// event attributes.
func (b *builder) filterGroup(path, title string, depth int) {
	x := b.x
	b.head(title)
	b.dep++
	b.enum(path+".filter_operator", "Match", model.OperatorAnd, model.OperatorOr)
	b.list(path+".filters", "filter", func(p string, _ int) {
		fp := p
		b.add(Field{Path: p + ".filter_type", Label: "Type", Kind: Enum,
			Options: []string{model.FilterUserAttributes, model.FilterActions, model.FilterCustomSegments},
			set:     func(c *model.Campaign, t string) error { return SetFilterType(c, fp, t) }})
		switch x.text(p + ".filter_type") {
		case model.FilterUserAttributes:
			b.userAttr(p)
		case model.FilterActions:
			b.text(p+".action_name", "Action")
			b.flag(p+".executed", "Executed")
			b.enum(p+".execution.type", "Times", model.ExecAtLeast, model.ExecAtMost, model.ExecExactly)
			b.num(p+".execution.count", "Count")
			b.text(p+".condition", "Condition")
			if depth > 0 {
				b.filterGroup(p+".attributes", "Event attributes", depth-1)
			}
		case model.FilterCustomSegments:
			b.text(p+".name", "Segment name")
			b.text(p+".id", "Segment id")
		}
	}, func(c *model.Campaign, p string) error {
		if Get(c, path+".filter_operator") == nil {
			_ = Set(c, path+".filter_operator", model.OperatorAnd)
		}
		if path == "segmentation_details.included_filters" {
			// A filter to include means not all users; opted-out users
			// stay out until chosen.
			for _, f := range []string{"segmentation_details.is_all_user_campaign", "segmentation_details.send_campaign_to_opt_out_users"} {
				if Get(c, f) == nil {
					_ = Set(c, f, false)
				}
			}
		}
		// A trigger is almost always an event; an audience an attribute.
		first := model.FilterUserAttributes
		if strings.HasPrefix(path, "trigger_condition.") && !strings.Contains(path, ".attributes") {
			first = model.FilterActions
		}
		return SetFilterType(c, p, first)
	})
	b.dep--
}

// SetFilterType changes the type of the filter at p, dropping the fields
// only the old type uses (a data_type left on an actions filter is sent
// and refused) and starting the new type's own fields: a string attribute,
// or an event done at least once.
func SetFilterType(c *model.Campaign, p, t string) error {
	v := Get(c, p)
	f, ok := v.(model.Filter)
	if !ok {
		if err := Set(c, p+".filter_type", nil); err != nil {
			return err
		}
		f, _ = Get(c, p).(model.Filter)
	}
	if t == "" {
		return Set(c, p+".filter_type", nil)
	}
	old := model.Str(f.FilterType)
	if old == t {
		return nil
	}
	keepOwn := old == "" // a filter without a type keeps what it has of the new one
	nf := model.Filter{FilterType: &t, Extra: f.Extra}
	switch t {
	case model.FilterUserAttributes:
		if keepOwn {
			nf.DataType, nf.Category, nf.Name, nf.Operator, nf.Value = f.DataType, f.Category, f.Name, f.Operator, f.Value
			nf.CaseSensitive, nf.Negate, nf.IsDynamicValue, nf.ProjectName = f.CaseSensitive, f.Negate, f.IsDynamicValue, f.ProjectName
		}
		if nf.DataType == nil {
			nf.DataType = ptr(model.DataString)
		}
	case model.FilterActions:
		if keepOwn {
			nf.ActionName, nf.Execution, nf.Executed, nf.Attributes, nf.Condition = f.ActionName, f.Execution, f.Executed, f.Attributes, f.Condition
		}
		if nf.Execution == nil {
			nf.Execution = &model.Execution{Type: ptr(model.ExecAtLeast), Count: ptr(int64(1))}
		}
		if nf.Executed == nil {
			nf.Executed = ptr(true)
		}
	case model.FilterCustomSegments:
		if keepOwn {
			nf.ID, nf.Name = f.ID, f.Name
		}
	default:
		nf = f
		nf.FilterType = &t
	}
	// Wrong-typed leftovers of the old type go too.
	nf.Extra.Invalid = nil
	return Set(c, p, nf)
}

func (b *builder) userAttr(p string) {
	x := b.x
	b.enum(p+".data_type", "Data type", model.DataString, model.DataDouble, model.DataDatetime, model.DataBool)
	b.text(p+".category", "Category")
	b.text(p+".name", "Attribute")
	b.enum(p+".operator", "Operator", model.OperatorsByDataType[x.text(p+".data_type")]...)
	if op := x.text(p + ".operator"); op != "exists" {
		f := Field{Path: p + ".value", Label: "Value", Kind: Value, Help: "text, number or JSON list"}
		if slices.Contains(listOperators, op) {
			f.Help = "values, comma separated (e.g. Madrid, Sevilla)"
			f.set = setList(f)
		}
		b.add(f)
	}
	if x.text(p+".data_type") == model.DataString {
		b.flag(p+".case_sensitive", "Case sensitive")
	}
	b.flag(p+".negate", "Negate")
	b.flag(p+".is_dynamic_value", "Dynamic value")
	b.text(p+".project_name", "Project")
}

// listOperators compare with a list of values.
var listOperators = []string{"in", "containsInTheFollowing", "startWithInTheFollowing", "endsWithInTheFollowing"}

// setList takes a list value as plain comma-separated text ("Madrid,
// Sevilla", numbers as numbers) or as JSON; one value is a list of one.
func setList(f Field) func(c *model.Campaign, text string) error {
	return func(c *model.Campaign, text string) error {
		t := strings.TrimSpace(text)
		if t == "" || strings.HasPrefix(t, "[") {
			g := f
			g.set = nil
			return g.Apply(c, t)
		}
		var out []any
		for _, v := range strings.Split(t, ",") {
			if v = strings.TrimSpace(v); v == "" {
				continue
			}
			if n, err := strconv.ParseFloat(v, 64); err == nil && Get(c, strings.TrimSuffix(f.Path, ".value")+".data_type") == model.DataDouble {
				if n == float64(int64(n)) {
					out = append(out, int64(n))
				} else {
					out = append(out, n)
				}
				continue
			}
			out = append(out, v)
		}
		return Set(c, f.Path, out)
	}
}
