package engine

import "strconv"

// path is a target built lazily: rules pass paths down by pointer and only a
// failing rule turns one into the dotted string of decisions.md §4. Paths
// live on the stack, so a clean campaign costs no string building.
type path struct {
	parent *path
	key    string // an object key; unused for an array index
	idx    int    // an array index, or -1 for an object key
}

func root(key string) path { return path{key: key, idx: -1} }

// at is the object member key of p.
func (p *path) at(key string) path { return path{parent: p, key: key, idx: -1} }

// item is the array element i of p.
func (p *path) item(i int) path { return path{parent: p, idx: i} }

// String renders the target: a.b[1].c
func (p *path) String() string {
	if p == nil {
		return ""
	}
	n := 0
	for q := p; q != nil; q = q.parent {
		if q.idx >= 0 {
			n += 2 + 10
		} else {
			n += len(q.key) + 1
		}
	}
	buf := make([]byte, 0, n)
	return string(p.appendTo(buf))
}

func (p *path) appendTo(buf []byte) []byte {
	if p.parent != nil {
		buf = p.parent.appendTo(buf)
	}
	if p.idx >= 0 {
		buf = append(buf, '[')
		buf = strconv.AppendInt(buf, int64(p.idx), 10)
		return append(buf, ']')
	}
	if p.parent != nil {
		buf = append(buf, '.')
	}
	return append(buf, p.key...)
}

// join renders the target of member key of p.
func (p *path) join(key string) string {
	if p == nil {
		return key
	}
	return p.String() + "." + key
}

// sub is the object member key of p. Small enough to inline, so the new
// path stays on the caller's stack.
func (p *path) sub(key string) *path { return &path{parent: p, key: key, idx: -1} }

// el is the array element i of p.
func (p *path) el(i int) *path { return &path{parent: p, idx: i} }

// rootPath is a top-level component's path.
func rootPath(key string) *path { return &path{key: key, idx: -1} }
