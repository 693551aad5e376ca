package model

// The codec is written by hand, on reflection over the json tags, because no
// JSON library does what the service needs: keep every key it does not know,
// at every level, and keep a known key whose value has the wrong JSON type
// (instead of failing the whole document) so the engine can report it with
// its path. encoding/json stops at the first type error and drops unknown
// keys; the json/v2 experiment keeps unknown keys but still stops on types.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// Extra keeps what a typed struct could not hold. Both maps are written back
// on encode, so nothing a client or the service sent is ever lost.
type Extra struct {
	// Unknown holds keys the spec does not name, with their values as sent.
	Unknown map[string]any
	// Invalid holds known keys whose JSON type was wrong, as sent.
	Invalid map[string]Invalid
	// Null holds known keys sent as null: read as "not sent", written back.
	Null map[string]bool
}

// Invalid is a value of the wrong JSON type for a known field.
type Invalid struct {
	Value any
	// Want names the JSON type the field takes ("boolean", "integer", …).
	Want string
}

// Empty reports whether nothing extra was kept.
func (e *Extra) Empty() bool { return len(e.Unknown) == 0 && len(e.Invalid) == 0 && len(e.Null) == 0 }

// SetUnknown keeps an unknown key.
func (e *Extra) SetUnknown(key string, v any) {
	if e.Unknown == nil {
		e.Unknown = map[string]any{}
	}
	e.Unknown[key] = v
}

// Fix forgets a wrong-typed value once the typed field has been set.
func (e *Extra) Fix(key string) { delete(e.Invalid, key) }

// SyntaxError says where a document stopped being JSON.
type SyntaxError struct {
	Line, Column int
	Msg          string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("invalid JSON at line %d, column %d: %s", e.Line, e.Column, e.Msg)
}

// ErrNotObject is returned when a document is JSON but not an object.
var ErrNotObject = errors.New("the document must be a JSON object")

// Parse reads one JSON value with numbers kept exact (json.Number). Errors
// are *SyntaxError with the line and column where the JSON broke.
func Parse(data []byte) (any, error) {
	if v, ok := parseFast(data); ok {
		return v, nil
	}
	return parseJSON(data)
}

// parseJSON is Parse by encoding/json: every document, and the errors.
func parseJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, syntaxError(data, dec, err)
	}
	// Anything but white space after the value is an error too.
	rest := data[dec.InputOffset():]
	if trimmed := bytes.TrimLeft(rest, " \t\r\n"); len(trimmed) > 0 {
		line, col := lineCol(data, len(data)-len(trimmed))
		return nil, &SyntaxError{Line: line, Column: col, Msg: "unexpected data after the JSON value"}
	}
	return v, nil
}

func syntaxError(data []byte, dec *json.Decoder, err error) error {
	off := len(data)
	msg := err.Error()
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		off = int(se.Offset)
		if off > 0 {
			off-- // the offset counts the offending byte
		}
	case errors.Is(err, io.EOF):
		msg = "empty document"
		off = 0
	case errors.Is(err, io.ErrUnexpectedEOF):
		msg = "unexpected end of JSON input"
	default:
		off = int(dec.InputOffset())
	}
	line, col := lineCol(data, off)
	return &SyntaxError{Line: line, Column: col, Msg: strings.TrimPrefix(msg, "invalid character ")}
}

func lineCol(data []byte, off int) (int, int) {
	if off > len(data) {
		off = len(data)
	}
	line, col := 1, 1
	for _, r := range string(data[:off]) {
		if r == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}

// Decode reads a campaign (or a create/patch body). Wrong JSON types never fail
// the decode: they are kept in the objects' Extra.Invalid for the engine.
func Decode(data []byte) (*Campaign, error) {
	var c Campaign
	if err := DecodeInto(data, &c); err != nil {
		return nil, err
	}
	return &c, nil
}

// DecodeInto decodes a JSON object into any model struct pointer.
func DecodeInto(data []byte, dst any) error {
	v, err := Parse(data)
	if err != nil {
		return err
	}
	return FromTree(v, dst)
}

// FromTree fills a model struct pointer from a parsed JSON object.
func FromTree(v any, dst any) error {
	m, ok := v.(map[string]any)
	if !ok {
		return ErrNotObject
	}
	rv := reflect.ValueOf(dst)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("model: FromTree needs a non-nil pointer, got %T", dst)
	}
	if c, ok := dst.(*Content); ok {
		c.decode(m)
		return nil
	}
	decodeStruct(m, rv.Elem())
	return nil
}

// Encode writes a model value as JSON: known fields in declaration order,
// then unknown and wrong-typed keys in key order.
func Encode(v any) []byte {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() || (rv.Kind() == reflect.Pointer && rv.IsNil()) {
		return []byte("null") // nil, or a typed nil pointer: an absent component
	}
	var buf bytes.Buffer
	encodeValue(&buf, rv)
	return buf.Bytes()
}

// Clone returns a deep copy of a model value that shares no memory with it
// and encodes to the same JSON (see clone.go).
func Clone[T any](v *T) *T {
	if v == nil {
		return nil
	}
	out := new(T)
	copyInto(reflect.ValueOf(out).Elem(), reflect.ValueOf(v).Elem())
	return out
}

// Equal reports whether two model values encode to the same JSON.
func Equal(a, b any) bool {
	return bytes.Equal(Encode(a), Encode(b))
}

// ToTree converts a model value to its generic JSON form.
func ToTree(v any) any {
	t, _ := Parse(Encode(v))
	return t
}

// --- field tables --------------------------------------------------------

type fieldInfo struct {
	name  string
	index int
}

type structInfo struct {
	fields []fieldInfo
	byName map[string]int // json name → position in fields
	extra  int            // index of the Extra field, -1 when none
}

var (
	infoMu    sync.RWMutex
	infoCache = map[reflect.Type]*structInfo{}
	extraType = reflect.TypeFor[Extra]()
	contentT  = reflect.TypeFor[Content]()
	anyType   = reflect.TypeFor[any]()
)

func infoOf(t reflect.Type) *structInfo {
	infoMu.RLock()
	si := infoCache[t]
	infoMu.RUnlock()
	if si != nil {
		return si
	}
	si = &structInfo{byName: map[string]int{}, extra: -1}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Type == extraType {
			si.extra = i
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" || !f.IsExported() {
			continue
		}
		si.byName[name] = len(si.fields)
		si.fields = append(si.fields, fieldInfo{name: name, index: i})
	}
	infoMu.Lock()
	infoCache[t] = si
	infoMu.Unlock()
	return si
}

// KnownFields lists the JSON names a model struct type declares, in order.
func KnownFields(v any) []string {
	t := reflect.TypeOf(v)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	si := infoOf(t)
	out := make([]string, len(si.fields))
	for i, f := range si.fields {
		out[i] = f.name
	}
	return out
}

// --- decoding ------------------------------------------------------------

func decodeStruct(m map[string]any, rv reflect.Value) {
	si := infoOf(rv.Type())
	var extra *Extra
	if si.extra >= 0 {
		extra = rv.Field(si.extra).Addr().Interface().(*Extra)
	}
	for k, val := range m {
		pos, known := si.byName[k]
		if !known {
			if extra != nil {
				extra.SetUnknown(k, val)
			}
			continue
		}
		if val == nil {
			// null on a known field reads as "not sent", but is kept and
			// written back: services send null for unset fields.
			if extra != nil {
				if extra.Null == nil {
					extra.Null = map[string]bool{}
				}
				extra.Null[k] = true
			}
			continue
		}
		f := rv.Field(si.fields[pos].index)
		if !decodeValue(val, f) {
			f.SetZero()
			if extra != nil {
				if extra.Invalid == nil {
					extra.Invalid = map[string]Invalid{}
				}
				extra.Invalid[k] = Invalid{Value: val, Want: wantOf(f.Type())}
			}
		}
	}
}

// decodeValue sets f from v and reports whether v had the right JSON type.
func decodeValue(v any, f reflect.Value) bool {
	t := f.Type()
	if t == anyType {
		f.Set(reflect.ValueOf(&v).Elem())
		return true
	}
	switch t.Kind() {
	case reflect.Pointer:
		if t.Elem() == contentT {
			m, ok := v.(map[string]any)
			if !ok {
				return false
			}
			c := new(Content)
			c.decode(m)
			f.Set(reflect.ValueOf(c))
			return true
		}
		p := reflect.New(t.Elem())
		if !decodeValue(v, p.Elem()) {
			return false
		}
		f.Set(p)
		return true
	case reflect.String:
		s, ok := v.(string)
		if ok {
			f.SetString(s)
		}
		return ok
	case reflect.Bool:
		b, ok := v.(bool)
		if ok {
			f.SetBool(b)
		}
		return ok
	case reflect.Int64:
		n, ok := v.(json.Number)
		if !ok {
			return false
		}
		i, err := strconv.ParseInt(string(n), 10, 64)
		if err != nil {
			return false
		}
		f.SetInt(i)
		return true
	case reflect.Float64:
		n, ok := v.(json.Number)
		if !ok {
			return false
		}
		x, err := strconv.ParseFloat(string(n), 64)
		if err != nil {
			return false
		}
		f.SetFloat(x)
		return true
	case reflect.Slice:
		arr, ok := v.([]any)
		if !ok {
			return false
		}
		s := reflect.MakeSlice(t, len(arr), len(arr))
		for i, e := range arr {
			if e == nil && t.Elem().Kind() == reflect.Struct {
				return false
			}
			if !decodeValue(e, s.Index(i)) {
				return false
			}
		}
		f.Set(s)
		return true
	case reflect.Map:
		obj, ok := v.(map[string]any)
		if !ok {
			return false
		}
		mv := reflect.MakeMapWithSize(t, len(obj))
		for k, e := range obj {
			ev := reflect.New(t.Elem()).Elem()
			if !decodeValue(e, ev) {
				return false
			}
			mv.SetMapIndex(reflect.ValueOf(k), ev)
		}
		f.Set(mv)
		return true
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			return false
		}
		decodeStruct(obj, f)
		return true
	}
	return false
}

func wantOf(t reflect.Type) string {
	if t == anyType {
		return "any value"
	}
	switch t.Kind() {
	case reflect.Pointer:
		return wantOf(t.Elem())
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int64:
		return "integer"
	case reflect.Float64:
		return "number"
	case reflect.Slice:
		return "array of " + Plural(wantOf(t.Elem()))
	case reflect.Map:
		return "object of " + Plural(wantOf(t.Elem()))
	}
	return "object"
}

func (c *Content) decode(m map[string]any) {
	for k, v := range m {
		switch k {
		case "push", "email":
			if c.Flat == nil {
				c.Flat = &Message{}
			}
			decodeStruct(map[string]any{k: v}, reflect.ValueOf(c.Flat).Elem())
			continue
		}
		loc, ok := v.(map[string]any)
		if ok {
			vars := make(map[string]*Message, len(loc))
			for vk, vv := range loc {
				obj, isObj := vv.(map[string]any)
				if !isObj {
					ok = false
					break
				}
				msg := &Message{}
				decodeStruct(obj, reflect.ValueOf(msg).Elem())
				vars[vk] = msg
			}
			if ok {
				if c.Keyed == nil {
					c.Keyed = map[string]map[string]*Message{}
				}
				c.Keyed[k] = vars
				continue
			}
		}
		if c.Bad == nil {
			c.Bad = map[string]any{}
		}
		c.Bad[k] = v
	}
}

// --- encoding ------------------------------------------------------------

// present reports whether a field was sent.
