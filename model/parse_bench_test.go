package model

import (
	"os"
	"testing"
)

// BenchmarkParse compares the two ways Parse reads a typical request body
// (the event-triggered fixture, 2 KB): parseFast, and encoding/json, which
// reads the documents parseFast declines. The numbers are cited in
// parse_fast.go's comment.
func BenchmarkParse(b *testing.B) {
	body, err := os.ReadFile("../testdata/campaigns/push_event_triggered.json")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("fast", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			if _, ok := parseFast(body); !ok {
				b.Fatal("the fixture is not on the fast way")
			}
		}
	})
	b.Run("encoding_json", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			if _, err := parseJSON(body); err != nil {
				b.Fatal(err)
			}
		}
	})
}
