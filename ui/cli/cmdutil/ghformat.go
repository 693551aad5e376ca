package cmdutil

// gh's output habits for the reading commands: --json FIELDS selects
// fields, --template formats with Go templates and gh's helpers, and rows
// are tab-separated when stdout is not a terminal (--headers adds a header).

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"text/template"
	"time"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
)

// jsonFlag is --json with an optional field list: plain --json prints whole
// records (the contract); --json name,status (or --json=…) selects fields.
type jsonFlag struct {
	set    bool
	fields []string
}

const wholeRecords = "*"

func (j *jsonFlag) String() string { return strings.Join(j.fields, ",") }
func (j *jsonFlag) Type() string   { return "fields" }
func (j *jsonFlag) Set(v string) error {
	j.set = true
	if v != wholeRecords {
		j.fields = forms.SplitList(v)
	}
	return nil
}

// topFields are the record's own top-level fields, offered by --json.
var topFields = append([]string{"id", "campaign_id", "version_number", "status", "channel", "campaign_delivery_type",
	"created_by", "updated_by", "created_at", "updated_at", "sent_time", "flow_id", "flow_name", "parent_id", "sender_name"},
	model.Components...)

// AdoptFields lets --json take its field list after a space, as gh's does:
// the parser leaves "name,status" as an argument when --json comes without
// "=", so a command that got one argument more than it takes hands it back.
func (o *OutputFlags) AdoptFields(inner cobra.PositionalArgs, want int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if o.json.set && o.json.fields == nil && len(args) == want+1 && looksLikeFields(args[want]) {
			o.json.fields = forms.SplitList(args[want])
			args = args[:want]
		}
		return inner(cmd, args)
	}
}

func looksLikeFields(s string) bool {
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" || strings.ContainsAny(f, " /{}") {
			return false
		}
	}
	return true
}

// selectFields keeps only fields of each record (v: a record or an array of
// records); a dotted field (basic_details.name) reaches into an object. An
// unknown field is a usage error listing the fields there are.
func selectFields(v any, fields []string) (any, error) {
	for _, f := range fields {
		head, _, _ := strings.Cut(f, ".")
		if !slices.Contains(topFields, head) {
			return nil, UsageError("unknown JSON field %q; the fields are:\n  %s\n(a dotted path such as basic_details.name reaches inside one)", f, strings.Join(topFields, "\n  "))
		}
	}
	pick := func(rec map[string]any) map[string]any {
		out := make(map[string]any, len(fields))
		for _, f := range fields {
			var cur any = rec
			for _, seg := range strings.Split(f, ".") {
				m, _ := cur.(map[string]any)
				cur = m[seg]
			}
			out[f] = cur
		}
		return out
	}
	switch x := v.(type) {
	case map[string]any:
		return pick(x), nil
	case []any:
		out := make([]any, len(x))
		for i, r := range x {
			if m, ok := r.(map[string]any); ok {
				out[i] = pick(m)
			} else {
				out[i] = r
			}
		}
		return out, nil
	}
	return v, nil
}

// writeTemplate formats v with a Go template and gh's helpers: tablerow
// (aligned columns, flushed at the end or by tablerender), timeago,
// truncate, join, pluck.
func writeTemplate(w io.Writer, text string, v any, now time.Time) error {
	var table bytes.Buffer
	tw := tabwriter.NewWriter(&table, 0, 4, 2, ' ', 0)
	var out bytes.Buffer
	flush := func() string {
		tw.Flush()
		s := table.String()
		table.Reset()
		return s
	}
	funcs := template.FuncMap{
		"tablerow": func(cells ...any) string {
			parts := make([]string, len(cells))
			for i, c := range cells {
				parts[i] = fmt.Sprint(orEmpty(c))
			}
			fmt.Fprintln(tw, strings.Join(parts, "\t"))
			return ""
		},
		"tablerender": func() string { return flush() },
		"timeago":     func(s any) string { return timeAgo(fmt.Sprint(orEmpty(s)), now) },
		"truncate": func(n int, s any) string {
			return TruncateRunes(fmt.Sprint(orEmpty(s)), n)
		},
		"join": func(sep string, list any) string {
			items, _ := list.([]any)
			parts := make([]string, len(items))
			for i, it := range items {
				parts[i] = fmt.Sprint(it)
			}
			return strings.Join(parts, sep)
		},
		"pluck": func(field string, list any) []any {
			items, _ := list.([]any)
			out := make([]any, 0, len(items))
			for _, it := range items {
				if m, ok := it.(map[string]any); ok {
					out = append(out, m[field])
				}
			}
			return out
		},
		"color": func(_ string, s any) string { return fmt.Sprint(orEmpty(s)) },
	}
	t, err := template.New("template").Funcs(funcs).Option("missingkey=zero").Parse(text)
	if err != nil {
		return UsageError("--template: %v", err)
	}
	if err := t.Execute(&out, v); err != nil {
		return UsageError("--template: %v", err)
	}
	out.WriteString(flush())
	_, err = w.Write(out.Bytes())
	return err
}

func orEmpty(v any) any {
	if v == nil {
		return ""
	}
	return v
}

// timeAgo says how long ago a service timestamp was ("3 hours ago").
func timeAgo(s string, now time.Time) string {
	var t time.Time
	var err error
	for _, layout := range []string{"2006-01-02 15:04:05.999999", time.RFC3339Nano, "2006-01-02T15:04:05"} {
		if t, err = time.Parse(layout, s); err == nil {
			break
		}
	}
	if err != nil {
		return s
	}
	d := now.Sub(t)
	switch {
	case d < 0:
		return "in the future"
	case d < time.Minute:
		return "less than a minute ago"
	case d < time.Hour:
		return plural(int(d.Minutes()), "minute") + " ago"
	case d < 24*time.Hour:
		return plural(int(d.Hours()), "hour") + " ago"
	case d < 30*24*time.Hour:
		return plural(int(d.Hours()/24), "day") + " ago"
	case d < 365*24*time.Hour:
		return plural(int(d.Hours()/24/30), "month") + " ago"
	}
	return plural(int(d.Hours()/24/365), "year") + " ago"
}

func plural(n int, unit string) string {
	if n == 1 {
		return "about 1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

// WriteTSV prints rows tab-separated, the header first with --headers:
// what a pipe gets instead of the table (as gh does).
func WriteTSV(w io.Writer, headers []string, rows [][]string, withHeaders bool) {
	clean := func(cells []string) string {
		out := make([]string, len(cells))
		for i, c := range cells {
			out[i] = Printable(c)
		}
		return strings.Join(out, "\t")
	}
	if withHeaders {
		fmt.Fprintln(w, clean(headers))
	}
	for _, r := range rows {
		fmt.Fprintln(w, clean(r))
	}
}

// Printable is a service's string made safe for one cell of a line: control
// characters (escape sequences, tabs, line breaks) become spaces, so a
// campaign name can neither break the columns nor drive the terminal.
func Printable(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return ' '
		}
		return r
	}, s)
}
