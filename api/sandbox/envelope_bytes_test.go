package sandbox

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
)

// TestSuccessEnvelopeIsWhatJSONMarshalWrites: the envelope the sandbox
// writes around data it encoded (a stored document of every fixture, a
// wire type with HTML and line separators in its strings) is, byte for
// byte, json.Marshal's api.Envelope: a replayed or compared answer cannot
// tell them apart.
func TestSuccessEnvelopeIsWhatJSONMarshalWrites(t *testing.T) {
	var data [][]byte
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "campaigns", "*.json"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c, err := model.Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		data = append(data, model.Encode(c))
	}
	odd, _ := json.Marshal(map[string]any{"html": "<p>a & b</p>\u2028\u2029", "n": 1.5, "list": []any{nil, true, "é"}})
	data = append(data, odd, []byte(`{"name":"<b>\u2028</b>"}`), []byte(`[]`), nil)
	for _, d := range data {
		for _, typ := range []string{"campaign", ""} {
			want, err := json.Marshal(api.Envelope{ResponseID: "req-<1>", Type: typ, Data: d})
			if err != nil {
				t.Fatal(err)
			}
			if got := envelope("req-<1>", typ, d); !bytes.Equal(got, want) {
				t.Errorf("envelope:\n%s\njson.Marshal:\n%s", got, want)
			}
		}
	}
	if len(data) < 5 {
		t.Fatal("no fixtures")
	}
}

// BenchmarkSuccessEnvelope wraps a 300 KiB preview answer: envelope, and
// json.Marshal of api.Envelope as the sandbox did before.
//
//	go test ./api/sandbox -run '^$' -bench SuccessEnvelope
func BenchmarkSuccessEnvelope(b *testing.B) {
	data, _ := json.Marshal(map[string]any{"personalized_content": map[string]any{"message": "<p>Hi Ana</p>" + strings.Repeat("x", 300<<10)}})
	b.Run("envelope", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			envelope("req-1", "personalization", data)
		}
	})
	b.Run("json.Marshal", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if _, err := json.Marshal(api.Envelope{ResponseID: "req-1", Type: "personalization", Data: data}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
