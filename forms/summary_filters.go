package forms

// The audience's and the trigger's filters in words: "in City Madrid or
// Sevilla", "whose Age is more than 30", "who did cart_abandoned with
// cart_value more than 20 at least 2 times".

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

func groupText(g *model.FilterGroup) string { return joinFilters(g, ", ", filterText) }

// joinFilters words a filter group's filters joined by its operator:
// "A, and B" (sep ", ") or "A or B" (sep " ").
func joinFilters(g *model.FilterGroup, sep string, word func(model.Filter) string) string {
	join := sep + "and "
	if model.Str(g.FilterOperator) == model.OperatorOr {
		join = sep + "or "
	}
	parts := make([]string, 0, len(g.Filters))
	for _, f := range g.Filters {
		parts = append(parts, word(f))
	}
	return strings.Join(parts, join)
}

func filterText(f model.Filter) string {
	switch model.Str(f.FilterType) {
	case model.FilterCustomSegments:
		name := model.Str(f.Name)
		if name == "" {
			name = model.Str(f.ID)
		}
		return "in segment " + orBlank(name)
	case model.FilterActions:
		if f.Executed != nil && !*f.Executed {
			return "who did not do " + eventText(f)
		}
		return "who did " + eventText(f)
	case model.FilterUserAttributes:
		name := orBlank(model.Str(f.Name))
		vals := valueText(f.Value)
		neg := f.Negate != nil && *f.Negate
		switch op := model.Str(f.Operator); op {
		case "in":
			if neg {
				return "not in " + name + " " + vals
			}
			return "in " + name + " " + vals
		case "exists":
			if neg {
				return "without " + name
			}
			return "with " + name
		case "":
			return "with " + name + " " + vals
		default:
			return "whose " + name + " " + comparison(op, f.Value, neg)
		}
	}
	return "(filter without a type)"
}

// eventText names an event with its conditions, whole: "cart_abandoned
// with cart_value more than 20 at least 2 times". Neither the event's
// attribute filters nor its count may be left out of a trigger's sentence:
// they decide who receives it.
func eventText(f model.Filter) string {
	out := orBlank(model.Str(f.ActionName))
	if g := f.Attributes; g != nil && len(g.Filters) > 0 {
		out += " with " + joinFilters(g, " ", attrText)
	}
	if e := f.Execution; e != nil && e.Count != nil && !(model.Str(e.Type) == model.ExecAtLeast && *e.Count == 1) {
		typ := strings.ToLower(model.Str(e.Type))
		switch typ {
		case "atleast":
			typ = "at least"
		case "atmost":
			typ = "at most"
		case "":
			typ = "exactly"
		}
		out += " " + typ + " " + times(*e.Count)
	}
	return out
}

// attrText words one condition on an event attribute: "cart_value more
// than 20", "city in Madrid or Sevilla".
func attrText(a model.Filter) string {
	name := orBlank(model.Str(a.Name))
	neg := a.Negate != nil && *a.Negate
	switch op := model.Str(a.Operator); op {
	case "", "in":
		if neg {
			return name + " not in " + valueText(a.Value)
		}
		if op == "" {
			return name + " " + valueText(a.Value)
		}
		return name + " in " + valueText(a.Value)
	case "exists":
		if neg {
			return "no " + name
		}
		return "any " + name
	default:
		return name + " " + strings.TrimPrefix(comparison(op, a.Value, neg), "is ")
	}
}

// comparison words a user-attribute operator and its value as the end of a
// sentence starting "whose City": "is in the last 30 days", "starts with
// A or B". Every operator of model.OperatorsByDataType reads as English,
// with its unit; an unknown one is spelt out in words.
func comparison(op string, v any, neg bool) string {
	is, not := "is ", "is not "
	pick := func(yes, no string) string {
		if neg {
			return no
		}
		return yes
	}
	switch op {
	case "is":
		return pick(is, not) + valueText(v)
	case "contains", "containsInTheFollowing":
		return pick("contains ", "does not contain ") + valueText(v)
	case "startWithInTheFollowing":
		return pick("starts with ", "does not start with ") + valueText(v)
	case "endsWithInTheFollowing":
		return pick("ends with ", "does not end with ") + valueText(v)
	case "between":
		return pick(is, not) + "between " + rangeText(v)
	case "lessThan":
		return pick(is, not) + "less than " + valueText(v)
	case "greaterThan":
		return pick(is, not) + "more than " + valueText(v)
	case "inTheLast":
		return pick(is, not) + "in the last " + durationText(v)
	case "inTheNext":
		return pick(is, not) + "in the next " + durationText(v)
	case "on", "before", "after":
		return pick(is, not) + op + " " + valueText(v)
	case "today":
		return pick(is, not) + "today"
	}
	w := strings.ToLower(opWords(op))
	return pick(w, "does not "+w) + " " + valueText(v)
}

// rangeText is the value of "between": [1, 5] → "1 and 5".
func rangeText(v any) string {
	switch x := v.(type) {
	case []any:
		if len(x) == 2 {
			return fmt.Sprint(x[0]) + " and " + fmt.Sprint(x[1])
		}
	case []string:
		if len(x) == 2 {
			return x[0] + " and " + x[1]
		}
	case map[string]any:
		lo, hi := x["from"], x["to"]
		if lo == nil {
			lo, hi = x["min"], x["max"]
		}
		if lo != nil && hi != nil {
			return fmt.Sprint(lo) + " and " + fmt.Sprint(hi)
		}
	}
	return valueText(v)
}

// durationText is the value of "in the last / next": a number of days
// (30 → "30 days") or {value, unit} (→ "5 hours").
func durationText(v any) string {
	n, unit := v, "days"
	if m, ok := v.(map[string]any); ok {
		n = m["value"]
		if u, ok := m["unit"].(string); ok && u != "" {
			unit = strings.ToLower(u)
		}
	}
	num := fmt.Sprint(n)
	switch x := n.(type) {
	case nil:
		return "(no value) " + unit
	case float64:
		num = strconv.FormatFloat(x, 'f', -1, 64)
	case string:
		if _, err := strconv.ParseFloat(strings.TrimSpace(x), 64); err != nil {
			return x // a text value speaks for itself
		}
		num = strings.TrimSpace(x)
	}
	if num == "1" {
		unit = strings.TrimSuffix(unit, "s")
	} else if !strings.HasSuffix(unit, "s") {
		unit += "s"
	}
	return num + " " + unit
}

func opWords(op string) string {
	var b strings.Builder
	for i, r := range op {
		if i > 0 && r >= 'A' && r <= 'Z' {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func times(n int64) string {
	if n == 1 {
		return "once"
	}
	return strconv.FormatInt(n, 10) + " times"
}

func valueText(v any) string {
	switch x := v.(type) {
	case nil:
		return "(no value)"
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = fmt.Sprint(e)
		}
		return orList(parts)
	case []string:
		return orList(x)
	}
	return fmt.Sprint(v)
}

func orList(parts []string) string {
	switch len(parts) {
	case 0:
		return "(no value)"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

func andList(parts []string) string {
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

func orBlank(s string) string {
	if strings.TrimSpace(s) == "" {
		return "(not set)"
	}
	return s
}
