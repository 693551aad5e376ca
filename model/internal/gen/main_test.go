package main

import (
	"bytes"
	"os"
	"testing"
)

// TestJSONGenIsCurrent fails when campaign.go gained or lost a type and
// json_gen.go was not regenerated.
func TestJSONGenIsCurrent(t *testing.T) {
	want, err := Generate("../../campaign.go")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../json_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, got) {
		t.Fatal("model/json_gen.go is out of date: run go generate ./model")
	}
}
