package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/campaigns-cli/campaigns/model"
)

// outOfRange finds a number in a JSON body that no float64 holds (1e999,
// -1e400): stored, it would be echoed back as a literal that standard
// decoders refuse, so it is refused on the way in (400, target = its
// path). The byte scan costs little; the path is worked out only when
// such a number is there.
func outOfRange(body []byte) error {
	if !hasHugeNumber(body) {
		return nil
	}
	tree, err := model.Parse(body)
	if err != nil {
		return nil // not JSON: the handler reports it with line and column
	}
	target, lit, ok := findHuge(tree, "")
	if !ok {
		return nil
	}
	if target == "" {
		target = "body"
	}
	return errValidation(target, fmt.Sprintf("%s is %s, a number out of range (it must fit a 64-bit floating point number).", target, quote(lit)))
}

// hasHugeNumber scans body for a number literal outside strings that
// overflows float64.
func hasHugeNumber(body []byte) bool {
	inString, escaped := false, false
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '-' || (c >= '0' && c <= '9'):
			j := i
			for j < len(body) && isNumberByte(body[j]) {
				j++
			}
			if huge(string(body[i:j])) {
				return true
			}
			i = j - 1
		}
	}
	return false
}

func isNumberByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

func huge(lit string) bool {
	_, err := strconv.ParseFloat(lit, 64)
	return errors.Is(err, strconv.ErrRange)
}

// findHuge is the path of the first out-of-range number in a parsed body,
// keys in sorted order.
func findHuge(v any, path string) (string, string, bool) {
	switch v := v.(type) {
	case json.Number:
		if huge(string(v)) {
			return path, string(v), true
		}
	case []any:
		for i, el := range v {
			if t, lit, ok := findHuge(el, fmt.Sprintf("%s[%d]", path, i)); ok {
				return t, lit, true
			}
		}
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(v)) {
			p := k
			if path != "" {
				p = path + "." + k
			}
			if t, lit, ok := findHuge(v[k], p); ok {
				return t, lit, true
			}
		}
	}
	return "", "", false
}
