package personalize

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/nikolalohinski/gonja/v2/builtins"
	controlStructures "github.com/nikolalohinski/gonja/v2/builtins/control_structures"
	"github.com/nikolalohinski/gonja/v2/config"
	"github.com/nikolalohinski/gonja/v2/exec"
	"github.com/nikolalohinski/gonja/v2/loaders"
	"github.com/nikolalohinski/gonja/v2/nodes"
	"github.com/nikolalohinski/gonja/v2/parser"
	"github.com/nikolalohinski/gonja/v2/tokens"
)

// Limits that keep one field from eating the process: the editor renders on
// every keystroke, and "{{ 'a' * 99999999 }}" is a few keystrokes away.
const (
	maxOutput = 1 << 20 // bytes of rendered output per field (and written anywhere by one render)
	maxRange  = 10000   // numbers all range() calls of one render may yield
	maxLoops  = 10000   // loop iterations of one render, all loops together
	maxWidth  = 1000    // width arguments of center/indent/wordwrap/ljust/…
)

const rootID = "field"

var (
	cfg = func() *config.Config {
		c := config.New()
		// A field's trailing newline is part of its text.
		c.KeepTrailingNewline = true
		return c
	}()
	env = newEnvironment()
)

// newEnvironment is gonja's default environment without file access, with
// every filter and method measured against the render's budget (bound.go).
func newEnvironment() *exec.Environment {
	ctx := exec.EmptyContext()
	for _, name := range []string{"dict", "namespace", "cycler", "joiner", "_", "gettext", "ngettext"} {
		if fn, ok := builtins.GlobalFunctions.Get(name); ok {
			ctx.Set(name, fn)
		}
	}
	// range and the loop budget are set per render (see execute).

	// Only the filters listed are there, each measured: a filter gonja adds
	// later is not available until it is looked at.
	bound := map[string]exec.FilterFunction{}
	for _, name := range filterNames {
		if fn, ok := builtins.Filters.Get(name); ok {
			bound[name] = boundFilter(name, fn)
		}
	}
	filters := exec.NewFilterSet(bound)
	return &exec.Environment{
		Context:           ctx,
		Filters:           filters,
		Tests:             builtins.Tests,
		ControlStructures: statements(),
		Methods:           boundMethodSets(builtins.Methods),
	}
}

var filterNames = strings.Fields(`abs attr batch capitalize center default d dictsort e escape filesizeformat
	first float forceescape format groupby indent int join items last length count list lower map max min pprint
	random rejectattr reject replace reverse round safe selectattr select slice sort string striptags sum title
	tojson trim truncate unique upper urlencode urlize wordcount wordwrap xmlattr`)

// allowedStatements are the {% statements %} content may use. Left out:
// include, import, from and extends (they read files), macro, call and
// block (a macro or block calling itself overflows the stack, which no
// recover catches).
var allowedStatements = []string{"if", "for", "set", "with", "raw", "filter", "autoescape", "do", "break", "continue", "trans"}

func statements() *exec.ControlStructureSet {
	set := map[string]parser.ControlStructureParser{}
	for _, name := range allowedStatements {
		if p, ok := builtins.ControlStructures.Get(name); ok {
			set[name] = p
		}
	}
	if p, ok := set["for"]; ok {
		set["for"] = budgetedFor(p)
	}
	return exec.NewControlStructureSet(set)
}

const loopBudgetName = "__loop_budget"

// budgetedFor parses {% for %} as gonja does, refuses recursive loops (they
// can call themselves forever) and passes the iterable through the
// render's loop budget (loopBudget), so nested loops cannot spin for
// minutes.
func budgetedFor(forParser parser.ControlStructureParser) parser.ControlStructureParser {
	return func(p *parser.Parser, args *parser.Parser) (nodes.ControlStructure, error) {
		cs, err := forParser(p, args)
		if err != nil {
			return nil, err
		}
		f, ok := cs.(*controlStructures.ForControlStructure)
		if !ok {
			return cs, nil
		}
		pos := f.ObjectEvaluator.Position()
		if f.Recursive {
			return nil, &parser.SyntaxError{Message: "recursive loops are not available in campaign content", Line: pos.Line, Column: pos.Col}
		}
		f.ObjectEvaluator = &nodes.Call{
			Location: pos,
			Func:     &nodes.Name{Name: &tokens.Token{Type: tokens.Name, Val: loopBudgetName, Pos: pos.Pos, Line: pos.Line, Col: pos.Col}},
			Args:     []nodes.Expression{f.ObjectEvaluator},
			Kwargs:   map[string]nodes.Expression{},
		}
		return f, nil
	}
}

// loopBudget returns the per-render function every loop's iterable passes
// through: it lets the value by while the render's iterations stay within
// maxLoops.
func loopBudget(b *budget) func(*exec.VarArgs) (*exec.Value, error) {
	left := maxLoops
	return func(params *exec.VarArgs) (*exec.Value, error) {
		if err := b.tick(); err != nil {
			return nil, err
		}
		if len(params.Args) != 1 {
			return nil, errors.New("internal: loop budget takes one value")
		}
		v := params.Args[0]
		n := 0
		switch {
		case v.IsString(), v.IsList(), v.IsDict():
			n = v.Len()
		}
		if n > left {
			return nil, fmt.Errorf("loops are limited to %d iterations per field", maxLoops)
		}
		left -= n
		return v, nil
	}
}

// rangeWithBudget returns range() for one render: a list (gonja's feeds a
// goroutine that leaks when a loop stops early) of at most maxRange
// numbers, all calls together.
func rangeWithBudget(b *budget) func(*exec.VarArgs) ([]int, error) {
	left := maxRange
	return func(params *exec.VarArgs) ([]int, error) {
		if err := b.tick(); err != nil {
			return nil, err
		}
		start, stop, step := 0, 0, 1
		ints := make([]int, len(params.Args))
		for i, a := range params.Args {
			if !a.IsInteger() {
				return nil, exec.ErrInvalidCall(errors.New("range takes integers: [start, ]stop[, step]"))
			}
			ints[i] = a.Integer()
		}
		switch len(ints) {
		case 1:
			stop = ints[0]
		case 2:
			start, stop = ints[0], ints[1]
		case 3:
			start, stop, step = ints[0], ints[1], ints[2]
		default:
			return nil, exec.ErrInvalidCall(errors.New("range takes integers: [start, ]stop[, step]"))
		}
		if step == 0 {
			return nil, exec.ErrInvalidCall(errors.New("range step cannot be 0"))
		}
		var out []int
		for i := start; (step > 0 && i < stop) || (step < 0 && i > stop); i += step {
			if left == 0 {
				return nil, exec.ErrInvalidCall(fmt.Errorf("range is limited to %d numbers per field", maxRange))
			}
			left--
			out = append(out, i)
		}
		return out, nil
	}
}

// noFiles is the template loader: a field is the only template there is.
type noFiles struct{ src string }

func (l noFiles) Read(path string) (io.Reader, error) {
	if path == rootID {
		return strings.NewReader(l.src), nil
	}
	return nil, fmt.Errorf("templates cannot load %q: campaign content cannot include other files", path)
}

func (l noFiles) Resolve(path string) (string, error) {
	if path == rootID {
		return path, nil
	}
	return "", fmt.Errorf("templates cannot load %q: campaign content cannot include other files", path)
}

func (l noFiles) Inherit(string) (loaders.Loader, error) { return l, nil }

// template is one parsed field, shared between renders (and goroutines).
type template struct {
	src string
	t   *exec.Template
	ops []*nodes.BinOperator // the operators __op runs, by index
}

// compile parses src, through the cache. A parse failure is cached too: the
// editor asks again on every keystroke until the text changes.
func compile(src string) (*template, *Error) {
	e, ok := cache.get(src)
	if !ok {
		e.t, e.err = parse(src)
		cache.put(src, e)
	}
	if e.err != nil {
		cp := *e.err // callers set Target on their copy
		return nil, &cp
	}
	return e.t, nil
}

func parse(src string) (t *template, perr *Error) {
	// gonja reads \r\n and \r as \n, and so do positions.
	src = normalizeNewlines(src)
	defer func() {
		if r := recover(); r != nil {
			t, perr = nil, &Error{Line: 1, Column: 1, Message: fmt.Sprintf("the template engine failed on this text: %v", r)}
		}
	}()
	if perr := guard(src); perr != nil {
		return nil, perr
	}
	et, err := exec.NewTemplate(rootID, cfg, noFiles{src}, env)
	if err != nil {
		return nil, parseError(src, err)
	}
	ops, err := rewrite(et.Root())
	if err != nil {
		return nil, &Error{Line: 1, Column: 1, Message: err.Error()}
	}
	return &template{src: src, t: et, ops: ops}, nil
}

// guard refuses names starting with "__": they are the render's own hooks
// (bound.go), which a template must not call or replace.
func guard(src string) *Error {
	for _, tk := range lex(src) {
		if tk.Type == tokens.Name && strings.HasPrefix(tk.Val, "__") {
			return &Error{Line: tk.Line, Column: tk.Col, Message: fmt.Sprintf("names starting with __ are reserved (%s)", tk.Val)}
		}
	}
	return nil
}

// lex returns the significant tokens of src (white space dropped).
func lex(src string) []*tokens.Token {
	s := tokens.LexAll(src, cfg)
	var out []*tokens.Token
	for tk := s.Current(); tk != nil; tk = s.Current() {
		out = append(out, tk)
		if tk.Type == tokens.EOF || tk.Type == tokens.Error {
			break
		}
		s.Next()
	}
	return out
}

func (t *template) execute(ctx context.Context, vars map[string]any) (out string, rerr *Error) {
	defer func() {
		if r := recover(); r != nil {
			out, rerr = "", &Error{Line: 1, Column: 1, Message: fmt.Sprintf("the template engine failed on this text: %v", r)}
		}
	}()
	w := &capped{max: maxOutput}
	var err error
	// On one OS thread, so that the budget's thread clock measures this
	// render only.
	onThread(func() {
		b := newBudget(ctx)
		vars["range"] = rangeWithBudget(b)
		vars[loopBudgetName] = loopBudget(b)
		for k, v := range b.hooks(t) {
			vars[k] = v
		}
		err = t.t.Execute(w, exec.NewContext(vars))
	})
	if err != nil {
		if errors.Is(err, errTooLong) {
			return "", &Error{Line: 1, Column: 1, Message: errTooLong.Error()}
		}
		return "", execError(t.src, err)
	}
	return w.b.String(), nil
}

var errTooLong = fmt.Errorf("the rendered text is longer than %d bytes", maxOutput)

type capped struct {
	b   strings.Builder
	max int
}

func (c *capped) Write(p []byte) (int, error) {
	if c.b.Len()+len(p) > c.max {
		return 0, errTooLong
	}
	return c.b.Write(p)
}

// --- error positions -------------------------------------------------------

// parseError turns gonja's parse error into an *Error with a position. Most
// carry one (*parser.SyntaxError); lexer errors carry only an offset, and
// errors raised inside a statement's arguments carry none: then the
// statement is found by parsing growing prefixes of the text.
func parseError(src string, err error) *Error {
	full := cleanParse(src, err.Error())
	msg := full
	var se *parser.SyntaxError
	if errors.As(err, &se) {
		if se.Line > 0 {
			return &Error{Line: se.Line, Column: max(se.Column, 1), Message: cleanMessage(statement(full) + se.Message)}
		}
		// A lexer error token has Line 0 but a known offset.
		for _, tk := range lex(src) {
			if tk.Type == tokens.Error {
				line, col := position(src, tk.Pos)
				return &Error{Line: line, Column: col, Message: cleanMessage(tk.Val)}
			}
		}
		msg = statement(full) + se.Message
	}
	line, col := locateParse(src, full)
	return &Error{Line: line, Column: col, Message: cleanMessage(msg)}
}

var inStatement = regexp.MustCompile(`Unable to parse controlStructure "(\w+)": `)

// statement names the {% statement %} a parse error happened in, if any.
func statement(msg string) string {
	if m := inStatement.FindStringSubmatch(msg); m != nil {
		return "in {% " + m[1] + " %}: "
	}
	return ""
}

func cleanParse(src, msg string) string {
	return strings.TrimPrefix(msg, "failed to parse template '"+src+"': ")
}

// locateParse finds the first tag whose text, parsed as a prefix, already
// fails with msg.
func locateParse(src, msg string) (int, int) {
	toks := lex(src)
	for i, tk := range toks {
		if tk.Type != tokens.BlockEnd && tk.Type != tokens.VariableEnd {
			continue
		}
		prefix := src[:min(tk.Pos+len(tk.Val), len(src))]
		_, err := exec.NewTemplate(rootID, cfg, noFiles{prefix}, env)
		if err == nil || cleanParse(prefix, err.Error()) != msg {
			continue
		}
		// Point at the tag's opening delimiter.
		for j := i; j >= 0; j-- {
			if toks[j].Type == tokens.BlockBegin || toks[j].Type == tokens.VariableBegin {
				return position(src, toks[j].Pos)
			}
		}
		return position(src, tk.Pos)
	}
	return 1, 1
}

var atLine = regexp.MustCompile(`at line (\d+): `)

// execError finds where a render failed. gonja says only the line of the
// failing expression or statement ("... at line 3: ..."), innermost last;
// the column is that of the expression on the line whose names the message
// mentions, else of the line's first tag.
func execError(src string, err error) *Error {
	msg := err.Error()
	locs := atLine.FindAllStringSubmatchIndex(msg, -1)
	line := 1
	detail := msg
	if len(locs) > 0 {
		last := locs[len(locs)-1]
		line, _ = strconv.Atoi(msg[last[2]:last[3]])
		detail = msg[last[1]:]
	}
	inner := innermost(detail)
	col := exprColumn(src, line, detail)
	var first *tokens.Token
	for _, tk := range lex(src) {
		if tk.Line != line || tk.Type == tokens.Data {
			continue
		}
		if first == nil && (tk.Type == tokens.VariableBegin || tk.Type == tokens.BlockBegin) {
			first = tk
		}
		if tk.Type == tokens.Name && col == 0 && mentions(inner, tk.Val) {
			col = tk.Col
		}
	}
	if col == 0 {
		for _, tk := range lex(src) {
			if tk.Line == line && tk.Type == tokens.Name && mentions(detail, tk.Val) {
				col = tk.Col
				break
			}
		}
	}
	if col == 0 {
		col = statementColumn(src, msg, line)
	}
	if col == 0 && first != nil {
		col = first.Col
	}
	return &Error{Line: line, Column: max(col, 1), Message: cleanMessage(explain(detail, inner))}
}

var csAt = regexp.MustCompile(`ControlStructure\(Line=(\d+) Col=(\d+)\)`)

// statementColumn is the column of the {% statement %} a render failed in:
// gonja names it as XControlStructure(Line=L Col=C), C inside the tag.
func statementColumn(src, msg string, line int) int {
	all := csAt.FindAllStringSubmatch(msg, -1)
	if len(all) == 0 {
		return 0
	}
	m := all[len(all)-1]
	l, _ := strconv.Atoi(m[1])
	c, _ := strconv.Atoi(m[2])
	if l != line {
		return 0
	}
	col := 0
	toks := lex(src)
	for i, tk := range toks {
		if tk.Line != line || tk.Type != tokens.BlockBegin || tk.Col > c {
			continue
		}
		if i+1 < len(toks) && strings.HasPrefix(toks[i+1].Val, "end") {
			continue // {% endfor %} and the like close a statement
		}
		col = tk.Col
	}
	return col
}

// exprColumn finds the failing expression's text, which gonja puts first
// in the detail ("event.cart.total: unable to ..."), on the line, inside a
// tag. 0 when it is not there verbatim.
func exprColumn(src string, line int, detail string) int {
	expr, _, _ := strings.Cut(detail, ": ")
	// The budget's hooks (rewrite.go) print as call([expr], map[]).
	for strings.HasPrefix(expr, "call([") {
		expr = strings.TrimPrefix(expr, "call([")
		expr, _, _ = strings.Cut(expr, "], map[")
	}
	lines := strings.Split(src, "\n")
	if len(expr) < 2 || line < 1 || line > len(lines) {
		return 0
	}
	text := lines[line-1]
	for off := 0; ; {
		i := strings.Index(text[off:], expr)
		if i < 0 {
			return 0
		}
		i += off
		before := text[:i]
		open := max(strings.LastIndex(before, "{{"), strings.LastIndex(before, "{%"))
		end := max(strings.LastIndex(before, "}}"), strings.LastIndex(before, "%}"))
		if (open >= 0 || line > 1) && open >= end {
			return i + 1
		}
		off = i + len(expr)
	}
}

// innermost is the last ": "-separated part of a wrapped error message.
func innermost(msg string) string {
	if i := strings.LastIndex(msg, ": "); i >= 0 {
		return msg[i+2:]
	}
	return msg
}

func mentions(msg, name string) bool {
	for i := 0; ; {
		j := strings.Index(msg[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		before := j == 0 || !isIdent(msg[j-1])
		after := end == len(msg) || !isIdent(msg[end])
		if before && after {
			return true
		}
		i = end
	}
}

func isIdent(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

var inFilter = regexp.MustCompile(`unable to evaluate filter &\{<Token\[Name\] Val='(\w+)'`)

var undefinedTarget = regexp.MustCompile(`(?i)unable to evaluate ([^:]+): can't use get(item|attr\w*) on none`)

// explain rewrites gonja's messages that do not tell a marketer what to fix.
func explain(detail, inner string) string {
	if m := undefinedTarget.FindStringSubmatch(detail); m != nil {
		return fmt.Sprintf("%s is undefined, so nothing can be looked up inside it (use | default(...) or check it with {%% if %%})", parent(strings.TrimSpace(m[1])))
	}
	if m := inFilter.FindStringSubmatch(detail); m != nil && !strings.Contains(inner, "filter '") {
		return fmt.Sprintf("filter '%s': %s", m[1], inner)
	}
	if strings.Contains(inner, "is not callable") {
		return inner + " (only filters and the functions range, dict, namespace, cycler and joiner can be called)"
	}
	return inner
}

var notFound = regexp.MustCompile(`ControlStructure '(\w+)' not found`)

var tokenDump = regexp.MustCompile(`<Token\[\w+\] Val='([^']*)'[^>]*>`)

// parent drops the last .name or [key] of an expression: in "event.a.b"
// failing on None, "event.a" is the undefined part.
func parent(expr string) string {
	if strings.HasSuffix(expr, "]") {
		if i := strings.LastIndexByte(expr, '['); i > 0 {
			return expr[:i]
		}
	}
	if i := strings.LastIndexByte(expr, '.'); i > 0 {
		return expr[:i]
	}
	return expr
}

// cleanMessage drops gonja's token dumps and position suffixes (the Error
// carries the position) and chains of "failed to ...: " wrappers.
func cleanMessage(msg string) string {
	msg = tokenDump.ReplaceAllString(msg, "'$1'")
	if i := strings.Index(msg, " (Line: "); i >= 0 {
		msg = msg[:i]
	}
	msg = inStatement.ReplaceAllString(msg, "")
	if m := notFound.FindStringSubmatch(msg); m != nil {
		switch m[1] {
		case "include", "import", "from", "extends":
			return "{% " + m[1] + " %} is not available: campaign content cannot include other files"
		case "macro", "call", "block":
			return "{% " + m[1] + " %} is not available in campaign content"
		}
	}
	if i := strings.LastIndex(msg, "failed to reader template "); i >= 0 {
		msg = innermost(msg[i:])
	}
	msg = strings.TrimSpace(msg)
	if msg == "" {
		return "the template is not valid"
	}
	return msg
}

func normalizeNewlines(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// position converts a byte offset into a 1-based line and column (bytes).
func position(src string, off int) (int, int) {
	off = min(max(off, 0), len(src))
	line := 1 + strings.Count(src[:off], "\n")
	col := off - (strings.LastIndexByte(src[:off], '\n') + 1) + 1
	return line, col
}
