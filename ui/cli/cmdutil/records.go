package cmdutil

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// PrintRaw pretty-prints JSON as the service sent it (key order, numbers
// and all).
func PrintRaw(w io.Writer, raw []byte) error {
	var out bytes.Buffer
	if err := json.Indent(&out, raw, "", "  "); err != nil {
		return UsageError("the service's answer is not JSON: %v", err)
	}
	out.WriteByte('\n')
	_, err := w.Write(out.Bytes())
	return err
}

// PrintRawArray prints records as one pretty JSON array, each record's keys
// in the service's order.
func PrintRawArray(w io.Writer, raws []json.RawMessage) error {
	var b bytes.Buffer
	b.WriteByte('[')
	for i, r := range raws {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(r)
	}
	b.WriteByte(']')
	return PrintRaw(w, b.Bytes())
}

// Str is a record's value as text: "" for none.
func Str(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

// NameOf is a campaign record's name (basic_details.name), "" for none.
func NameOf(r map[string]any) string {
	if b, ok := r["basic_details"].(map[string]any); ok {
		return Str(b["name"])
	}
	return ""
}
