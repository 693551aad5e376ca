package personalize

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/nikolalohinski/gonja/v2/exec"
)

// How rendering is bounded (decisions.md §6).
//
// A template can build values that double at every step ({% set x = x ~ x %}
// 27 times is half a KB of text and a gigabyte of string), so patterns in the
// source cannot bound it. Instead every place where gonja builds a value goes
// through a hook that measures the value's size before (where the size can be
// told in advance) or right after it is built, against one budget per render:
//
//   - operators: gonja has no hook for them, so after parsing every binary
//     operator except and/or is rewritten into a call of __op, which checks
//     the operands' sizes (and, for *, the repetition count) and only then
//     lets gonja compute the result (rewrite.go);
//   - list, tuple and dict literals and every function or method call are
//     wrapped in __value, which measures what was built;
//   - filters and methods are gonja's own, wrapped in the environment: each
//     checks its input and, for those that can grow it (center, indent,
//     join, replace, format, batch, …), its arguments before running;
//   - everything written ({{ }} and template text, including inside
//     {% filter %} and {% set %} blocks) passes __emit or __text, which count
//     against the output budget;
//   - loops and range() have their own budgets (template.go).
//
// The size of a value is the length of its text form, counted through lists
// and dicts; the walk stops as soon as it passes the limit, so values shared
// many times ([x, x] repeated) or cyclic cost no more than the limit to
// measure. Mutations that could make a value contain itself ({% set
// ns.a = ns %}, l.append(l)) are refused, so printing never recurses forever.
const (
	maxValue = 2 << 20  // size of any one value a render builds
	maxBuilt = 16 << 20 // bytes of values built by one render, all together
	// maxCPU is the processor time one render may take, measured on its own
	// thread where the system allows (cputime_linux.go), so that on a busy
	// machine, where a render waits for a CPU, renders that would have been
	// quick do not fail; maxWall backs it up in wall time.
	maxCPU  = 100 * time.Millisecond
	maxWall = time.Second
	// The thread clock is a system call: it is read every cpuEvery ticks.
	cpuEvery = 32
)

// budget is one render's allowance. It is used by one goroutine.
type budget struct {
	ctx      context.Context
	deadline time.Time     // wall clock
	cpuStart time.Duration // thread clock at the start
	cpu      bool          // the thread clock is used
	ticks    int
	built    int
	emitted  int
}

// newBudget starts a render's budget. With a ctx deadline, that deadline is
// the only time limit (the caller knows how long it can wait); without
// one, a render gets maxCPU of processor time and at most maxWall.
func newBudget(ctx context.Context) *budget {
	b := &budget{ctx: ctx}
	if d, ok := ctx.Deadline(); ok {
		b.deadline = d
		return b
	}
	b.deadline = time.Now().Add(maxWall)
	b.cpuStart, b.cpu = threadClock()
	if !b.cpu {
		b.deadline = time.Now().Add(maxCPU)
	}
	return b
}

var errTimeout = errors.New("rendering took too long and was stopped (the limit is about 100 ms per field)")

// tick ends a render whose time is up or whose caller gave up.
func (b *budget) tick() error {
	if time.Now().After(b.deadline) {
		return errTimeout
	}
	if b.ctx.Err() != nil {
		return errors.New("rendering was cancelled")
	}
	if b.cpu {
		if b.ticks++; b.ticks%cpuEvery == 0 {
			if now, ok := threadClock(); ok && now-b.cpuStart > maxCPU {
				return errTimeout
			}
		}
	}
	return nil
}

func tooLarge() error {
	return fmt.Errorf("the value built here would be larger than %d bytes", maxValue)
}

// charge counts n bytes built.
func (b *budget) charge(n int) error {
	if err := b.tick(); err != nil {
		return err
	}
	if n > maxValue {
		return tooLarge()
	}
	b.built += n
	if b.built > maxBuilt {
		return fmt.Errorf("this text builds more than %d bytes of values in total", maxBuilt)
	}
	return nil
}

const budgetName = "__budget"

// budgetOf finds the render's budget from inside a filter.
func budgetOf(e *exec.Evaluator) *budget {
	if e == nil || e.Environment == nil || e.Environment.Context == nil {
		return nil
	}
	v, ok := e.Environment.Context.Get(budgetName)
	if !ok {
		return nil
	}
	b, _ := v.(*budget)
	return b
}

// --- sizes ----------------------------------------------------------------

func (b *budget) hooks(t *template) map[string]any {
	return map[string]any{
		budgetName: b,
		"__op": func(e *exec.Evaluator, p *exec.VarArgs) *exec.Value {
			return b.op(e, t, p)
		},
		"__value": func(p *exec.VarArgs) *exec.Value {
			v := p.Args[0]
			if v.IsError() {
				return v
			}
			if err := b.charge(size(v, maxValue)); err != nil {
				return exec.AsValue(err)
			}
			return v
		},
		"__emit": func(p *exec.VarArgs) *exec.Value {
			v := p.Args[0]
			if v.IsError() {
				return v
			}
			if err := b.emit(size(v, maxOutput)); err != nil {
				return exec.AsValue(err)
			}
			return v
		},
		"__text": func(p *exec.VarArgs) *exec.Value {
			if err := b.emit(p.Args[0].Integer()); err != nil {
				return exec.AsValue(err)
			}
			return exec.AsSafeValue("")
		},
		"__set": func(p *exec.VarArgs) *exec.Value {
			target, v := p.Args[0], p.Args[1]
			if v.IsError() {
				return v
			}
			if reaches(v, identity(reflect.ValueOf(target))) {
				return exec.AsValue(errors.New("a value cannot be stored inside itself"))
			}
			return v
		},
	}
}

// emit counts n bytes written, wherever they go: the output, or the buffer
// of a {% filter %} or {% set %} block.
func (b *budget) emit(n int) error {
	if err := b.tick(); err != nil {
		return err
	}
	b.emitted += n
	if b.emitted > maxOutput {
		return errTooLong
	}
	return nil
}

// op runs one binary operator once its result is known to fit: ~ and + make
// text or lists as long as both operands, * repeats a text.
func (b *budget) op(e *exec.Evaluator, t *template, p *exec.VarArgs) *exec.Value {
	if len(p.Args) != 3 || !p.Args[2].IsInteger() || p.Args[2].Integer() >= len(t.ops) {
		return exec.AsValue(errors.New("internal: bad operator call"))
	}
	l, r := p.Args[0], p.Args[1]
	for _, v := range []*exec.Value{l, r} {
		if v.IsError() {
			return v
		}
	}
	op := t.ops[p.Args[2].Integer()]
	n := size(l, maxValue) + size(r, maxValue)
	switch op.Token.Val {
	case "~", "+": // the result is as large as both operands
	case "*":
		if l.IsString() && !r.IsFloat() {
			k := r.Integer()
			if k > 0 && l.Len() > 0 && k > maxValue/l.Len() {
				return exec.AsValue(fmt.Errorf("repeating this text %d times makes it larger than %d bytes", k, maxValue))
			}
			n = l.Len() * max(k, 0)
		}
	default:
		// Comparisons, in, arithmetic: nothing is built, but the work
		// grows with the operands, which must stay within the value size.
		if n > maxValue {
			return exec.AsValue(tooLarge())
		}
		if err := b.tick(); err != nil {
			return exec.AsValue(err)
		}
		return t.evalOp(e, op, l, r)
	}
	if err := b.charge(n); err != nil {
		return exec.AsValue(err)
	}
	return t.evalOp(e, op, l, r)
}

// --- filters and methods --------------------------------------------------------

// widthArgs are the filters and string methods whose numeric arguments set
// a width or a count of pieces, capped at maxWidth.
var widthArgs = map[string]bool{
	"center": true, "indent": true, "wordwrap": true, "batch": true, "slice": true,
	"ljust": true, "rjust": true, "zfill": true, "expandtabs": true,
}

// growth estimates the size of a filter's or method's result before it runs,
// for those whose result can be much larger than their input.
func growth(name string, in *exec.Value, params *exec.VarArgs) (int, error) {
	args := append([]*exec.Value{}, params.Args...)
	for _, v := range params.KwArgs {
		args = append(args, v)
	}
	n := size(in, maxValue)
	for _, a := range args {
		n += size(a, maxValue)
	}
	if n > maxValue {
		return 0, tooLarge()
	}
	if widthArgs[name] {
		for _, a := range args {
			if a != nil && (a.IsInteger() || a.IsFloat()) && (a.Float() > maxWidth || a.Float() < -maxWidth) {
				return 0, fmt.Errorf("filter '%s': width is limited to %d", name, maxWidth)
			}
		}
	}
	text := ""
	if in.IsString() {
		text = in.String()
	}
	switch name {
	case "center", "ljust", "rjust", "zfill":
		n += maxWidth
	case "indent", "expandtabs":
		n += (strings.Count(text, "\n") + strings.Count(text, "\t") + 1) * maxWidth
	case "wordwrap":
		n += (len(text) + 1) * (1 + lenArg(params, 2, "wrapstring"))
	case "join":
		// filter: in is the list, arg 0 the separator; method: in is the
		// separator, arg 0 the list.
		var list, sep *exec.Value = in, arg(params, 0, "d")
		if in.IsString() {
			list, sep = arg(params, 0, "iterable"), in
		}
		if list != nil && sep != nil && (list.IsList() || list.IsDict()) {
			n += list.Len() * sep.Len()
		}
	case "replace":
		old, nw := arg(params, 0, "old"), arg(params, 1, "new")
		if old != nil && nw != nil {
			k := len(text) + 1
			if o := old.String(); o != "" {
				k = strings.Count(text, o)
			}
			n += k * nw.Len()
		}
	case "list", "split", "rsplit", "splitlines":
		// A text becomes a list of up to one small text per character.
		n += 4 * len(text)
	case "format", "format_map":
		if err := formatWidths(text); err != nil {
			return 0, err
		}
		n += len(text)
	}
	if n > maxValue {
		return 0, tooLarge()
	}
	return n, nil
}

func arg(p *exec.VarArgs, i int, name string) *exec.Value {
	if i < len(p.Args) {
		return p.Args[i]
	}
	if v, ok := p.KwArgs[name]; ok {
		return v
	}
	return nil
}

func lenArg(p *exec.VarArgs, i int, name string) int {
	if v := arg(p, i, name); v != nil && v.IsString() {
		return v.Len()
	}
	return 1
}

// formatWidths refuses widths and precisions over maxWidth in a printf
// ("%10s") or str.format ("{:>10}") format, and widths taken from the
// arguments ("%*d").
func formatWidths(f string) error {
	for i := 0; i < len(f); i++ {
		if f[i] != '%' && f[i] != ':' && f[i] != '.' {
			continue
		}
		j := i + 1
		for j < len(f) && strings.IndexByte("-+ #0<>^=,_", f[j]) >= 0 {
			j++
		}
		if f[i] == '%' && j < len(f) && f[j] == '*' {
			return errors.New("format widths cannot come from the arguments")
		}
		k := j
		for k < len(f) && f[k] >= '0' && f[k] <= '9' {
			k++
		}
		if k-j > 4 || k > j && atoi(f[j:k]) > maxWidth {
			return fmt.Errorf("format widths are limited to %d", maxWidth)
		}
	}
	return nil
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// boundFilter wraps one of gonja's filters: its input and arguments are
// measured first, and its result is charged to the render.
func boundFilter(name string, fn exec.FilterFunction) exec.FilterFunction {
	return func(e *exec.Evaluator, in *exec.Value, params *exec.VarArgs) *exec.Value {
		if in.IsError() {
			return fn(e, in, params)
		}
		b := budgetOf(e)
		if b == nil {
			return exec.AsValue(errors.New("internal: filter outside a render"))
		}
		if err := b.tick(); err != nil {
			return exec.AsValue(err)
		}
		if _, err := growth(name, in, params); err != nil {
			return exec.AsValue(fmt.Errorf("filter '%s': %w", name, unwrapFilter(name, err)))
		}
		out := fn(e, in, params)
		if out == nil || out.IsError() {
			return out
		}
		if err := b.charge(size(out, maxValue)); err != nil {
			return exec.AsValue(err)
		}
		return out
	}
}

// unwrapFilter drops a "filter 'x': " prefix that growth already put.
func unwrapFilter(name string, err error) error {
	if msg, ok := strings.CutPrefix(err.Error(), "filter '"+name+"': "); ok {
		return errors.New(msg)
	}
	return err
}

// mutating are the methods that store their arguments inside the receiver.
var mutating = map[string]bool{"append": true, "update": true, "setdefault": true}

// boundMethods wraps every method of one type. Methods have no access to the
// render, so each is checked against the per-value limit here and its
// result is charged by the __value call around every call.
func boundMethods[T any](set *exec.MethodSet[T], names []string) *exec.MethodSet[T] {
	out := map[string]exec.Method[T]{}
	for _, name := range names {
		m, ok := set.Get(name)
		if !ok {
			continue
		}
		out[name] = func(self T, selfValue *exec.Value, params *exec.VarArgs) (any, error) {
			if _, err := growth(name, selfValue, params); err != nil {
				return nil, fmt.Errorf("method '%s': %w", name, unwrapFilter(name, err))
			}
			if mutating[name] {
				// selfValue, not self: gonja hands lists and dicts to
				// methods as copies and writes selfValue back.
				id := identity(reflect.ValueOf(selfValue))
				for _, a := range params.Args {
					if reaches(a, id) {
						return nil, errors.New("a value cannot be stored inside itself")
					}
				}
				for _, a := range params.KwArgs {
					if reaches(a, id) {
						return nil, errors.New("a value cannot be stored inside itself")
					}
				}
			}
			return m(self, selfValue, params)
		}
	}
	return exec.NewMethodSet(out)
}

var methodNames = struct{ bool, int, float, str, dict, list []string }{
	bool:  []string{"string", "int", "bit_length", "bit_count", "as_integer_ratio"},
	int:   []string{"is_integer", "bit_length", "bit_count", "as_integer_ratio"},
	float: []string{"is_integer", "as_integer_ratio", "hex"},
	str: strings.Fields(`capitalize capwords casefold center count encode endswith expandtabs find format format_map
		isalnum isalpha isascii isdecimal isdigit islower isnumeric isprintable isspace istitle isupper join ljust lower
		lstrip partition removeprefix removesuffix replace rfind rjust rpartition rsplit rstrip split splitlines
		startswith strip swapcase title upper zfill`),
	dict: []string{"keys", "values", "items", "get", "pop", "setdefault", "update", "copy", "clear"},
	list: []string{"append", "reverse", "copy"},
}

func boundMethodSets(m exec.Methods) exec.Methods {
	return exec.Methods{
		Bool:  boundMethods(m.Bool, methodNames.bool),
		Int:   boundMethods(m.Int, methodNames.int),
		Float: boundMethods(m.Float, methodNames.float),
		Str:   boundMethods(m.Str, methodNames.str),
		Dict:  boundMethods(m.Dict, methodNames.dict),
		List:  boundMethods(m.List, methodNames.list),
	}
}
