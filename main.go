// Command campaigns is a terminal editor for Campaigns Service V5 campaigns,
// with an embedded sandbox service, a validator, an SSH server and commands
// for scripts. The command tree lives in ui/cli; this file only runs it.
//
//	campaigns                 the editor (on the embedded sandbox by default)
//	campaigns serve           the sandbox service over HTTP
//	campaigns validate FILE   the validation engine on files
//	campaigns ssh             the editor for any SSH client
//	campaigns auth …          profiles: saved services and their keys
//	campaigns list|get|meta   reading, for scripts (--json, --jq)
//	campaigns status|publish|test   acting, for scripts (--yes)
//	campaigns export|diff|apply     campaigns as files in git
//	campaigns mcp             the Model Context Protocol for AI assistants
package main

import (
	"os"

	"github.com/campaigns-cli/campaigns/ui/cli"
)

// version is stamped by release builds: go build -ldflags "-X main.version=v1.2.3".
var version = ""

func main() {
	cli.Version = version
	os.Exit(cli.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
