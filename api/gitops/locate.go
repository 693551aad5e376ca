package gitops

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// Position is a place in a file, both counted from 1 (column in bytes, as
// GitHub's workflow annotations and most editors read it).
type Position struct {
	Line, Column int
}

// Locate finds the JSON value at path (a decisions.md §4 target:
// "campaign_content.content.default.variation_1.push.android.buttons[1].title")
// in data and returns where it starts. When the path goes further than the
// document (a missing field), the position of the deepest part that exists
// is returned: the object the field belongs in. ok is false only for data
// that is not JSON.
func Locate(data []byte, path string) (Position, bool) {
	want := splitPath(path)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	l := locator{data: data, dec: dec, want: want}
	off, ok := l.value(0)
	if !ok {
		return Position{}, false
	}
	return position(data, off), true
}

type locator struct {
	data []byte
	dec  *json.Decoder
	want []string
	// best is the start of the deepest matched value so far.
	best int
}

// value reads the value at depth (the path matched so far) and returns the
// start of the target (or of the deepest match).
func (l *locator) value(depth int) (int, bool) {
	start := l.valueStart()
	l.best = start
	tok, err := l.dec.Token()
	if err != nil {
		return 0, false
	}
	if depth == len(l.want) {
		return start, true
	}
	delim, isDelim := tok.(json.Delim)
	if !isDelim {
		return l.best, true
	}
	switch delim {
	case '{':
		for l.dec.More() {
			kt, err := l.dec.Token()
			if err != nil {
				return 0, false
			}
			if k, _ := kt.(string); k == l.want[depth] {
				return l.value(depth + 1)
			}
			if !l.skip() {
				return 0, false
			}
		}
	case '[':
		idx, err := strconv.Atoi(strings.Trim(l.want[depth], "[]"))
		if err != nil || !strings.HasPrefix(l.want[depth], "[") {
			return l.best, true
		}
		for i := 0; l.dec.More(); i++ {
			if i == idx {
				return l.value(depth + 1)
			}
			if !l.skip() {
				return 0, false
			}
		}
	}
	return l.best, true
}

// valueStart is the offset of the next value: past the decoder's position,
// whitespace and the ':' or ',' before it.
func (l *locator) valueStart() int {
	off := int(l.dec.InputOffset())
	for off < len(l.data) {
		switch l.data[off] {
		case ' ', '\t', '\r', '\n', ':', ',':
			off++
			continue
		}
		break
	}
	return off
}

// skip reads past one whole value.
func (l *locator) skip() bool {
	var raw json.RawMessage
	return l.dec.Decode(&raw) == nil
}

// splitPath splits "a.b[1].c" into "a", "b", "[1]", "c".
func splitPath(path string) []string {
	var out []string
	for _, part := range strings.Split(path, ".") {
		if part == "" {
			continue
		}
		for {
			i := strings.IndexByte(part, '[')
			if i < 0 {
				out = append(out, part)
				break
			}
			if i > 0 {
				out = append(out, part[:i])
			}
			j := strings.IndexByte(part[i:], ']')
			if j < 0 {
				out = append(out, part[i:])
				break
			}
			out = append(out, part[i:i+j+1])
			part = part[i+j+1:]
			if part == "" {
				break
			}
		}
	}
	return out
}

// position turns a byte offset into a line and column.
func position(data []byte, off int) Position {
	off = min(off, len(data))
	line := 1 + bytes.Count(data[:off], []byte{'\n'})
	col := off - bytes.LastIndexByte(data[:off], '\n')
	return Position{Line: line, Column: col}
}
