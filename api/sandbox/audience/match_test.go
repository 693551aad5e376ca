package audience

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/model"
)

// probe is the user most filters below are tried on.
var probe = User{
	ID: "u1",
	Attributes: map[string]any{
		"City":        "Lisbon",
		"Email":       "Ana@Example.com",
		"Age":         31.0,
		"Score":       "12.5", // a double kept as text
		"Signup":      time.Date(2026, 3, 1, 9, 30, 0, 0, time.UTC),
		"Renewal":     time.Date(2026, 3, 20, 0, 0, 0, 0, time.UTC),
		"Last Seen":   time.Date(2026, 3, 15, 8, 0, 0, 0, time.UTC), // today, 4 h before now
		"Newsletter":  true,
		"Empty":       "",
		"Loyalty":     "Gold",
		"Signup Text": "2026-03-01T09:30:00Z",
	},
	Segments: []string{"seg-vip"},
	Events: []Event{
		{Name: "cart_abandoned", Time: now.Add(-2 * time.Hour), Attributes: map[string]any{"price": 89.9, "item": "Running Shoes"}},
		{Name: "cart_abandoned", Time: now.Add(-50 * time.Hour), Attributes: map[string]any{"price": 12.0, "item": "Socks"}},
		{Name: "app_opened", Time: now.Add(-time.Hour)},
	},
}

func str(s string) *string { return &s }
func yes() *bool           { b := true; return &b }
func no() *bool            { b := false; return &b }
func i64(n int64) *int64   { return &n }

func attr(dt, name, op string, v any) model.Filter {
	return model.Filter{FilterType: str("user_attributes"), DataType: str(dt), Name: str(name), Operator: str(op), Value: v}
}

func only(f model.Filter) *model.Segmentation {
	return &model.Segmentation{IncludedFilters: &model.FilterGroup{FilterOperator: str("and"), Filters: []model.Filter{f}}}
}

func jsonValue(t *testing.T, s string) any {
	v, err := model.Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// filterCase is a filter alone in a segment and whether probe matches it.
type filterCase struct {
	name string
	f    model.Filter
	want bool
}

// matchesProbe runs the cases: each filter is evaluable, and matches probe
// or not as the case says.
func matchesProbe(t *testing.T, cases []filterCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			seg := only(c.f)
			if issues := Explain(seg); len(issues) > 0 {
				t.Fatalf("issues: %v", issues)
			}
			if got := Match(seg, probe, now); got != c.want {
				t.Fatalf("Match = %v, want %v", got, c.want)
			}
		})
	}
}

func TestUserAttributeFilters(t *testing.T) {
	t.Parallel()
	cases := []filterCase{
		// string
		{"string in: one of a list", attr("string", "City", "in", []any{"Porto", "Lisbon"}), true},
		{"string in: single value", attr("string", "City", "in", "Lisbon"), true},
		{"string in: none of them", attr("string", "City", "in", []any{"Porto"}), false},
		{"string in ignores case by default", attr("string", "City", "in", []any{"LISBON"}), true},
		{"string is", attr("string", "Loyalty", "is", "gold"), true},
		{"string is: different", attr("string", "Loyalty", "is", "Silver"), false},
		{"string contains", attr("string", "Email", "contains", "@example."), true},
		{"string contains: not there", attr("string", "Email", "contains", "@test."), false},
		{"containsInTheFollowing", attr("string", "Email", "containsInTheFollowing", []any{"nope", "example"}), true},
		{"startWithInTheFollowing", attr("string", "Email", "startWithInTheFollowing", []any{"bob", "ana"}), true},
		{"startWithInTheFollowing: no", attr("string", "Email", "startWithInTheFollowing", []any{"bob"}), false},
		{"endsWithInTheFollowing", attr("string", "Email", "endsWithInTheFollowing", []any{".org", ".com"}), true},
		{"endsWithInTheFollowing: no", attr("string", "Email", "endsWithInTheFollowing", []any{".org"}), false},
		{"string exists", attr("string", "City", "exists", nil), true},
		{"string exists: empty text is absent", attr("string", "Empty", "exists", nil), false},
		{"string exists: missing", attr("string", "Nickname", "exists", nil), false},
		{"missing attribute never matches", attr("string", "Nickname", "in", []any{""}), false},
		// case_sensitive
		{"case_sensitive in: exact", func() model.Filter {
			f := attr("string", "City", "in", []any{"Lisbon"})
			f.CaseSensitive = yes()
			return f
		}(), true},
		{"case_sensitive in: other case", func() model.Filter {
			f := attr("string", "City", "in", []any{"lisbon"})
			f.CaseSensitive = yes()
			return f
		}(), false},
		{"case_sensitive contains", func() model.Filter {
			f := attr("string", "Email", "contains", "example")
			f.CaseSensitive = yes()
			return f
		}(), false},
		{"case_sensitive false", func() model.Filter {
			f := attr("string", "Email", "contains", "example")
			f.CaseSensitive = no()
			return f
		}(), true},
		// negate
		{"negate in", func() model.Filter { f := attr("string", "City", "in", []any{"Lisbon"}); f.Negate = yes(); return f }(), false},
		{"negate in: other city", func() model.Filter { f := attr("string", "City", "in", []any{"Porto"}); f.Negate = yes(); return f }(), true},
		{"negate exists: missing attribute", func() model.Filter { f := attr("string", "Nickname", "exists", nil); f.Negate = yes(); return f }(), true},
		{"negate false changes nothing", func() model.Filter { f := attr("string", "City", "in", "Lisbon"); f.Negate = no(); return f }(), true},
		// double
		{"double in", attr("double", "Age", "in", []any{30.0, 31.0}), true},
		{"double in: JSON number", attr("double", "Age", "in", json.Number("31")), true},
		{"double in: no", attr("double", "Age", "in", []any{30.0}), false},
		{"double between: inside", attr("double", "Age", "between", []any{30.0, 40.0}), true},
		{"double between: low bound inclusive", attr("double", "Age", "between", []any{31.0, 40.0}), true},
		{"double between: high bound inclusive", attr("double", "Age", "between", []any{20.0, 31.0}), true},
		{"double between: reversed bounds", attr("double", "Age", "between", []any{40.0, 30.0}), true},
		{"double between: outside", attr("double", "Age", "between", []any{32.0, 40.0}), false},
		{"double lessThan", attr("double", "Age", "lessThan", 32.0), true},
		{"double lessThan: equal is not less", attr("double", "Age", "lessThan", 31.0), false},
		{"double greaterThan", attr("double", "Age", "greaterThan", 30.5), true},
		{"double greaterThan: equal is not greater", attr("double", "Age", "greaterThan", 31.0), false},
		{"double greaterThan on a numeric text attribute", attr("double", "Score", "greaterThan", "12"), true},
		{"double exists", attr("double", "Age", "exists", nil), true},
		{"double on text that is not a number", attr("double", "City", "greaterThan", 1.0), false},
		// datetime (now = 2026-03-15T12:00Z)
		{"inTheLast days: inside", attr("datetime", "Signup", "inTheLast", 15.0), true},
		{"inTheLast days: outside", attr("datetime", "Signup", "inTheLast", 14.0), false},
		{"inTheLast {value, unit}", attr("datetime", "Last Seen", "inTheLast", map[string]any{"value": 5.0, "unit": "hours"}), true},
		{"inTheLast {value, unit}: too short", attr("datetime", "Last Seen", "inTheLast", map[string]any{"value": 3.0, "unit": "hours"}), false},
		{"inTheLast excludes the future", attr("datetime", "Renewal", "inTheLast", 30.0), false},
		{"inTheNext days", attr("datetime", "Renewal", "inTheNext", 5.0), true},
		{"inTheNext days: too short", attr("datetime", "Renewal", "inTheNext", 4.0), false},
		{"inTheNext weeks", attr("datetime", "Renewal", "inTheNext", map[string]any{"value": 1.0, "unit": "weeks"}), true},
		{"inTheNext excludes the past", attr("datetime", "Signup", "inTheNext", 30.0), false},
		{"on a date", attr("datetime", "Signup", "on", "2026-03-01"), true},
		{"on another date", attr("datetime", "Signup", "on", "2026-03-02"), false},
		{"on a date-time means its day", attr("datetime", "Signup", "on", "2026-03-01T23:00:00"), true},
		{"before a date-time", attr("datetime", "Signup", "before", "2026-03-01T09:31:00"), true},
		{"before: equal is not before", attr("datetime", "Signup", "before", "2026-03-01T09:30:00"), false},
		{"before a date: the day itself is excluded", attr("datetime", "Signup", "before", "2026-03-01"), false},
		{"after a date-time", attr("datetime", "Signup", "after", "2026-03-01T09:29:00Z"), true},
		{"after a date: the day itself is excluded", attr("datetime", "Signup", "after", "2026-03-01"), false},
		{"after the day before", attr("datetime", "Signup", "after", "2026-02-28"), true},
		{"after with an offset", attr("datetime", "Signup", "after", "2026-03-01T10:00:00+01:00"), true},
		{"between dates inclusive of the last day", attr("datetime", "Signup", "between", []any{"2026-02-01", "2026-03-01"}), true},
		{"between date-times", attr("datetime", "Signup", "between", []any{"2026-03-01T09:30:00", "2026-03-01T09:30:00"}), true},
		{"between: outside", attr("datetime", "Signup", "between", []any{"2026-03-02", "2026-03-05"}), false},
		{"today", attr("datetime", "Last Seen", "today", nil), true},
		{"today: not today", attr("datetime", "Signup", "today", nil), false},
		{"datetime stored as text", attr("datetime", "Signup Text", "on", "2026-03-01"), true},
		{"datetime exists", attr("datetime", "Signup", "exists", nil), true},
		// bool
		{"bool is true", attr("bool", "Newsletter", "is", true), true},
		{"bool is false", attr("bool", "Newsletter", "is", false), false},
		{"bool is \"true\"", attr("bool", "Newsletter", "is", "true"), true},
		{"bool exists", attr("bool", "Newsletter", "exists", nil), true},
		{"bool exists: missing", attr("bool", "Push Enabled", "exists", nil), false},
		// the id
		{"ID attribute is the user id", attr("string", "ID", "is", "u1"), true},
	}
	matchesProbe(t, cases)
}

func TestUnevaluableFiltersNeverMatchAndAreReported(t *testing.T) {
	t.Parallel()
	path := "segmentation_details.included_filters.filters[0]"
	cases := []struct {
		name   string
		f      model.Filter
		target string
		msg    string
	}{
		{"operator of another data type", attr("string", "City", "between", []any{"a", "b"}), path + ".operator", "does not apply"},
		{"unknown operator", attr("double", "Age", "approximately", 31.0), path + ".operator", "approximately"},
		{"data type in capitals", attr("STRING", "City", "in", "Lisbon"), path + ".data_type", "unknown data_type"},
		{"no data type", model.Filter{FilterType: str("user_attributes"), Name: str("City"), Operator: str("in"), Value: "Lisbon"}, path + ".data_type", "missing"},
		{"no operator", model.Filter{FilterType: str("user_attributes"), DataType: str("string"), Name: str("City"), Value: "Lisbon"}, path + ".operator", "missing"},
		{"no name", model.Filter{FilterType: str("user_attributes"), DataType: str("string"), Operator: str("in"), Value: "Lisbon"}, path + ".name", "name"},
		{"between with one bound", attr("double", "Age", "between", []any{30.0}), path + ".value", "[low, high]"},
		{"lessThan with text", attr("double", "Age", "lessThan", "young"), path + ".value", "numbers"},
		{"string in without a value", attr("string", "City", "in", nil), path + ".value", "needs a value"},
		{"inTheLast with a bad unit", attr("datetime", "Signup", "inTheLast", map[string]any{"value": 3.0, "unit": "fortnights"}), path + ".value", "unit"},
		{"inTheLast negative", attr("datetime", "Signup", "inTheLast", -3.0), path + ".value", "number of days"},
		{"on with a non-date", attr("datetime", "Signup", "on", "last tuesday"), path + ".value", "YYYY-MM-DD"},
		{"between with one date", attr("datetime", "Signup", "between", []any{"2026-01-01"}), path + ".value", "[from, to]"},
		{"bool with a number", attr("bool", "Newsletter", "is", 3.0), path + ".value", "true or false"},
		{"unknown filter type", model.Filter{FilterType: str("geo"), Name: str("x")}, path + ".filter_type", "unknown filter_type"},
		{"no filter type", model.Filter{Name: str("x")}, path + ".filter_type", "missing"},
		{"dynamic value", func() model.Filter {
			f := attr("string", "City", "in", "{{BusinessEventAttribute['city']}}")
			f.IsDynamicValue = yes()
			return f
		}(), path + ".value", "dynamic"},
		{"action without a name", model.Filter{FilterType: str("actions")}, path + ".action_name", "action_name"},
		{"unknown execution type", model.Filter{FilterType: str("actions"), ActionName: str("app_opened"), Execution: &model.Execution{Type: str("sometimes"), Count: i64(1)}}, path + ".execution.type", "sometimes"},
		{"negative execution count", model.Filter{FilterType: str("actions"), ActionName: str("app_opened"), Execution: &model.Execution{Type: str("atmost"), Count: i64(-1)}}, path + ".execution.count", "negative"},
		{"segment without id", model.Filter{FilterType: str("custom_segments")}, path + ".id", "id"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			seg := only(c.f)
			// Even negated, an unevaluable filter must not let everyone in.
			if Match(seg, probe, now) {
				t.Fatal("an unevaluable filter matched")
			}
			issues := Explain(seg)
			if len(issues) != 1 || issues[0].Target != c.target || !strings.Contains(issues[0].Message, c.msg) {
				t.Fatalf("issues = %v; want one at %s containing %q", issues, c.target, c.msg)
			}
		})
	}
}

func TestActionFilters(t *testing.T) {
	t.Parallel()
	action := func(name string, executed *bool, typ string, count int64, attrs ...model.Filter) model.Filter {
		f := model.Filter{FilterType: str("actions"), ActionName: str(name), Executed: executed, Condition: str("IF")}
		if typ != "" {
			f.Execution = &model.Execution{Type: str(typ), Count: i64(count)}
		}
		if len(attrs) > 0 {
			f.Attributes = &model.FilterGroup{FilterOperator: str("and"), Filters: attrs}
		}
		return f
	}
	cases := []filterCase{
		{"executed, default at least once", action("cart_abandoned", nil, "", 0), true},
		{"never executed", action("order_placed", nil, "", 0), false},
		{"atleast 2", action("cart_abandoned", yes(), "atleast", 2), true},
		{"atleast 3", action("cart_abandoned", yes(), "atleast", 3), false},
		{"atmost 2", action("cart_abandoned", yes(), "atmost", 2), true},
		{"atmost 1", action("cart_abandoned", yes(), "atmost", 1), false},
		{"exactly 2", action("cart_abandoned", yes(), "exactly", 2), true},
		{"exactly 1", action("cart_abandoned", yes(), "exactly", 1), false},
		{"executed false: did not do it", action("order_placed", no(), "", 0), true},
		{"executed false: did do it", action("cart_abandoned", no(), "", 0), false},
		{"executed false atleast 3: did it fewer times", action("cart_abandoned", no(), "atleast", 3), true},
		{"event attributes: price over 50", action("cart_abandoned", yes(), "atleast", 1, attr("double", "price", "greaterThan", 50.0)), true},
		{"event attributes: two carts over 10", action("cart_abandoned", yes(), "atleast", 2, attr("double", "price", "greaterThan", 10.0)), true},
		{"event attributes: two carts over 50", action("cart_abandoned", yes(), "atleast", 2, attr("double", "price", "greaterThan", 50.0)), false},
		{"event attributes: item and price", action("cart_abandoned", nil, "", 0, attr("string", "item", "contains", "shoes"), attr("double", "price", "between", []any{80.0, 90.0})), true},
		{"event attributes: no such item", action("cart_abandoned", nil, "", 0, attr("string", "item", "in", []any{"Hat"})), false},
		{"event attributes read the event, not the profile", action("cart_abandoned", nil, "", 0, attr("string", "City", "exists", nil)), false},
		{"action names are exact", action("Cart_Abandoned", nil, "", 0), false},
	}
	matchesProbe(t, cases)
	t.Run("nested actions are reported", func(t *testing.T) {
		seg := only(action("cart_abandoned", nil, "", 0, action("app_opened", nil, "", 0)))
		issues := Explain(seg)
		if len(issues) != 1 || issues[0].Target != "segmentation_details.included_filters.filters[0].attributes.filters[0].filter_type" {
			t.Fatalf("issues = %v", issues)
		}
	})
}

func TestCustomSegmentFilters(t *testing.T) {
	t.Parallel()
	d := &Directory{Users: []User{probe}, Segments: []Segment{{ID: "seg-vip", Name: "VIP customers", Members: []string{"u1"}}, {ID: "seg-beta", Name: "Beta"}}}
	seg := func(id, name string) *model.Segmentation {
		f := model.Filter{FilterType: str("custom_segments")}
		if id != "" {
			f.ID = str(id)
		}
		if name != "" {
			f.Name = str(name)
		}
		return only(f)
	}
	if !Match(seg("seg-vip", "VIP customers"), probe, now) {
		t.Error("member of seg-vip not matched")
	}
	if Match(seg("seg-beta", ""), probe, now) {
		t.Error("non-member matched")
	}
	if n, issues := d.Count(seg("", "vip customers"), now); n != 1 || len(issues) != 0 {
		t.Errorf("by name through the directory: %d %v", n, issues)
	}
	if n, issues := d.Count(seg("", "Nope"), now); n != 0 || len(issues) != 1 || issues[0].Target != "segmentation_details.included_filters.filters[0].name" {
		t.Errorf("unknown name: %d %v", n, issues)
	}
	if _, issues := d.Count(seg("seg-gone", ""), now); len(issues) != 1 || issues[0].Target != "segmentation_details.included_filters.filters[0].id" {
		t.Errorf("unknown id: %v", issues)
	}
}

func TestSegmentation(t *testing.T) {
	t.Parallel()
	lisbon := attr("string", "City", "in", []any{"Lisbon"})
	porto := attr("string", "City", "in", []any{"Porto"})
	gold := attr("string", "Loyalty", "is", "Gold")
	group := func(op string, fs ...model.Filter) *model.FilterGroup {
		return &model.FilterGroup{FilterOperator: str(op), Filters: fs}
	}
	optedOut := probe
	optedOut.OptedOut = true
	cases := []struct {
		name string
		seg  *model.Segmentation
		u    User
		want bool
	}{
		{"nil segmentation: nobody", nil, probe, false},
		{"empty segmentation: nobody", &model.Segmentation{}, probe, false},
		{"empty included group: nobody", &model.Segmentation{IncludedFilters: group("and")}, probe, false},
		{"all users", &model.Segmentation{IsAllUserCampaign: yes()}, probe, true},
		{"all users false and no filters", &model.Segmentation{IsAllUserCampaign: no()}, probe, false},
		{"and: both", &model.Segmentation{IncludedFilters: group("and", lisbon, gold)}, probe, true},
		{"and: one fails", &model.Segmentation{IncludedFilters: group("and", porto, gold)}, probe, false},
		{"or: one holds", &model.Segmentation{IncludedFilters: group("or", porto, gold)}, probe, true},
		{"or: none", &model.Segmentation{IncludedFilters: group("or", porto)}, probe, false},
		{"excluded removes", &model.Segmentation{IncludedFilters: group("and", lisbon), ExcludedFilters: group("and", gold)}, probe, false},
		{"excluded that does not match", &model.Segmentation{IncludedFilters: group("and", lisbon), ExcludedFilters: group("and", porto)}, probe, true},
		{"all users minus excluded", &model.Segmentation{IsAllUserCampaign: yes(), ExcludedFilters: group("or", porto, gold)}, probe, false},
		{"empty excluded group excludes nobody", &model.Segmentation{IsAllUserCampaign: yes(), ExcludedFilters: group("and")}, probe, true},
		{"opted-out users are left out", &model.Segmentation{IsAllUserCampaign: yes()}, optedOut, false},
		{"opted-out users when asked for", &model.Segmentation{IsAllUserCampaign: yes(), SendCampaignToOptOutUsers: yes()}, optedOut, true},
		{"opted-out users with filters", &model.Segmentation{IncludedFilters: group("and", lisbon), SendCampaignToOptOutUsers: no()}, optedOut, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Match(c.seg, c.u, now); got != c.want {
				t.Fatalf("Match = %v, want %v", got, c.want)
			}
		})
	}
	t.Run("group operators are reported", func(t *testing.T) {
		seg := &model.Segmentation{IncludedFilters: &model.FilterGroup{FilterOperator: str("AND"), Filters: []model.Filter{lisbon}}}
		if !Match(seg, probe, now) {
			t.Error("AND not evaluated as and")
		}
		if is := Explain(seg); len(is) != 1 || is[0].Target != "segmentation_details.included_filters.filter_operator" {
			t.Errorf("issues %v", is)
		}
		seg.IncludedFilters.FilterOperator = str("xor")
		if Match(seg, probe, now) {
			t.Error("xor group matched")
		}
		seg.IncludedFilters.FilterOperator = nil
		if !Match(seg, probe, now) || len(Explain(seg)) != 1 {
			t.Error("missing operator not evaluated as and, or not reported")
		}
	})
	t.Run("a decoded request body", func(t *testing.T) {
		body := `{"included_filters": {"filter_operator": "or", "filters": [
			{"filter_type": "user_attributes", "data_type": "double", "name": "Age", "operator": "between", "value": [30, 32]},
			{"filter_type": "actions", "action_name": "order_placed", "executed": true, "execution": {"type": "atleast", "count": 1}}]},
			"excluded_filters": {"filter_operator": "and", "filters": [{"filter_type": "custom_segments", "id": "seg-staff", "name": "Staff"}]},
			"send_campaign_to_opt_out_users": false, "future_flag": 1}`
		var seg model.Segmentation
		if err := json.Unmarshal([]byte(body), &seg); err != nil {
			t.Fatal(err)
		}
		if !Match(&seg, probe, now) || len(Explain(&seg)) != 0 {
			t.Fatalf("match %v issues %v", Match(&seg, probe, now), Explain(&seg))
		}
		staff := probe
		staff.Segments = []string{"seg-staff"}
		if Match(&seg, staff, now) {
			t.Fatal("excluded segment member matched")
		}
	})
}

func TestDemoCounts(t *testing.T) {
	t.Parallel()
	d := Demo(now)
	all, _ := d.Count(&model.Segmentation{IsAllUserCampaign: yes()}, now)
	everyone, _ := d.Count(&model.Segmentation{IsAllUserCampaign: yes(), SendCampaignToOptOutUsers: yes()}, now)
	optedOut := 0
	for _, u := range d.Users {
		if u.OptedOut {
			optedOut++
		}
	}
	if everyone != DemoSize || all != DemoSize-optedOut || optedOut == 0 {
		t.Fatalf("all %d everyone %d opted out %d", all, everyone, optedOut)
	}
	lisbon, _ := d.Count(only(attr("string", "City", "in", []any{"Lisbon"})), now)
	manual := 0
	for _, u := range d.Users {
		if u.Attributes[AttrCity] == "Lisbon" && !u.OptedOut {
			manual++
		}
	}
	if lisbon != manual || lisbon == 0 {
		t.Fatalf("Lisbon count %d, counted by hand %d", lisbon, manual)
	}
	carts, _ := d.Count(only(model.Filter{FilterType: str("actions"), ActionName: str("cart_abandoned")}), now)
	if carts == 0 || carts >= all {
		t.Fatalf("cart abandoners %d of %d", carts, all)
	}
}

func TestJSONValueShapes(t *testing.T) {
	t.Parallel()
	// Values arrive from JSON as []any of json.Number and map[string]any.
	f := attr("double", "Age", "between", jsonValue(t, `[30, 31.5]`))
	if !Match(only(f), probe, now) {
		t.Error("between with JSON numbers")
	}
	f = attr("datetime", "Signup", "inTheLast", jsonValue(t, `{"value": 3, "unit": "weeks"}`))
	if !Match(only(f), probe, now) {
		t.Error("inTheLast with JSON object")
	}
}

func TestInvertingAnUnevaluableFilterMatchesNobody(t *testing.T) {
	t.Parallel()
	bad := attr("double", "Age", "approximately", 31.0)
	bad.Negate = yes()
	if Match(only(bad), probe, now) {
		t.Error("negated unknown operator matched")
	}
	act := model.Filter{FilterType: str("actions"), ActionName: str("cart_abandoned"), Executed: no(),
		Attributes: &model.FilterGroup{FilterOperator: str("and"), Filters: []model.Filter{attr("double", "price", "approximately", 1.0)}}}
	if Match(only(act), probe, now) {
		t.Error("executed:false over a broken attribute filter matched")
	}
	if n := len(Explain(only(act))); n != 1 {
		t.Errorf("%d issues", n)
	}
}
