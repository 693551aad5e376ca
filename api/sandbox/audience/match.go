package audience

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/campaigns-cli/campaigns/model"
)

// Segmentation evaluation (service-reference §2.8, §2.9).
//
// An audience is is_all_user_campaign, or else the users matching
// included_filters; minus those matching excluded_filters; minus opted-out
// users unless send_campaign_to_opt_out_users. A missing or empty
// included_filters without is_all_user_campaign matches nobody.
//
// Value shapes accepted (numbers may be JSON numbers or numeric strings;
// dates are ISO 8601 date-times, with or without offset — no offset is UTC —
// or plain dates YYYY-MM-DD meaning that whole UTC day):
//
//	string   in, is                         v or [v, …]: equal to one of them
//	         contains                       v or [v, …]: contains one of them
//	         containsInTheFollowing,
//	         startWithInTheFollowing,
//	         endsWithInTheFollowing         [v, …] (or one v)
//	         exists                         no value
//	         case_sensitive: false unless true
//	double   in                             n or [n, …]
//	         between                        [low, high], inclusive, either order
//	         lessThan, greaterThan          n
//	         exists
//	datetime inTheLast, inTheNext           n (days) or {"value": n, "unit":
//	                                        "minutes"|"hours"|"days"|"weeks"|"months"}
//	         on                             a date (or a date-time: its UTC day)
//	         before, after                  a date or date-time (a date: the
//	                                        whole day is excluded from both)
//	         between                        [from, to], inclusive
//	         today                          no value: same UTC day as now
//	         (days are UTC days, not the user's time zone)
//	         exists
//	bool     is                             true/false (or "true"/"false")
//	         exists
//
// negate inverts the filter's result, also for users without the attribute.
//
// actions: the user's events named action_name whose attributes match the
// nested attributes group (its user_attributes filters read event
// attributes) are counted; execution {type: atleast|atmost|exactly, count}
// defaults to atleast 1; executed: false inverts the condition ("did not
// do it at least once" = never did it).
//
// custom_segments: membership by id; a filter with only a name is resolved
// through the Directory's segments by Directory.Compile.
//
// Anything that cannot be evaluated (unknown filter type, data type or
// operator, a value of the wrong shape) never matches and is reported as an
// Issue naming the field.

// Issue is a part of a segmentation that could not be evaluated.
type Issue struct {
	Target, Message string
}

func (i Issue) String() string { return i.Target + ": " + i.Message }

// Audience is a compiled segmentation.
type Audience struct {
	all, optOut       bool
	include, exclude  pred
	hasInclude, hasEx bool
	issues            []Issue
}

// subject is what a filter reads: a user, or one event's attributes.
type subject struct {
	user  *User
	attrs map[string]any
}

type pred func(s subject, now time.Time) bool

func never(subject, time.Time) bool { return false }

// Operators by data_type (service-reference §2.8).
var operators = map[string][]string{
	"string":   {"in", "contains", "containsInTheFollowing", "startWithInTheFollowing", "endsWithInTheFollowing", "exists", "is"},
	"double":   {"in", "between", "lessThan", "greaterThan", "exists"},
	"datetime": {"inTheLast", "on", "between", "before", "after", "inTheNext", "exists", "today"},
	"bool":     {"is", "exists"},
}

// Compile prepares a segmentation for evaluation. Custom segments are
// matched by id only; use Directory.Compile to also resolve names.
func Compile(seg *model.Segmentation) (*Audience, []Issue) {
	return compile(seg, nil)
}

// Compile prepares a segmentation, resolving custom segments given by name.
func (d *Directory) Compile(seg *model.Segmentation) (*Audience, []Issue) {
	return compile(seg, d)
}

// Match reports whether the user is in the segmentation's audience.
func Match(seg *model.Segmentation, u User, now time.Time) bool {
	a, _ := Compile(seg)
	return a.Match(u, now)
}

// Explain lists what in the segmentation cannot be evaluated.
func Explain(seg *model.Segmentation) []Issue {
	_, issues := Compile(seg)
	return issues
}

// Count is the number of the directory's users in the audience, with the
// issues found on the way.
func (d *Directory) Count(seg *model.Segmentation, now time.Time) (int, []Issue) {
	a, issues := d.Compile(seg)
	n := 0
	for i := range d.Users {
		if a.Match(d.Users[i], now) {
			n++
		}
	}
	return n, issues
}

// Issues lists what could not be evaluated.
func (a *Audience) Issues() []Issue { return a.issues }

// Match reports whether the user is in the audience.
func (a *Audience) Match(u User, now time.Time) bool {
	if a == nil {
		return false
	}
	if u.OptedOut && !a.optOut {
		return false
	}
	s := subject{user: &u, attrs: u.Attributes}
	in := a.all || (a.hasInclude && a.include(s, now))
	if !in {
		return false
	}
	return !(a.hasEx && a.exclude(s, now))
}

type compiler struct {
	dir    *Directory
	issues []Issue
	broken int // unevaluable filters and groups so far
}

func (c *compiler) issue(target, format string, args ...any) {
	c.issues = append(c.issues, Issue{target, fmt.Sprintf(format, args...)})
}

// broke reports an issue that leaves the filter or group unevaluable: it
// matches nobody (never; negated as well).
func (c *compiler) broke(target, format string, args ...any) pred {
	c.issue(target, format, args...)
	c.broken++
	return never
}

func compile(seg *model.Segmentation, dir *Directory) (*Audience, []Issue) {
	a := &Audience{}
	if seg == nil {
		return a, nil
	}
	c := &compiler{dir: dir}
	a.all = seg.IsAllUserCampaign != nil && *seg.IsAllUserCampaign
	a.optOut = seg.SendCampaignToOptOutUsers != nil && *seg.SendCampaignToOptOutUsers
	if g := seg.IncludedFilters; g != nil && len(g.Filters) > 0 {
		a.include, a.hasInclude = c.group(g, "segmentation_details.included_filters", false), true
	}
	if g := seg.ExcludedFilters; g != nil && len(g.Filters) > 0 {
		a.exclude, a.hasEx = c.group(g, "segmentation_details.excluded_filters", false), true
	}
	a.issues = c.issues
	return a, c.issues
}

// group compiles a filter group; inEvent is true inside an action's
// attributes, where filters read the event's attributes.
func (c *compiler) group(g *model.FilterGroup, path string, inEvent bool) pred {
	op := "and"
	switch {
	case g.FilterOperator == nil:
		c.issue(path+".filter_operator", "filter_operator is missing; evaluated as \"and\"")
	case *g.FilterOperator == "and" || *g.FilterOperator == "or":
		op = *g.FilterOperator
	case strings.EqualFold(*g.FilterOperator, "and") || strings.EqualFold(*g.FilterOperator, "or"):
		op = strings.ToLower(*g.FilterOperator)
		c.issue(path+".filter_operator", "filter_operator must be lowercase %q; evaluated as such", op)
	default:
		return c.broke(path+".filter_operator", "unknown filter_operator %q (and, or); the group matches nobody", *g.FilterOperator)
	}
	preds := make([]pred, len(g.Filters))
	for i := range g.Filters {
		preds[i] = c.filter(&g.Filters[i], fmt.Sprintf("%s.filters[%d]", path, i), inEvent)
	}
	if len(preds) == 0 {
		return never
	}
	if op == "or" {
		return func(s subject, now time.Time) bool {
			for _, p := range preds {
				if p(s, now) {
					return true
				}
			}
			return false
		}
	}
	return func(s subject, now time.Time) bool {
		for _, p := range preds {
			if !p(s, now) {
				return false
			}
		}
		return true
	}
}

func (c *compiler) filter(f *model.Filter, path string, inEvent bool) pred {
	if f.FilterType == nil {
		return c.broke(path+".filter_type", "filter_type is missing; the filter matches nobody")
	}
	var p pred
	switch *f.FilterType {
	case "user_attributes":
		p = c.attribute(f, path)
	case "actions":
		if inEvent {
			return c.broke(path+".filter_type", "an actions filter cannot be nested inside an action's attributes")
		}
		p = c.action(f, path)
	case "custom_segments":
		if inEvent {
			return c.broke(path+".filter_type", "a custom_segments filter cannot be nested inside an action's attributes")
		}
		p = c.segment(f, path)
	default:
		return c.broke(path+".filter_type", "unknown filter_type %q (user_attributes, actions, custom_segments); the filter matches nobody", *f.FilterType)
	}
	if p == nil {
		c.broken++
		return never // unevaluable, and negate must not turn that into everyone
	}
	if f.Negate != nil && *f.Negate {
		inner := p
		p = func(s subject, now time.Time) bool { return !inner(s, now) }
	}
	return p
}

func (c *compiler) segment(f *model.Filter, path string) pred {
	id := ""
	switch {
	case f.ID != nil && *f.ID != "":
		id = *f.ID
	case f.Name != nil && *f.Name != "" && c.dir != nil:
		s, ok := c.dir.Segment(*f.Name)
		if !ok {
			c.issue(path+".name", "no custom segment named %q; the filter matches nobody", *f.Name)
			return nil
		}
		id = s.ID
	default:
		c.issue(path+".id", "a custom_segments filter needs the segment's id; the filter matches nobody")
		return nil
	}
	if c.dir != nil {
		if _, ok := c.dir.Segment(id); !ok {
			c.issue(path+".id", "no custom segment with id %q; the filter matches nobody", id)
		}
	}
	return func(s subject, _ time.Time) bool { return s.user != nil && slices.Contains(s.user.Segments, id) }
}

func (c *compiler) action(f *model.Filter, path string) pred {
	if f.ActionName == nil || *f.ActionName == "" {
		c.issue(path+".action_name", "an actions filter needs action_name; the filter matches nobody")
		return nil
	}
	name := *f.ActionName
	kind, count := "atleast", int64(1)
	if e := f.Execution; e != nil {
		if e.Type != nil {
			kind = *e.Type
		}
		if e.Count != nil {
			count = *e.Count
		}
	}
	switch kind {
	case "atleast", "atmost", "exactly":
	default:
		c.issue(path+".execution.type", "unknown execution type %q (atleast, atmost, exactly); the filter matches nobody", kind)
		return nil
	}
	if count < 0 {
		c.issue(path+".execution.count", "execution count %d is negative; the filter matches nobody", count)
		return nil
	}
	var attrs pred
	if f.Attributes != nil && len(f.Attributes.Filters) > 0 {
		before := c.broken
		attrs = c.group(f.Attributes, path+".attributes", true)
		if c.broken > before {
			return nil // executed: false must not turn a broken condition into a match
		}
	}
	executed := f.Executed == nil || *f.Executed
	return func(s subject, now time.Time) bool {
		if s.user == nil {
			return false
		}
		var n int64
		for _, ev := range s.user.Events {
			if ev.Name == name && (attrs == nil || attrs(subject{attrs: ev.Attributes}, now)) {
				n++
			}
		}
		var ok bool
		switch kind {
		case "atleast":
			ok = n >= count
		case "atmost":
			ok = n <= count
		default:
			ok = n == count
		}
		return ok == executed
	}
}

// --- user attributes ---------------------------------------------------------

func (c *compiler) attribute(f *model.Filter, path string) pred {
	if f.Name == nil || *f.Name == "" {
		c.issue(path+".name", "a user_attributes filter needs the attribute's name; the filter matches nobody")
		return nil
	}
	if f.DataType == nil {
		c.issue(path+".data_type", "data_type is missing (string, double, datetime, bool); the filter matches nobody")
		return nil
	}
	dt := *f.DataType
	ops, ok := operators[dt]
	if !ok {
		c.issue(path+".data_type", "unknown data_type %q (string, double, datetime, bool); the filter matches nobody", dt)
		return nil
	}
	if f.Operator == nil {
		c.issue(path+".operator", "operator is missing (%s: %s); the filter matches nobody", dt, strings.Join(ops, ", "))
		return nil
	}
	op := *f.Operator
	if !slices.Contains(ops, op) {
		c.issue(path+".operator", "operator %q does not apply to data_type %s (%s); the filter matches nobody", op, dt, strings.Join(ops, ", "))
		return nil
	}
	name := *f.Name
	get := func(s subject) (any, bool) {
		v, ok := s.attrs[name]
		if !ok && s.user != nil && (name == "ID" || name == "id") {
			return s.user.ID, true
		}
		return v, ok && v != nil
	}
	if op == "exists" {
		return func(s subject, _ time.Time) bool {
			v, ok := get(s)
			if str, isStr := v.(string); isStr {
				return ok && str != ""
			}
			return ok
		}
	}
	if f.IsDynamicValue != nil && *f.IsDynamicValue {
		c.issue(path+".value", "a dynamic value is resolved when the campaign sends; the sandbox cannot evaluate it, so the filter matches nobody")
		return nil
	}
	vpath := path + ".value"
	var test func(v any, now time.Time) bool
	switch dt {
	case "string":
		test = c.stringTest(op, f.Value, f.CaseSensitive != nil && *f.CaseSensitive, vpath)
	case "double":
		test = c.doubleTest(op, f.Value, vpath)
	case "datetime":
		test = c.timeTest(op, f.Value, vpath)
	case "bool":
		b, ok := toBool(f.Value)
		if !ok {
			c.issue(vpath, "bool is needs true or false, got %s", show(f.Value))
			return nil
		}
		test = over(toBool, func(x bool, _ time.Time) bool { return x == b })
	}
	if test == nil {
		return nil
	}
	return func(s subject, now time.Time) bool {
		v, ok := get(s)
		return ok && test(v, now)
	}
}

func (c *compiler) stringTest(op string, value any, caseSensitive bool, path string) func(any, time.Time) bool {
	want, ok := listOf(value, toString)
	if !ok {
		c.issue(path, "string %s needs text values, got %s", op, show(value))
		return nil
	}
	if !caseSensitive {
		for i := range want {
			want[i] = strings.ToLower(want[i])
		}
	}
	if len(want) == 0 {
		c.issue(path, "string %s needs a value", op)
		return nil
	}
	var cmp func(have, w string) bool
	switch op {
	case "in", "is":
		cmp = func(h, w string) bool { return h == w }
	case "contains", "containsInTheFollowing":
		cmp = strings.Contains
	case "startWithInTheFollowing":
		cmp = strings.HasPrefix
	case "endsWithInTheFollowing":
		cmp = strings.HasSuffix
	}
	return over(toString, func(have string, _ time.Time) bool {
		if !caseSensitive {
			have = strings.ToLower(have)
		}
		for _, w := range want {
			if cmp(have, w) {
				return true
			}
		}
		return false
	})
}

func (c *compiler) doubleTest(op string, value any, path string) func(any, time.Time) bool {
	nums, ok := listOf(value, toFloat)
	if !ok {
		c.issue(path, "double %s needs numbers, got %s", op, show(value))
		return nil
	}
	switch {
	case op == "between" && len(nums) != 2:
		c.issue(path, "double between needs [low, high], got %s", show(value))
		return nil
	case (op == "lessThan" || op == "greaterThan") && len(nums) != 1:
		c.issue(path, "double %s needs one number, got %s", op, show(value))
		return nil
	case len(nums) == 0:
		c.issue(path, "double %s needs a number", op)
		return nil
	}
	return over(toFloat, func(x float64, _ time.Time) bool {
		switch op {
		case "between":
			lo, hi := min(nums[0], nums[1]), max(nums[0], nums[1])
			return x >= lo && x <= hi
		case "lessThan":
			return x < nums[0]
		case "greaterThan":
			return x > nums[0]
		}
		return slices.Contains(nums, x)
	})
}

// listOf reads each value of a filter's value (one, or a list) with conv;
// false when one is not of its type.
func listOf[T any](value any, conv func(any) (T, bool)) ([]T, bool) {
	var out []T
	for _, v := range list(value) {
		x, ok := conv(v)
		if !ok {
			return nil, false
		}
		out = append(out, x)
	}
	return out, true
}

// over is the test f of the values conv reads; a value it cannot read
// (absent, or of another type) matches nothing.
func over[T any](conv func(any) (T, bool), f func(x T, now time.Time) bool) func(any, time.Time) bool {
	return func(v any, now time.Time) bool {
		x, ok := conv(v)
		return ok && f(x, now)
	}
}

// span is a date-time (from == to) or a whole UTC day [from, to).
type span struct {
	from, to time.Time
	day      bool
}

func (c *compiler) timeTest(op string, value any, path string) func(any, time.Time) bool {
	switch op {
	case "today":
		return over(toTime, func(t span, now time.Time) bool { return sameDay(t.from, now) })
	case "inTheLast", "inTheNext":
		d, ok := toDuration(value)
		if !ok {
			c.issue(path, "datetime %s needs a number of days or {\"value\": n, \"unit\": \"minutes|hours|days|weeks|months\"}, got %s", op, show(value))
			return nil
		}
		return over(toTime, func(t span, now time.Time) bool {
			if op == "inTheLast" {
				return !t.from.Before(now.Add(-d)) && !t.from.After(now)
			}
			return !t.from.Before(now) && !t.from.After(now.Add(d))
		})
	case "between":
		vs := list(value)
		if len(vs) != 2 {
			c.issue(path, "datetime between needs [from, to], got %s", show(value))
			return nil
		}
		a, aok := toTime(vs[0])
		b, bok := toTime(vs[1])
		if !aok || !bok {
			c.issue(path, "datetime between needs two dates or date-times, got %s", show(value))
			return nil
		}
		if b.from.Before(a.from) {
			a, b = b, a
		}
		return over(toTime, func(t span, _ time.Time) bool {
			if t.from.Before(a.from) {
				return false
			}
			if b.day {
				return t.from.Before(b.to)
			}
			return !t.from.After(b.from)
		})
	}
	// on, before, after: one date or date-time.
	w, ok := toTime(value)
	if !ok {
		c.issue(path, "datetime %s needs a date (YYYY-MM-DD) or an ISO 8601 date-time, got %s", op, show(value))
		return nil
	}
	return over(toTime, func(t span, _ time.Time) bool {
		switch op {
		case "on":
			return sameDay(t.from, w.from)
		case "before":
			return t.from.Before(w.from)
		default: // after
			if w.day {
				return !t.from.Before(w.to)
			}
			return t.from.After(w.from)
		}
	})
}
