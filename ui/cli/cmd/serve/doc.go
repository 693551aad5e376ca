// Package serve holds the long-running doors: the editor itself, serve (the
// sandbox over HTTP, and its team database), ssh and mcp (one file each, in
// the gh shape: Options, NewCmd, run).
package serve
