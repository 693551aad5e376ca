// Package personalize renders the personalisation expressions of campaign
// content (Jinja, through gonja) for one user and one event. It does no I/O:
// the sandbox's preview and test sends and the editor's live preview all call
// it with the profile and event attributes they already hold.
//
// Names a template can use:
//
//	UserAttribute['First Name']   the user's attributes by their dashboard name
//	user.first_name               the same attributes, lower snake_case names
//	event.order_id                the event's attributes (also EventAttribute['order_id'])
//
// A missing user, attribute or event attribute renders as the empty string,
// or as its default: {{UserAttribute['City'] | default('there')}}. Looking
// inside something missing ({{ event.cart.total }} with no cart) is an error,
// as in Jinja.
//
// Templates cannot read files ({% include %}, {% import %} and {% extends %}
// fail) and output is capped, so content from anyone is safe to render.
package personalize

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode"
)

// Data is what a template renders against.
type Data struct {
	// User holds the profile attributes by name ("First Name", "City"). Nil
	// renders as an empty profile.
	User map[string]any
	// Event holds the event attributes ("order_id", "price").
	Event map[string]any
}

// Error is a template that does not parse or fails to render. Line and
// Column are 1-based, inside the field's own text: lines end at \n, \r\n
// or \r, columns count bytes.
type Error struct {
	// Target is the field's path (decisions.md §4); empty from Render.
	Target  string
	Line    int
	Column  int
	Message string
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.Target != "" {
		b.WriteString(e.Target)
		b.WriteString(": ")
	}
	fmt.Fprintf(&b, "line %d, column %d: %s", e.Line, e.Column, e.Message)
	return b.String()
}

// NeedsRendering reports whether text holds anything gonja would change: a
// {{ expression }}, a {% statement %} or a {# comment #}.
func NeedsRendering(src string) bool {
	for {
		i := strings.IndexByte(src, '{')
		if i < 0 || i+1 >= len(src) {
			return false
		}
		switch src[i+1] {
		case '{', '%', '#':
			return true
		}
		src = src[i+1:]
	}
}

// Render renders one field's text. Errors are *Error without a Target.
func Render(src string, d Data) (string, error) {
	return RenderCtx(context.Background(), src, d)
}

// RenderCtx renders one field's text within its budget (1 MiB of output,
// bounded values, 10,000 loop iterations) and time: ctx's deadline when it
// has one, else about 100 ms. Past any of them it fails with an *Error
// saying which; a cancelled ctx stops it too.
func RenderCtx(ctx context.Context, src string, d Data) (string, error) {
	if !NeedsRendering(src) {
		return src, nil
	}
	t, perr := compile(src)
	if perr != nil {
		return "", perr
	}
	out, err := t.execute(ctx, d.context())
	if err != nil {
		return "", err
	}
	return out, nil
}

// Check parses one field's text without rendering it: nil when it parses
// (or holds no template syntax), else an *Error with the position. Parses
// are cached by text, so checking every field on every key press costs a
// map lookup for the fields that did not change.
func Check(src string) *Error {
	if !NeedsRendering(src) {
		return nil
	}
	_, perr := compile(src)
	return perr
}

// context builds the template variables. Maps are copied so that a template
// ({% do UserAttribute.update(...) %}) can never change the caller's data.
func (d Data) context() map[string]any {
	ua := make(map[string]any, len(d.User))
	user := make(map[string]any, 2*len(d.User))
	for k, v := range d.User {
		v = normalize(v)
		ua[k] = v
		user[k] = v
	}
	// snake_case aliases never shadow an attribute that has that exact name.
	for k, v := range ua {
		if s := snake(k); s != k {
			if _, taken := user[s]; !taken {
				user[s] = v
			}
		}
	}
	ev := make(map[string]any, len(d.Event))
	for k, v := range d.Event {
		ev[k] = normalize(v)
	}
	return map[string]any{
		"UserAttribute":  ua,
		"user":           user,
		"event":          ev,
		"EventAttribute": ev,
	}
}

// normalize turns exact JSON numbers into Go numbers so that comparisons
// and arithmetic work in templates, and times into ISO 8601 text.
func normalize(v any) any {
	switch x := v.(type) {
	case time.Time:
		return x.UTC().Format(time.RFC3339)
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		if f, err := x.Float64(); err == nil {
			return f
		}
		return x.String()
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = normalize(e)
		}
		return m
	case []any:
		s := make([]any, len(x))
		for i, e := range x {
			s[i] = normalize(e)
		}
		return s
	}
	return v
}

// snake turns "First Name" into "first_name" and "Email (Standard)" into
// "email_standard".
func snake(name string) string {
	var b strings.Builder
	pendingSep := false
	for _, r := range name {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if pendingSep && b.Len() > 0 {
				b.WriteByte('_')
			}
			pendingSep = false
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		pendingSep = true
	}
	return b.String()
}
