package personalize

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"
)

var ann = Data{
	User: map[string]any{
		"First Name":       "ann",
		"City":             "Lisbon",
		"Age":              31.0,
		"Email (Standard)": "ann@example.com",
		"Points":           json.Number("1200"),
	},
	Event: map[string]any{"order_id": "A-17", "price": 12.5, "item": "Shoes"},
}

func TestRender(t *testing.T) {
	cases := []struct {
		name, src string
		d         Data
		want      string
	}{
		{"plain text is returned as is", "Big sale today", ann, "Big sale today"},
		{"lone braces are not templates", "{ price } 50% off }}", ann, "{ price } 50% off }}"},
		{"user attribute by dashboard name", "Hi {{UserAttribute['First Name']}}!", ann, "Hi ann!"},
		{"spaces inside the braces", "Hi {{ UserAttribute['City'] }}", ann, "Hi Lisbon"},
		{"missing attribute renders empty", "Hi {{UserAttribute['Nickname']}}!", ann, "Hi !"},
		{"missing attribute takes its default", "Hi {{UserAttribute['Nickname'] | default('there')}}!", ann, "Hi there!"},
		{"present attribute ignores the default", "Hi {{UserAttribute['City'] | default('there')}}", ann, "Hi Lisbon"},
		{"unknown user: empty profile", "Hi {{UserAttribute['First Name'] | default('friend')}}", Data{}, "Hi friend"},
		{"unknown user keeps event attributes", "{{UserAttribute['City']}}#{{ event.order_id }}", Data{Event: map[string]any{"order_id": "X"}}, "#X"},
		{"event attribute", "Order {{ event.order_id }}: {{ event.item }} for {{ event.price }}", ann, "Order A-17: Shoes for 12.5"},
		{"EventAttribute alias", "{{ EventAttribute['item'] }}", ann, "Shoes"},
		{"missing event attribute renders empty", "[{{ event.coupon }}]", ann, "[]"},
		{"snake_case user lookup", "{{ user.first_name }} / {{ user.email_standard }}", ann, "ann / ann@example.com"},
		{"upper filter", "{{ UserAttribute['City'] | upper }}", ann, "LISBON"},
		{"lower filter", "{{ UserAttribute['City'] | lower }}", ann, "lisbon"},
		{"title filter", "{{ UserAttribute['First Name'] | title }}", ann, "Ann"},
		{"capitalize and trim", "{{ '  hello ' | trim | capitalize }}", ann, "Hello"},
		{"round and int on a double", "{{ UserAttribute['Age'] | int }}", ann, "31"},
		{"json numbers become numbers", "{% if UserAttribute['Points'] > 1000 %}gold{% endif %}", ann, "gold"},
		{"if on a present attribute", "{% if UserAttribute['City'] %}in {{ UserAttribute['City'] }}{% else %}nowhere{% endif %}", ann, "in Lisbon"},
		{"if on a missing attribute", "{% if UserAttribute['Nope'] %}yes{% else %}no{% endif %}", ann, "no"},
		{"for over a bounded range", "{% for i in range(3) %}{{ i }}{% endfor %}", ann, "012"},
		{"comment is dropped", "a{# note #}b", ann, "ab"},
		{"trailing newline is kept", "Hi {{ user.first_name }}\n", ann, "Hi ann\n"},
		{"multi-line html", "<p>\n  Hi {{ UserAttribute['First Name'] | title }}\n</p>", ann, "<p>\n  Hi Ann\n</p>"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Render(c.src, c.d)
			if err != nil {
				t.Fatalf("Render(%q): %v", c.src, err)
			}
			if got != c.want {
				t.Fatalf("Render(%q) = %q, want %q", c.src, got, c.want)
			}
		})
	}
}

func TestRenderErrors(t *testing.T) {
	cases := []struct {
		name, src string
		line, col int
		msg       string
	}{
		{"unclosed expression", "line one\nHi {{ UserAttribute['City'] ", 2, 29, "'}}' expected"},
		{"empty expression", "Hi {{ }}", 1, 7, "expected"},
		{"statement without a condition", "<p>\n  <b>\n    {% if %}yes{% endif %}", 3, 5, "in {% if %}"},
		{"end without a beginning", "a\n\nb {% endif %}", 3, 6, "endif"},
		{"unclosed comment", "x\n{# note", 2, 3, "unclosed comment"},
		{"unknown filter", "<html>\n<p>Hi {{ UserAttribute['City'] | shout }}</p>", 2, 34, "filter 'shout' not found"},
		{"lookup inside a missing value", "<p>\n\n  Total: {{ event.cart.total }}</p>", 3, 13, "event.cart is undefined"},
		{"the failing one of two expressions", "{{ event.item }} and {{ event.cart.total }}", 1, 25, "event.cart is undefined"},
		{"the failing one of two filters", "{{ event.item | upper }} {{ event.item | shout }}", 1, 42, "filter 'shout' not found"},
		{"a filter's bad argument names the filter", "{{ event.item | truncate('a') }}", 1, 4, "filter 'truncate': expected length"},
		{"calling an unknown function", "x {{ now() }}", 1, 6, "now is not callable"},
		{"include is refused", "<p>\n{% include 'secrets.txt' %}", 2, 4, "cannot include other files"},
		{"extends is refused", "{% extends '/etc/passwd' %}", 1, 4, "cannot include other files"},
		{"import is refused", "{% import 'x' as y %}", 1, 4, "cannot include other files"},
		{"macros are not available", "a\n{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}", 2, 4, "{% macro %} is not available"},
		{"blocks are not available", "{% block b %}{{ self.b() }}{% endblock %}", 1, 4, "{% block %} is not available"},
		{"recursive loops are not available", "{% for x in [1] recursive %}{{ loop([1]) }}{% endfor %}", 1, 13, "recursive loops"},
		{"nested loops share one budget", "{% for i in 'x' * 1000 %}\n{% for j in 'y' * 1000 %}{% endfor %}{% endfor %}", 2, 1, "loops are limited"},
		{"huge string repetition", "{{ 'ab' * 99999999 }}", 1, 1, "larger than"},
		{"huge range", "{% for i in range(99999999) %}{% endfor %}", 1, 13, "range is limited"},
		{"nested ranges share one budget", "{% for i in range(200) %}\n  {% for j in range(200) %}{% endfor %}\n{% endfor %}", 2, 15, "range is limited"},
		{"chained repetition", "{{ 'x' * 100 * 100 * 100 * 10 }}", 1, 1, "larger than"},
		{"huge width", "{{ 'a' | center(5000000) }}", 1, 10, "width is limited"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// A deadline far away: the loop and range limits must be what
			// stops these, however loaded the machine is.
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			_, err := RenderCtx(ctx, c.src, ann)
			pe, ok := err.(*Error)
			if !ok {
				t.Fatalf("Render(%q) error = %v (%T), want *Error", c.src, err, err)
			}
			if pe.Line != c.line || pe.Column != c.col || !strings.Contains(pe.Message, c.msg) {
				t.Fatalf("Render(%q) = line %d col %d %q; want line %d col %d containing %q", c.src, pe.Line, pe.Column, pe.Message, c.line, c.col, c.msg)
			}
			if pe.Target != "" {
				t.Fatalf("Render set Target %q", pe.Target)
			}
		})
	}
}

func TestErrorsAreNotShared(t *testing.T) {
	_, err1 := Render("{{ }}", ann)
	err1.(*Error).Target = "mine"
	_, err2 := Render("{{ }}", ann)
	if err2.(*Error).Target != "" {
		t.Fatal("a cached parse error leaked the Target set by another caller")
	}
}

func TestTemplateCannotChangeCallerData(t *testing.T) {
	d := Data{User: map[string]any{"City": "Lisbon"}}
	if _, err := Render("{% do UserAttribute.update({'City': 'Paris'}) %}{{ UserAttribute['City'] }}", d); err != nil {
		t.Logf("update is not supported: %v", err)
	}
	if d.User["City"] != "Lisbon" {
		t.Fatalf("profile changed to %v", d.User["City"])
	}
}

func TestOutputIsCapped(t *testing.T) {
	// 5000 × 1000 bytes would be 5 MB.
	src := "{% for i in range(5000) %}{{ 'x' * 1000 }}{% endfor %}"
	_, err := Render(src, ann)
	if err == nil || !strings.Contains(err.Error(), "longer than") {
		t.Fatalf("err = %v, want the output cap", err)
	}
}

func TestCacheIsBounded(t *testing.T) {
	c := newLRU(3, 1<<20)
	for _, k := range []string{"a", "b", "c"} {
		c.put(k, entry{})
	}
	c.get("a") // a is now the most recent
	c.put("d", entry{})
	if _, ok := c.get("b"); ok {
		t.Fatal("the least recently used entry survived")
	}
	for _, k := range []string{"a", "c", "d"} {
		if _, ok := c.get(k); !ok {
			t.Fatalf("%s was evicted", k)
		}
	}
	if c.len() != 3 {
		t.Fatalf("len = %d", c.len())
	}
	// The byte budget evicts too.
	b := newLRU(100, 10)
	b.put("aaaa", entry{})
	b.put("bbbb", entry{})
	b.put("cccc", entry{}) // 12 bytes: aaaa goes
	if _, ok := b.get("aaaa"); ok || b.len() != 2 {
		t.Fatalf("byte budget: len %d", b.len())
	}
	b.put(strings.Repeat("x", 50), entry{}) // alone over budget: kept, the rest goes
	if _, ok := b.get(strings.Repeat("x", 50)); !ok || b.len() != 1 {
		t.Fatalf("oversized entry: len %d", b.len())
	}
}

func TestWindowsLineEndings(t *testing.T) {
	_, err := Render("<p>\r\n\r\n  {{ UserAttribute['City'] | nosuch }}</p>", ann)
	pe, ok := err.(*Error)
	if !ok || pe.Line != 3 || pe.Column != 30 {
		t.Fatalf("%+v", err)
	}
	_, err = Render("a\r\nb {{ x ", ann)
	if pe, ok := err.(*Error); !ok || pe.Line != 2 || pe.Column != 8 {
		t.Fatalf("%+v", err)
	}
}

func TestNeedsRendering(t *testing.T) {
	for src, want := range map[string]bool{
		"":               false,
		"plain":          false,
		"{":              false,
		"a { b } c":      false,
		"{ {":            false,
		"x {{ y }}":      true,
		"{% if x %}":     true,
		"{# c #}":        true,
		"{{":             true,
		"json {\"a\":1}": false,
		"{x{%":           true,
	} {
		if got := NeedsRendering(src); got != want {
			t.Errorf("NeedsRendering(%q) = %v", src, got)
		}
	}
}

// TestCacheChangesNoAnswer: the parse cache, process-wide package state,
// changes speed only: every template renders, or fails, the same with the
// cache cold, warm, or emptied in between.
func TestCacheChangesNoAnswer(t *testing.T) {
	srcs := []string{
		"Hi {{UserAttribute['Name'] | default('there')}}",
		"{% for i in range(3) %}{{i}}{% endfor %}",
		"{{ unclosed",
		"{% if EventAttribute['x'] %}yes{% else %}no{% endif %}",
		"plain text",
	}
	d := Data{}
	type answer struct{ out, err string }
	render := func() []answer {
		var out []answer
		for _, s := range srcs {
			o, err := Render(s, d)
			a := answer{out: o}
			if err != nil {
				a.err = err.Error()
			}
			out = append(out, a)
		}
		return out
	}
	saved := cache
	defer func() { cache = saved }()
	cache = newLRU(cacheSize, cacheBytes)
	cold := render()
	warm := render()
	cache = newLRU(cacheSize, cacheBytes)
	again := render()
	if !slices.Equal(cold, warm) || !slices.Equal(cold, again) {
		t.Fatalf("answers differ with the cache:\ncold %q\nwarm %q\nagain %q", cold, warm, again)
	}
}
