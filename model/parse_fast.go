package model

import "encoding/json"

// parseFast builds the same tree as Parse (objects, arrays, strings,
// json.Number, bools, nil) for the documents most requests send: strings
// of printable ASCII without escapes. It reports ok false for anything
// else, valid or not, and Parse then takes the encoding/json way, which
// also words the errors. The sandbox pays it on every request body:
// BenchmarkParse (2 loaded cores, go test -bench 'Parse$' ./model) reads
// the event-triggered fixture (4.7 KB) in 40–70 µs against 143–311 µs for
// encoding/json, 3–4 times cheaper, where a whole PATCH costs about 150
// CPU-µs (BenchmarkPatch).
func parseFast(data []byte) (v any, ok bool) {
	p := fastParser{data: data}
	p.space()
	v, ok = p.value(0)
	if !ok {
		return nil, false
	}
	p.space()
	return v, p.i == len(p.data)
}

type fastParser struct {
	data []byte
	i    int
}

// maxFastDepth keeps deeper documents on the encoding/json way (whose own
// limit words the error).
const maxFastDepth = 1000

func (p *fastParser) space() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *fastParser) value(depth int) (any, bool) {
	if p.i >= len(p.data) || depth > maxFastDepth {
		return nil, false
	}
	switch c := p.data[p.i]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		return p.str()
	case c == 't':
		return true, p.word("true")
	case c == 'f':
		return false, p.word("false")
	case c == 'n':
		return nil, p.word("null")
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	}
	return nil, false
}

func (p *fastParser) word(w string) bool {
	if len(p.data)-p.i < len(w) || string(p.data[p.i:p.i+len(w)]) != w {
		return false
	}
	p.i += len(w)
	return true
}

func (p *fastParser) object(depth int) (any, bool) {
	p.i++ // {
	m := map[string]any{}
	p.space()
	if p.i < len(p.data) && p.data[p.i] == '}' {
		p.i++
		return m, true
	}
	for {
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != '"' {
			return nil, false
		}
		k, ok := p.str()
		if !ok {
			return nil, false
		}
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != ':' {
			return nil, false
		}
		p.i++
		p.space()
		v, ok := p.value(depth + 1)
		if !ok {
			return nil, false
		}
		m[k.(string)] = v // a repeated key: the last one wins, as in encoding/json
		p.space()
		if p.i >= len(p.data) {
			return nil, false
		}
		switch p.data[p.i] {
		case ',':
			p.i++
		case '}':
			p.i++
			return m, true
		default:
			return nil, false
		}
	}
}

func (p *fastParser) array(depth int) (any, bool) {
	p.i++ // [
	a := []any{}
	p.space()
	if p.i < len(p.data) && p.data[p.i] == ']' {
		p.i++
		return a, true
	}
	for {
		p.space()
		v, ok := p.value(depth + 1)
		if !ok {
			return nil, false
		}
		a = append(a, v)
		p.space()
		if p.i >= len(p.data) {
			return nil, false
		}
		switch p.data[p.i] {
		case ',':
			p.i++
		case ']':
			p.i++
			return a, true
		default:
			return nil, false
		}
	}
}

// str reads a string of printable ASCII without escapes; anything else
// (escapes, control bytes, UTF-8) is left to encoding/json.
func (p *fastParser) str() (any, bool) {
	start := p.i + 1
	for j := start; j < len(p.data); j++ {
		switch c := p.data[j]; {
		case c == '"':
			p.i = j + 1
			return string(p.data[start:j]), true
		case c == '\\' || c < 0x20 || c >= 0x7f:
			return nil, false
		}
	}
	return nil, false
}

// number reads -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? as its text.
func (p *fastParser) number() (any, bool) {
	start := p.i
	if p.data[p.i] == '-' {
		p.i++
	}
	switch {
	case p.i < len(p.data) && p.data[p.i] == '0':
		p.i++
	case p.digits() == 0:
		return nil, false
	}
	if p.i < len(p.data) && p.data[p.i] == '.' {
		p.i++
		if p.digits() == 0 {
			return nil, false
		}
	}
	if p.i < len(p.data) && (p.data[p.i] == 'e' || p.data[p.i] == 'E') {
		p.i++
		if p.i < len(p.data) && (p.data[p.i] == '+' || p.data[p.i] == '-') {
			p.i++
		}
		if p.digits() == 0 {
			return nil, false
		}
	}
	return json.Number(p.data[start:p.i]), true
}

func (p *fastParser) digits() int {
	n := 0
	for p.i < len(p.data) && p.data[p.i] >= '0' && p.data[p.i] <= '9' {
		p.i++
		n++
	}
	return n
}
