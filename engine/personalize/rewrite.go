package personalize

import (
	"fmt"
	"reflect"
	"unsafe"

	controlStructures "github.com/nikolalohinski/gonja/v2/builtins/control_structures"
	"github.com/nikolalohinski/gonja/v2/exec"
	"github.com/nikolalohinski/gonja/v2/nodes"
	"github.com/nikolalohinski/gonja/v2/tokens"
)

// rewrite routes every place of a parsed template where a value is built
// or text is written through the render's budget (see bound.go). gonja's
// evaluator is a closed type switch with no hook for operators or
// literals, so the tree itself is changed: an operator becomes a call of
// __op, a literal or call is wrapped in __value, output in __emit. Control
// structures keep their expressions in unexported fields; those are
// reached with reflect and written through unsafe (gonja is pinned to
// v2.9.1, and a test renders every statement kind we allow). A node type
// the rewrite does not know is refused, so a gonja upgrade cannot quietly
// add an unbounded path.
type rewriter struct {
	ops   []*nodes.BinOperator
	done  map[nodes.Node]nodes.Expression
	added map[*nodes.Call]bool
	err   error
}

func rewrite(root *nodes.Template) (ops []*nodes.BinOperator, err error) {
	rw := &rewriter{done: map[nodes.Node]nodes.Expression{}, added: map[*nodes.Call]bool{}}
	root.Nodes = rw.nodes(root.Nodes)
	return rw.ops, rw.err
}

func (rw *rewriter) fail(format string, args ...any) {
	if rw.err == nil {
		rw.err = fmt.Errorf(format, args...)
	}
}

func (rw *rewriter) call(pos *tokens.Token, fn string, args ...nodes.Expression) *nodes.Call {
	c := &nodes.Call{
		Location: pos,
		Func:     &nodes.Name{Name: &tokens.Token{Type: tokens.Name, Val: fn, Pos: pos.Pos, Line: pos.Line, Col: pos.Col}},
		Args:     args,
		Kwargs:   map[string]nodes.Expression{},
	}
	rw.added[c] = true
	return c
}

func (rw *rewriter) nodes(list []nodes.Node) []nodes.Node {
	out := make([]nodes.Node, 0, len(list))
	for _, n := range list {
		switch n := n.(type) {
		case *nodes.Data:
			// Template text counts against the output budget where it is
			// written, as {{ }} does: inside a loop or a block it is
			// written many times or into a buffer.
			tk := n.Data
			out = append(out, &nodes.Output{Start: tk, End: tk,
				Expression: rw.call(tk, "__text", &nodes.Integer{Location: tk, Val: len(tk.Val)})}, n)
			continue
		case *nodes.Output:
			n.Expression = rw.call(n.Expression.Position(), "__emit", rw.expr(n.Expression))
			if n.Condition != nil {
				n.Condition = rw.expr(n.Condition)
			}
			if n.Alternative != nil {
				n.Alternative = rw.call(n.Alternative.Position(), "__emit", rw.expr(n.Alternative))
			}
		case *nodes.ControlStructureBlock:
			if raw := rw.structure(n.ControlStructure); raw > 0 {
				// {% raw %} writes its text itself.
				out = append(out, &nodes.Output{Start: n.Location, End: n.Location,
					Expression: rw.call(n.Location, "__text", &nodes.Integer{Location: n.Location, Val: raw})})
			}
		case *nodes.Comment:
		default:
			rw.fail("internal: template node %T", n)
		}
		out = append(out, n)
	}
	return out
}

func (rw *rewriter) wrapper(w *nodes.Wrapper) {
	if w != nil {
		w.Nodes = rw.nodes(w.Nodes)
	}
}

// expr rewrites an expression's children and returns what replaces it.
func (rw *rewriter) expr(e nodes.Expression) nodes.Expression {
	if e == nil {
		return nil
	}
	if r, ok := rw.done[e]; ok {
		return r // a node shared by two parents (a method call's receiver)
	}
	r := rw.expr1(e)
	rw.done[e] = r
	return r
}

func (rw *rewriter) node(n nodes.Node) nodes.Node {
	if n == nil {
		return nil
	}
	e, ok := n.(nodes.Expression)
	if !ok {
		rw.fail("internal: template node %T", n)
		return n
	}
	return rw.expr(e)
}

func (rw *rewriter) exprs(list []nodes.Expression) {
	for i := range list {
		list[i] = rw.expr(list[i])
	}
}

func (rw *rewriter) kwargs(m map[string]nodes.Expression) {
	for k, v := range m {
		m[k] = rw.expr(v)
	}
}

func (rw *rewriter) expr1(e nodes.Expression) nodes.Expression {
	switch n := e.(type) {
	case *nodes.None, *nodes.String, *nodes.Integer, *nodes.Float, *nodes.Bool, *nodes.Name, *nodes.Error:
		return n
	case *nodes.BinaryExpression:
		n.Left, n.Right = rw.expr(n.Left), rw.expr(n.Right)
		switch n.Operator.Token.Type {
		case tokens.And, tokens.Or:
			return n // lazy, and they return one of their operands
		}
		rw.ops = append(rw.ops, n.Operator)
		pos := n.Position()
		return rw.call(pos, "__op", n.Left, n.Right, &nodes.Integer{Location: pos, Val: len(rw.ops) - 1})
	case *nodes.List:
		rw.exprs(n.Val)
		return rw.call(n.Location, "__value", n)
	case *nodes.Tuple:
		rw.exprs(n.Val)
		return rw.call(n.Location, "__value", n)
	case *nodes.Dict:
		for _, p := range n.Pairs {
			p.Key, p.Value = rw.expr(p.Key), rw.expr(p.Value)
		}
		return rw.call(n.Token, "__value", n)
	case *nodes.Call:
		if rw.added[n] {
			return n
		}
		n.Func = rw.node(n.Func)
		if n.Parent != nil {
			n.Parent = rw.node(n.Parent)
		}
		rw.exprs(n.Args)
		rw.kwargs(n.Kwargs)
		return rw.call(n.Location, "__value", n)
	case *nodes.GetItem:
		n.Node, n.Arg = rw.node(n.Node), rw.node(n.Arg)
		return n
	case *nodes.GetSlice:
		n.Node = rw.node(n.Node)
		n.Start, n.End, n.Step = rw.node(n.Start), rw.node(n.End), rw.node(n.Step)
		return n
	case *nodes.GetAttribute:
		n.Node = rw.node(n.Node)
		return n
	case *nodes.Negation:
		n.Term = rw.expr(n.Term)
		return n
	case *nodes.UnaryExpression:
		n.Term = rw.expr(n.Term)
		return n
	case *nodes.FilteredExpression:
		n.Expression = rw.expr(n.Expression)
		for _, f := range n.Filters {
			rw.exprs(f.Args)
			rw.kwargs(f.Kwargs)
		}
		return n
	case *nodes.TestExpression:
		n.Expression = rw.expr(n.Expression)
		if n.Test != nil {
			rw.exprs(n.Test.Args)
			rw.kwargs(n.Test.Kwargs)
		}
		return n
	}
	rw.fail("internal: template expression %T", e)
	return e
}

var (
	exprT     = reflect.TypeFor[nodes.Expression]()
	wrapperT  = reflect.TypeFor[*nodes.Wrapper]()
	exprsT    = reflect.TypeFor[[]nodes.Expression]()
	wrappersT = reflect.TypeFor[[]*nodes.Wrapper]()
	kwargsT   = reflect.TypeFor[map[string]nodes.Expression]()
	filtersT  = reflect.TypeFor[[]*nodes.FilterCall]()
	tokenT    = reflect.TypeFor[*tokens.Token]()
	dataT     = reflect.TypeFor[*nodes.Data]()
	setT      = reflect.TypeFor[controlStructures.SetControlStructure]()
)

// structure rewrites a statement's expressions and bodies, whatever its
// fields are called, and returns the length of the text it writes as is.
func (rw *rewriter) structure(cs nodes.ControlStructure) (raw int) {
	v := reflect.ValueOf(cs)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		rw.fail("internal: statement %T", cs)
		return 0
	}
	s := v.Elem()
	var setTarget nodes.Expression
	if s.Type() == setT {
		setTarget, _ = writable(s.FieldByName("target")).Interface().(nodes.Expression)
	}
	for i := 0; i < s.NumField(); i++ {
		f := writable(s.Field(i))
		name := s.Type().Field(i).Name
		switch f.Type() {
		case exprT:
			e, _ := f.Interface().(nodes.Expression)
			if e == nil {
				continue
			}
			r := rw.expr(e)
			if setTarget != nil && (name == "expression" || name == "alternative") {
				r = rw.guardSet(setTarget, r)
			}
			if name == "target" {
				// An assignment target stays a name, attribute or item.
				switch e.(type) {
				case *nodes.Name, *nodes.GetAttribute, *nodes.GetItem:
				default:
					continue
				}
			}
			f.Set(reflect.ValueOf(&r).Elem())
		case exprsT:
			rw.exprs(f.Interface().([]nodes.Expression))
		case kwargsT:
			rw.kwargs(f.Interface().(map[string]nodes.Expression))
		case wrapperT:
			rw.wrapper(f.Interface().(*nodes.Wrapper))
		case wrappersT:
			for _, w := range f.Interface().([]*nodes.Wrapper) {
				rw.wrapper(w)
			}
		case filtersT:
			for _, fc := range f.Interface().([]*nodes.FilterCall) {
				rw.exprs(fc.Args)
				rw.kwargs(fc.Kwargs)
			}
		case dataT:
			if d := f.Interface().(*nodes.Data); d != nil && d.Data != nil {
				raw += len(d.Data.Val)
			}
		case tokenT:
		default:
			switch f.Kind() {
			case reflect.String, reflect.Bool, reflect.Int:
			default:
				rw.fail("internal: field %s of statement %T", name, cs)
			}
		}
	}
	return raw
}

// guardSet makes {% set a.x = v %} and {% set a[k] = v %} refuse a v that
// contains a, which would make a contain itself.
func (rw *rewriter) guardSet(target, value nodes.Expression) nodes.Expression {
	var container nodes.Node
	switch t := target.(type) {
	case *nodes.GetAttribute:
		container = t.Node
	case *nodes.GetItem:
		container = t.Node
	default:
		return value
	}
	c, ok := container.(nodes.Expression)
	if !ok {
		return value
	}
	return rw.call(value.Position(), "__set", c, value)
}

// writable makes a struct field settable even when it is unexported.
func writable(f reflect.Value) reflect.Value {
	if f.CanSet() || !f.CanAddr() {
		return f
	}
	return reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
}

// evalOp lets gonja compute one operator on two values already measured.
func (t *template) evalOp(e *exec.Evaluator, op *nodes.BinOperator, l, r *exec.Value) *exec.Value {
	ctx := exec.NewContext(map[string]any{"l": l, "r": r})
	sub := &exec.Evaluator{Config: e.Config, Loader: e.Loader, Environment: &exec.Environment{
		Context: ctx, Filters: e.Environment.Filters, Tests: e.Environment.Tests,
		ControlStructures: e.Environment.ControlStructures, Methods: e.Environment.Methods,
	}}
	pos := op.Token
	name := func(s string) *nodes.Name {
		return &nodes.Name{Name: &tokens.Token{Type: tokens.Name, Val: s, Pos: pos.Pos, Line: pos.Line, Col: pos.Col}}
	}
	return sub.Eval(&nodes.BinaryExpression{Left: name("l"), Operator: op, Right: name("r")})
}
