//go:build ignore

// gen_main runs the model's generator (model/internal/gen); it is a
// build-ignored file rather than a main package so that `go install ./...`
// installs the campaigns command only.
package main

import "github.com/campaigns-cli/campaigns/model/internal/gen"

func main() { gen.Main() }
