package forms

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

// Kind says how a field is edited and how its text maps to JSON.
type Kind int

const (
	Text     Kind = iota // a string; empty clears it
	LongText             // a multi-line string (HTML, messages)
	Int                  // an integer
	Float                // a number
	Bool                 // unset / yes / no
	Enum                 // one of Options, or unset
	Multi                // a subset of Options (a JSON array of strings)
	List                 // free strings, comma separated
	IntList              // integers, comma separated
	Value                // any JSON value; plain text is a string
	Pairs                // key=value pairs, comma separated
	Zone                 // an IANA time zone name
	Action               // a button: runs Do
	Heading              // a section title, not editable
)

// Role says what a row stands for. Only RoleValue rows are a campaign
// field at Path; the others use Path as the row's name only.
type Role int

const (
	RoleValue           Role = iota // a campaign field: Path is its target
	RoleDerived                     // a choice read from and written to several fields
	RoleHeading                     // a section title
	RoleSelector                    // chooses the content cell; the editor keeps its value
	RoleAddLocale                   // adds a locale (asks its name)
	RoleRemoveLocale                // removes the selected locale and its content
	RoleAddVariation                // adds an A/B variation
	RoleRemoveVariation             // removes the selected variation and its content
	RoleCopyContent                 // copies the selected cell's content elsewhere
	RoleAddItem                     // appends an item to a list
	RoleRemoveItem                  // removes one item of a list
)

// Destroys reports a role whose action deletes written content for good.
func (r Role) Destroys() bool { return r == RoleRemoveLocale || r == RoleRemoveVariation }

// Field is one editable row of a step.
type Field struct {
	// Path is the decisions.md §4 target of a RoleValue field; for other
	// roles it only names the row (and starts with "@").
	Path    string
	Role    Role
	Label   string
	Kind    Kind
	Options []string
	Help    string
	// Depth indents list items under their heading.
	Depth int
	// Item marks the heading of one item of a list ("button 2"), apart
	// from a section's heading: the item's rows are the deeper ones below.
	Item bool
	// Names is the kind of names the row offers as completions (forms'
	// names.go; "" for none).
	Names model.NameKind

	// get/set override the path walk for fields that do not map to one
	// JSON value (the iOS audience choice, manual percentages, pairs).
	get func(c *model.Campaign) string
	set func(c *model.Campaign, text string) error

	// Do runs an Action; Prompt, when set, asks for its argument first.
	Do     func(c *model.Campaign, arg string) error
	Prompt string
}

// Format renders the field's current value as editable text.
func (f *Field) Format(c *model.Campaign) string {
	if f.get != nil {
		return f.get(c)
	}
	if f.Kind == Action || f.Kind == Heading {
		return ""
	}
	if inv, ok := Invalid(c, f.Path); ok {
		if s, isStr := inv.Value.(string); isStr {
			return s
		}
		b, _ := json.Marshal(inv.Value)
		return string(b)
	}
	v := Get(c, f.Path)
	if v == nil {
		return ""
	}
	switch x := v.(type) {
	case string:
		return x
	case bool:
		if x {
			return "yes"
		}
		return "no"
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case []string:
		return strings.Join(x, ", ")
	case []int64:
		s := make([]string, len(x))
		for i, n := range x {
			s[i] = strconv.FormatInt(n, 10)
		}
		return strings.Join(s, ", ")
	case []model.KeyValue:
		return formatKV(x)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// Apply parses text for the field and writes it into c. Text that does not
// parse as the field's type is not dropped: it is kept as a wrong-typed
// value (Extra.Invalid), which the engine reports and the journal keeps, so
// nothing typed is lost.
func (f *Field) Apply(c *model.Campaign, text string) error {
	// JSON carries only UTF-8: mend stray bytes here so the row shows what
	// is saved and sent.
	text = strings.ToValidUTF8(text, "\uFFFD")
	if f.set != nil {
		return f.set(c, text)
	}
	t := strings.TrimSpace(text)
	if f.Kind != LongText && f.Kind != Text {
		text = t
	}
	if t == "" && f.Kind != LongText {
		return Set(c, f.Path, nil)
	}
	if text == "" {
		return Set(c, f.Path, nil)
	}
	switch f.Kind {
	case Text, LongText, Zone:
		return Set(c, f.Path, text)
	case Enum:
		if f.Path == "" {
			return nil
		}
		if isFloatField(c, f.Path) {
			if n, err := strconv.ParseFloat(text, 64); err == nil {
				return Set(c, f.Path, n)
			}
		}
		return Set(c, f.Path, text)
	case Int:
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return keepInvalid(c, f.Path, text, "integer")
		}
		return Set(c, f.Path, n)
	case Float:
		n, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return keepInvalid(c, f.Path, text, "number")
		}
		return Set(c, f.Path, n)
	case Bool:
		switch strings.ToLower(text) {
		case "yes", "true", "y", "on":
			return Set(c, f.Path, true)
		case "no", "false", "n", "off":
			return Set(c, f.Path, false)
		}
		return keepInvalid(c, f.Path, text, "boolean")
	case Multi, List:
		return Set(c, f.Path, SplitList(text))
	case IntList:
		var out []int64
		for _, s := range SplitList(text) {
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return keepInvalid(c, f.Path, text, "array of integers")
			}
			out = append(out, n)
		}
		return Set(c, f.Path, out)
	case Value:
		var v any
		if err := json.Unmarshal([]byte(text), &v); err != nil {
			v = text
		}
		if n, ok := v.(float64); ok && n == float64(int64(n)) {
			v = int64(n)
		}
		return Set(c, f.Path, v)
	case Pairs:
		return Set(c, f.Path, parseKV(text))
	}
	return nil
}

func isFloatField(c *model.Campaign, path string) bool {
	return strings.HasSuffix(path, "relevance_score")
}

// keepInvalid stores text the field's type cannot hold in the parent's
// Extra.Invalid and clears the typed field.
func keepInvalid(c *model.Campaign, path, text, want string) error {
	if err := Set(c, path, nil); err != nil {
		return err
	}
	i := strings.LastIndexByte(path, '.')
	if i < 0 {
		return nil
	}
	v, _, _, err := walk(c, path[:i], true)
	if err != nil || !v.IsValid() {
		return err
	}
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	ef := v.FieldByName("Extra")
	if !ef.IsValid() || ef.Type() != extraT {
		return nil
	}
	e := ef.Addr().Interface().(*model.Extra)
	if e.Invalid == nil {
		e.Invalid = map[string]model.Invalid{}
	}
	e.Invalid[path[i+1:]] = model.Invalid{Value: text, Want: want}
	return nil
}

// SplitList reads comma lists ("a, b,,c"): every item trimmed, empty
// items dropped. The one reader of a list typed as text: the editor's list
// rows and the command line's repeated list flags ("--status a,b --status c").
func SplitList(texts ...string) []string {
	var out []string
	for _, text := range texts {
		for _, s := range strings.Split(text, ",") {
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

func formatKV(kv []model.KeyValue) string {
	var b strings.Builder
	for i, p := range kv {
		if i > 0 {
			b.WriteString(", ")
		}
		if p.Key != nil {
			b.WriteString(*p.Key)
		}
		b.WriteByte('=')
		if p.Value != nil {
			b.WriteString(*p.Value)
		}
	}
	return b.String()
}

func parseKV(text string) []model.KeyValue {
	var out []model.KeyValue
	for _, s := range SplitList(text) {
		k, v, _ := strings.Cut(s, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		out = append(out, model.KeyValue{Key: &k, Value: &v})
	}
	return out
}

// Cycle returns the next (step +1) or previous (-1) value of an Enum or Bool
// field, with unset ("") as one of the stops.
func (f *Field) Cycle(c *model.Campaign, step int) string {
	all := f.Choices()
	cur := f.Format(c)
	i := slices.Index(all, cur)
	if i < 0 {
		// A value not among the choices (unset where a value must be
		// chosen): → gives the first choice, ← the last.
		if step > 0 {
			return all[0]
		}
		return all[len(all)-1]
	}
	i = (i + step + len(all)) % len(all)
	return all[i]
}

// Choices are the values an Enum or Bool field can take, in order, with
// unset ("") first unless the field must always hold a value.
func (f *Field) Choices() []string {
	opts := f.Options
	if f.Kind == Bool {
		opts = []string{"yes", "no"}
	}
	if f.Kind == Enum && (f.get != nil || f.Role == RoleSelector) && len(opts) > 0 {
		return slices.Clone(opts) // choices that must always hold a value
	}
	return append([]string{""}, opts...)
}

// Toggle flips option opt of a Multi field.
func (f *Field) Toggle(c *model.Campaign, opt string) error {
	cur := SplitList(f.Format(c))
	if i := slices.Index(cur, opt); i >= 0 {
		cur = slices.Delete(cur, i, i+1)
	} else {
		// Keep the options' order so the JSON is stable.
		var out []string
		for _, o := range f.Options {
			if o == opt || slices.Contains(cur, o) {
				out = append(out, o)
			}
		}
		for _, o := range cur {
			if !slices.Contains(f.Options, o) {
				out = append(out, o)
			}
		}
		cur = out
	}
	return f.Apply(c, strings.Join(cur, ", "))
}

// Focusable reports whether the cursor can rest on the row (not a heading).
func (f *Field) Focusable() bool { return f.Kind != Heading }

// IsValue reports a row that is one campaign value at Path (not a
// heading, an action, a selector or a derived choice).
func (f *Field) IsValue() bool { return f.Role == RoleValue && f.Editable() }

// Editable reports whether the field holds a value the user types or picks.
func (f *Field) Editable() bool { return f.Kind != Action && f.Kind != Heading }
