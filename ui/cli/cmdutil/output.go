package cmdutil

// Output helpers shared by the scripting commands (and `mcp`): --json and
// --jq, terminal detection, tables and small terminal-only decorations
// (spinner, progress bar). Nothing here prints colour, a spinner or a prompt
// unless the output is a terminal.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/bubbles/progress"
	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/lipgloss/table"
	"github.com/charmbracelet/x/term"
	"github.com/itchyny/gojq"
	"github.com/muesli/termenv"
	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// OutputFlags are --json [FIELDS], --jq and --template of a reading
// command, and --headers for the tab-separated rows a pipe gets.
type OutputFlags struct {
	JSON     bool // set by check from --json
	JQ       string
	Template string
	Headers  bool
	json     jsonFlag
	now      func() time.Time
}

// what names what --json prints: "record" or "records".
func AddOutputFlags(cmd *cobra.Command, what string) *OutputFlags {
	o := &OutputFlags{now: time.Now}
	fl := cmd.Flags().VarPF(&o.json, "json", "", "print the "+what+" as JSON, exactly as sent by the service;\n--json FIELDS (comma-separated) prints only those fields")
	fl.NoOptDefVal = wholeRecords
	cmd.Flags().StringVar(&o.JQ, "jq", "", "filter that JSON with the jq expression EXPR (strings print raw, like jq -r)")
	cmd.Flags().StringVarP(&o.Template, "template", "t", "", "format the JSON with a Go template (helpers: tablerow, tablerender,\ntimeago, truncate, join, pluck)")
	_ = cmd.RegisterFlagCompletionFunc("json", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return topFields, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	})
	return o
}

// AddHeadersFlag is --headers of a command that prints a table.
func (o *OutputFlags) AddHeadersFlag(cmd *cobra.Command) {
	cmd.Flags().BoolVar(&o.Headers, "headers", false, "with tab-separated output (stdout not a terminal): a header line first")
}

// Check refuses a --jq expression that does not compile, with its
// position, before anything is opened (exit 2).
func (o *OutputFlags) Check() error {
	o.JSON = o.json.set
	if o.JQ != "" && o.Template != "" {
		return UsageError("--jq and --template both format the output: give one")
	}
	if len(o.json.fields) > 0 {
		if _, err := selectFields(map[string]any{}, o.json.fields); err != nil {
			return err
		}
	}
	if o.JQ == "" {
		return nil
	}
	if _, err := compileJQ(o.JQ); err != nil {
		return UsageError("%v", err)
	}
	return nil
}

// Machine reports whether the output is for a program (--json, --jq or
// --template).
func (o *OutputFlags) Machine() bool { return o != nil && (o.JSON || o.JQ != "" || o.Template != "") }

// Raw: plain --json, the records exactly as the service sent them.
func (o *OutputFlags) Raw() bool {
	return o.JSON && o.JQ == "" && o.Template == "" && len(o.json.fields) == 0
}

// Write prints v as --json, --jq or --template asked. v must be a JSON tree
// (map[string]any, []any, json.Number, …) or a value encoding/json takes.
func (o *OutputFlags) Write(w io.Writer, v any) error {
	if len(o.json.fields) > 0 {
		var err error
		if v, err = selectFields(v, o.json.fields); err != nil {
			return err
		}
	}
	switch {
	case o.Template != "":
		return writeTemplate(w, o.Template, v, o.now())
	case o.JQ != "":
		return writeJQ(w, o.JQ, v)
	}
	return PrintJSON(w, v)
}

// PrintJSON prints v pretty (two spaces), without HTML escaping.
func PrintJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// jqError is a --jq expression that does not parse or fails on the data:
// bad usage, exit 2.
type jqError struct{ msg string }

func (e *jqError) Error() string { return e.msg }

// compileJQ parses and compiles expr; a syntax error names its position and
// points at it.
func compileJQ(expr string) (*gojq.Code, error) {
	q, err := gojq.Parse(expr)
	if err != nil {
		var pe *gojq.ParseError
		if errors.As(err, &pe) {
			pos := min(max(pe.Offset-len(pe.Token), 0), len(expr))
			return nil, &jqError{fmt.Sprintf("--jq: %v at position %d:\n    %s\n    %s^", err, pos+1, expr, strings.Repeat(" ", len([]rune(expr[:pos]))))}
		}
		return nil, &jqError{"--jq: " + err.Error()}
	}
	code, err := gojq.Compile(q)
	if err != nil {
		return nil, &jqError{"--jq: " + err.Error()}
	}
	return code, nil
}

// writeJQ runs expr on v and prints every result: strings raw, anything else
// as pretty JSON.
func writeJQ(w io.Writer, expr string, v any) error {
	code, err := compileJQ(expr)
	if err != nil {
		return err
	}
	in, err := jqInput(v)
	if err != nil {
		return err
	}
	bw := &budgetWriter{w: bufio.NewWriter(w), left: jqMaxOutput}
	defer bw.w.Flush()
	ctx, stop := jqBudget()
	defer stop()
	iter := code.RunWithContext(ctx, in)
	for {
		out, ok := iter.Next()
		if bw.over {
			return &jqError{fmt.Sprintf("--jq: stopped: the output passed %d MiB, the limit; filter further (select, limit, first)", jqMaxOutput>>20)}
		}
		if !ok {
			return nil
		}
		if err, isErr := out.(error); isErr {
			if cause := context.Cause(ctx); cause != nil && ctx.Err() != nil {
				return &jqError{"--jq: stopped: " + cause.Error()}
			}
			var halt *gojq.HaltError
			if errors.As(err, &halt) && halt.Value() == nil {
				return nil
			}
			return &jqError{"--jq: " + err.Error()}
		}
		if s, isStr := out.(string); isStr {
			if IsTerminal(w) {
				s = InertBlock(s) // raw strings, unlike JSON, carry control characters
			}
			bw.WriteString(s + "\n")
			continue
		}
		raw, _ := gojq.Marshal(out)
		var pretty bytes.Buffer
		if json.Indent(&pretty, raw, "", "  ") != nil {
			pretty.Reset()
			pretty.Write(raw)
		}
		pretty.WriteByte('\n')
		bw.Write(pretty.Bytes())
	}
}

// jqInput turns v into the plain types gojq takes, numbers kept exact.
func jqInput(v any) (any, error) {
	switch v.(type) {
	case map[string]any, []any, string, bool, nil, json.Number:
		return v, nil
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var out any
	err = dec.Decode(&out)
	return out, err
}

// inertRows is rows with every cell made inert (the cells come from the
// service).
func inertRows(rows [][]string) [][]string {
	out := make([][]string, len(rows))
	for i, r := range rows {
		out[i] = make([]string, len(r))
		for j, c := range r {
			out[i][j] = Inert(c)
		}
	}
	return out
}

// TruncateRunes cuts s to n characters, the last an ellipsis.
func TruncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// FakeTerminal is a writer that stands for a terminal in a test (a
// buffer a person would see), so tests that check what a person sees need
// not set ForceTerminal for the whole package, and can run in parallel.
type FakeTerminal interface{ IsFakeTerminal() bool }

// fakeTerminal: w stands for a terminal (colour as on one, no spinner and
// no progress bar, which would only add noise to what a test reads).
func fakeTerminal(w io.Writer) bool {
	t, ok := w.(FakeTerminal)
	return ok && t.IsFakeTerminal()
}

// ForceTerminal makes IsTerminal true in tests that check what a person
// sees (for the whole process: such tests cannot run in parallel).
var ForceTerminal bool

// IsTerminal reports whether w is a terminal.
func IsTerminal(w io.Writer) bool {
	if ForceTerminal || fakeTerminal(w) {
		return true
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}

// StylesFor builds the theme's styles for w: colour only on a terminal and
// only without NO_COLOR.
func StylesFor(w io.Writer, getenv func(string) string) themes.Styles {
	r := common.NewRenderer(w)
	noColor := getenv != nil && getenv("NO_COLOR") != ""
	if !IsTerminal(w) || noColor {
		r.SetColorProfile(termenv.Ascii)
		return themes.New(themes.Plain(), r)
	}
	if ForceTerminal || fakeTerminal(w) {
		r.SetColorProfile(termenv.ANSI256)
	}
	return themes.New(themes.Default(), r)
}

// renderTable draws rows under headers with the theme's table styles;
// statusCol (>= 0) is drawn in the status colours.
func renderTable(st themes.Styles, headers []string, rows [][]string, statusCol int) string {
	t := table.New().
		Border(lipgloss.RoundedBorder()).
		BorderStyle(st.Renderer().NewStyle().Foreground(st.Theme.Border)).
		BorderColumn(false).
		Headers(headers...).
		Rows(inertRows(rows)...).
		StyleFunc(func(row, col int) lipgloss.Style {
			if row == table.HeaderRow {
				return st.TableHeader.Padding(0, 1)
			}
			if col == statusCol && row >= 0 && row < len(rows) {
				return st.Status(rows[row][col]).Padding(0, 1)
			}
			return st.TableCell.Padding(0, 1)
		})
	return t.Render()
}

// FitTable renders the table within the terminal's width: it leaves out
// the columns of drop (in that order) while too wide, then shortens the
// column shrink. Ids are never wrapped: a cut id is useless in a shell.
func FitTable(st themes.Styles, headers []string, rows [][]string, statusCol int, drop []int, shrink int) string {
	out := renderTable(st, headers, rows, statusCol)
	width := TerminalWidth(st)
	if width <= 0 {
		return out
	}
	keep := make([]bool, len(headers))
	for i := range keep {
		keep[i] = true
	}
	pick := func(row []string) []string {
		var r []string
		for i, v := range row {
			if keep[i] {
				r = append(r, v)
			}
		}
		return r
	}
	index := func(col int) int { // a column's index among those kept
		n := -1
		for i := 0; i <= col && i < len(keep); i++ {
			if keep[i] {
				n++
			}
		}
		return n
	}
	render := func(cut int) string {
		rs := make([][]string, len(rows))
		for i, r := range rows {
			r = slices.Clone(r)
			if cut > 0 {
				r[shrink] = TruncateRunes(r[shrink], cut)
			}
			rs[i] = pick(r)
		}
		sc := -1
		if keep[statusCol] {
			sc = index(statusCol)
		}
		return renderTable(st, pick(headers), rs, sc)
	}
	for _, col := range drop {
		if lipgloss.Width(out) <= width {
			return out
		}
		keep[col] = false
		out = render(0)
	}
	for cut := 30; lipgloss.Width(out) > width && cut >= 8; cut -= 4 {
		out = render(cut)
	}
	return out
}

// TerminalWidth is the width of the terminal the styles draw on, 0 when
// unknown or not a terminal.
func TerminalWidth(st themes.Styles) int {
	f, ok := st.Renderer().Output().TTY().(*os.File)
	if !ok || !term.IsTerminal(f.Fd()) {
		return 0
	}
	w, _, err := term.GetSize(f.Fd())
	if err != nil {
		return 0
	}
	return w
}

// spinner shows "label" with a spinner on w while work runs, only on a
// terminal; stop clears the line.
type Busy struct {
	stop func()
}

// Stop clears the spinner (once; later calls do nothing).
func (b *Busy) Stop() { b.stop() }

func startBusy(w io.Writer, st themes.Styles, label string) *Busy {
	if !IsTerminal(w) || ForceTerminal || fakeTerminal(w) {
		return &Busy{stop: func() {}}
	}
	s := spinner.Dot
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(s.FPS)
		defer tick.Stop()
		for i := 0; ; i++ {
			fmt.Fprintf(w, "\r%s %s", st.Accent.Render(s.Frames[i%len(s.Frames)]), label)
			select {
			case <-done:
				fmt.Fprint(w, "\r\x1b[2K")
				return
			case <-tick.C:
			}
		}
	}()
	var once sync.Once
	return &Busy{stop: func() { once.Do(func() { close(done); wg.Wait() }) }}
}

// Progress draws a progress bar on one terminal line (nothing when w is
// not a terminal).
type Progress struct {
	owner *notes // the service's notes that clear and redraw it
	w     io.Writer
	bar   progress.Model
	on    bool
	last  string
}

// NewProgress is a progress bar on w (drawn only on a terminal); commands
// take theirs from Service.Progress, which notes clear and redraw.
func NewProgress(w io.Writer, st themes.Styles) *Progress {
	bar := progress.New(progress.WithWidth(30), progress.WithoutPercentage())
	if st.Theme.Plain {
		bar = progress.New(progress.WithWidth(30), progress.WithoutPercentage(), progress.WithColorProfile(termenv.Ascii))
	}
	return &Progress{w: w, bar: bar, on: IsTerminal(w) && !ForceTerminal && !fakeTerminal(w)}
}

// Set draws done of total, with label.
func (p *Progress) Set(done, total int, label string) {
	if !p.on || total == 0 {
		return
	}
	p.last = fmt.Sprintf("%s %d/%d %s", p.bar.ViewAs(float64(done)/float64(total)), done, total, label)
	p.Redraw()
}

// Redraw draws the last state again (after a note cleared it).
func (p *Progress) Redraw() {
	if p.on && p.last != "" {
		fmt.Fprint(p.w, "\r\x1b[2K"+p.last)
	}
}

// Clear removes the bar from its line.
func (p *Progress) Clear() {
	if p.on {
		fmt.Fprint(p.w, "\r\x1b[2K")
	}
}
