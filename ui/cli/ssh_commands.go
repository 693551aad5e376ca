package cli

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/ssh"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/sshserver"
)

// sshCommands runs the reading commands a visitor gives over SSH (`ssh
// host get ID`; sshserver.CheckCommand has let only those through) as the
// command line runs them, against the visitor's own workspace: the
// service is preset, so no flag can choose another. validate ID checks the
// campaign the service holds, as `campaigns validate` checks a file.
func sshCommands(open sshserver.WorkspaceFunc, readOnly bool) sshserver.CommandFunc {
	return func(sess ssh.Session, args []string, stdout, stderr io.Writer) int {
		ws, err := open(sess)
		if err != nil {
			fmt.Fprintf(stderr, "campaigns: your workspace could not be opened: %v\n", err)
			return exitError2
		}
		if ws.Close != nil {
			defer ws.Close()
		}
		env := map[string]string{}
		for _, kv := range sess.Environ() {
			if k, v, ok := strings.Cut(kv, "="); ok && (k == "NO_COLOR" || k == "TZ") {
				env[k] = v
			}
		}
		app := &cmdutil.Factory{IOStreams: &cmdutil.IOStreams{In: strings.NewReader(""), Out: stdout, ErrOut: stderr, Getenv: func(k string) string { return env[k] }},
			Ctx: sess.Context(),
			Preset: &cmdutil.Service{Client: ws.Client, Label: "workspace " + ws.ID, Workspace: ws.ID, ReadOnly: readOnly,
				Close: func() error { return nil }}}
		if args[0] == "validate" {
			return validateRecord(app, args)
		}
		return execute(app, args)
	}
}

// exitError2 is the exit status of an error before any command ran.
const exitError2 = 2

// validateRecord is `validate ID` over SSH: the record as the service
// returns it, through `validate -` (the same engine, output and exit
// status as for a file).
func validateRecord(app *cmdutil.Factory, args []string) int {
	var id string
	var rest []string
	for _, a := range args[1:] {
		if strings.HasPrefix(a, "-") {
			rest = append(rest, a)
		} else {
			id = a
		}
	}
	if id == "" {
		return execute(app, append([]string{"validate", "--help"}, rest...))
	}
	raw, err := app.Preset.Client.GetRaw(app.Context(), id)
	if err != nil {
		fmt.Fprintf(app.ErrOut, "campaigns: campaign %s: %v\n", id, err)
		return exitError2
	}
	app.In = bytes.NewReader(raw)
	return execute(app, append([]string{"validate", "-"}, rest...))
}
