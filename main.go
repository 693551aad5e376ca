// Command campaigns is a terminal editor for Campaigns Service V5 campaigns,
// with an embedded sandbox service, a validator and an SSH server.
//
//	campaigns                 the editor (on the embedded sandbox by default)
//	campaigns serve           the sandbox service over HTTP
//	campaigns validate FILE   the validation engine on a file
//	campaigns ssh             the editor for any SSH client
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
)

// version is set with -ldflags "-X main.version=…"; builds from a checkout
// fall back to the module version.
var version = ""

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `campaigns — a terminal editor for Campaigns Service V5

Usage:
  campaigns [--base-url URL | --dc DC] [--workspace-id ID] [--theme NAME]
  campaigns serve [--addr 127.0.0.1:8787] [--data DIR] [--workspace ID:KEY[:FLAGS]]...
  campaigns validate [--phase create|patch|publish] [--base STORED.json] [--state STATE] [--features LIST] FILE|-
  campaigns ssh [--addr 127.0.0.1:23234] [--host-key PATH] [--authorized-keys PATH]
  campaigns --version

Run "campaigns COMMAND --help" for the flags of a command.
`

// run is the whole program; it returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "serve":
			return runServe(args[1:], stdout, stderr)
		case "validate":
			return runValidate(args[1:], stdin, stdout, stderr)
		case "ssh":
			return runSSH(args[1:], stdout, stderr)
		case "--version", "-version", "version":
			fmt.Fprintln(stdout, "campaigns", versionString())
			return 0
		case "--help", "-help", "-h", "help":
			fmt.Fprint(stdout, usage)
			return 0
		}
		if !strings.HasPrefix(args[0], "-") {
			fmt.Fprintf(stderr, "campaigns: unknown command %q\n\n%s", args[0], usage)
			return 2
		}
	}
	return runEditor(args, stdout, stderr)
}

func versionString() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// --- campaigns (the editor) ----------------------------------------------

func runEditor(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "campaigns: the editor is not built yet")
	return 2
}

// --- campaigns serve ------------------------------------------------------

func runServe(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "campaigns serve: not built yet")
	return 2
}

// --- campaigns validate ---------------------------------------------------

func runValidate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "campaigns validate: not built yet")
	return 2
}

// --- campaigns ssh --------------------------------------------------------

func runSSH(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "campaigns ssh: not built yet")
	return 2
}
