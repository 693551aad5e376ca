//go:build !unix

package editor

func cpuTime() int64 { return 0 }
