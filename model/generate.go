package model

//go:generate go run gen_main.go
