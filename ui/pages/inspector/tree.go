package inspector

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// treeNode is one value of a JSON document, keys in document order.
type treeNode struct {
	key      string // object key; "" for the root and array items
	path     string // target path (decisions.md §4)
	depth    int
	kind     byte // '{', '[' or 0 for a scalar
	value    string
	children []*treeNode
	open     bool
	inline   string // a short array of scalars drawn on one line when folded
}

// parseTree reads a JSON document keeping the order of keys.
func parseTree(data []byte) (*treeNode, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	root := &treeNode{}
	if err := readNode(dec, root); err != nil {
		return nil, err
	}
	return root, nil
}

func readNode(dec *json.Decoder, n *treeNode) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch t := tok.(type) {
	case json.Delim:
		n.kind = byte(t)
		for dec.More() {
			c := &treeNode{depth: n.depth + 1}
			if n.kind == '{' {
				kt, err := dec.Token()
				if err != nil {
					return err
				}
				c.key, _ = kt.(string)
				c.path = common.JoinPath(n.path, c.key)
			} else {
				c.path = fmt.Sprintf("%s[%d]", n.path, len(n.children))
			}
			if err := readNode(dec, c); err != nil {
				return err
			}
			n.children = append(n.children, c)
		}
		if n.kind == '[' && len(n.children) > 0 {
			parts := make([]string, 0, len(n.children))
			for _, c := range n.children {
				if c.kind != 0 {
					parts = nil
					break
				}
				parts = append(parts, c.value)
			}
			if s := strings.Join(parts, ", "); parts != nil && len(s) <= 60 {
				n.inline = "[" + s + "]"
			}
		}
		_, err = dec.Token() // closing delimiter
		return err
	case string:
		if t == "" {
			n.value = `""`
		} else {
			n.value = t
		}
	case nil:
		n.value = "null"
	default:
		n.value = fmt.Sprint(t)
	}
	return nil
}

// summary describes a folded object or array.
func (n *treeNode) summary() string {
	if n.inline != "" {
		return n.inline
	}
	switch n.kind {
	case '{':
		if len(n.children) == 1 {
			return "{1 field}"
		}
		return fmt.Sprintf("{%d fields}", len(n.children))
	case '[':
		if len(n.children) == 0 {
			return "[]"
		}
		if len(n.children) == 1 {
			return "[1 item]"
		}
		return fmt.Sprintf("[%d items]", len(n.children))
	}
	return n.value
}

// label is the key of an object member or the index of an array item.
func (n *treeNode) label() string {
	if n.key != "" {
		return n.key
	}
	if i := strings.LastIndexByte(n.path, '['); i >= 0 {
		return n.path[i:]
	}
	return n.path
}

// visible lists the nodes drawn: each node, and the children of open ones.
func visible(nodes []*treeNode) []*treeNode {
	var out []*treeNode
	var walk func([]*treeNode)
	walk = func(ns []*treeNode) {
		for _, n := range ns {
			out = append(out, n)
			if n.open {
				walk(n.children)
			}
		}
	}
	walk(nodes)
	return out
}

// setOpen opens or closes n and everything below it; short arrays of
// scalars stay on their one line.
func setOpen(n *treeNode, open bool) {
	if n.kind != 0 && (n.inline == "" || !open) {
		n.open = open
	}
	for _, c := range n.children {
		setOpen(c, open)
	}
}

// jumpTo shows a problem's target in the Components pane: the node with that
// path, or its nearest ancestor present when the field itself is missing.
func (in *Inspector) jumpTo(target string) {
	var best *treeNode
	var chain []*treeNode
	var walk func(nodes []*treeNode, path []*treeNode)
	walk = func(nodes []*treeNode, path []*treeNode) {
		for _, n := range nodes {
			if n.path != "" && engine.Under(target, n.path) {
				p := append(slices.Clone(path), n)
				if best == nil || len(n.path) > len(best.path) {
					best, chain = n, p
				}
				walk(n.children, p)
			}
		}
	}
	walk(in.roots, nil)
	in.pane = paneComponents
	if best == nil {
		return
	}
	for _, n := range chain[:len(chain)-1] {
		n.open = true
	}
	for i, n := range visible(in.roots) {
		if n == best {
			in.tcursor = i
		}
	}
	in.clamp()
}
