package model

//go:generate go run ./internal/gen
