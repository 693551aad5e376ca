package serve

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	gliderssh "github.com/charmbracelet/ssh"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/sshserver"
)

// Commands runs the reading commands a visitor gives over SSH (`ssh host
// get ID`; sshserver.CheckCommand has let only those through) as the
// command line runs them (exec), against the visitor's own workspace: the
// service is preset, so no flag can choose another. validate ID checks the
// campaign the service holds, as `campaigns validate` checks a file.
func Commands(exec func(*cmdutil.Factory, []string) int, open sshserver.WorkspaceFunc, readOnly bool) sshserver.CommandFunc {
	return func(sess gliderssh.Session, args []string, stdout, stderr io.Writer) int {
		ws, err := open(sess)
		if err != nil {
			fmt.Fprintf(stderr, "campaigns: your workspace could not be opened: %v\n", err)
			return cmdutil.ExitUsage
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
		f := &cmdutil.Factory{
			IOStreams: &cmdutil.IOStreams{In: strings.NewReader(""), Out: stdout, ErrOut: stderr, Getenv: func(k string) string { return env[k] }},
			Ctx:       sess.Context(),
			Preset: &cmdutil.Service{Client: ws.Client, Label: "workspace " + ws.ID, Workspace: ws.ID, ReadOnly: readOnly,
				Close: func() error { return nil }},
		}
		if args[0] != "validate" {
			return exec(f, args)
		}
		return validateRecord(exec, f, args)
	}
}

// validateRecord is `validate ID` over SSH: the record as the service
// returns it, through `validate -` (the same engine, output and exit
// status as for a file).
func validateRecord(exec func(*cmdutil.Factory, []string) int, f *cmdutil.Factory, args []string) int {
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
		return exec(f, append([]string{"validate", "--help"}, rest...))
	}
	raw, err := f.Preset.Client.GetRaw(f.Context(), id)
	if err != nil {
		fmt.Fprintf(f.ErrOut, "campaigns: campaign %s: %v\n", id, err)
		return cmdutil.ExitUsage
	}
	f.In = bytes.NewReader(raw)
	return exec(f, append([]string{"validate", "-"}, rest...))
}
