// This file is `campaigns validate`: the validation engine on
// campaign files, with no service (decisions.md §5).

package files

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/campaignfiles"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/cireport"
)

const validateLong = `Runs the validation engine on campaign files ("-" reads standard input) and
prints {"valid": bool, "errors": [{"target": ..., "message": ...}]}.

With several FILEs or a folder (every *.json inside, recursively) it prints
{"valid": bool, "files": [{"file": PATH, "valid": bool, "errors": [...]}]}.

--base names a stored campaign: FILE is then a component-update body merged
onto it, and the edit restrictions of --state apply; with --phase publish the
merged campaign is also publish-checked. In STOPPED, ARCHIVED or SENT no edit
is allowed and the refusal is reported as an error with the empty target "".

Exit status: 0 valid, 1 invalid, 2 unreadable input or bad usage.`

// ValidateOptions are validate's flags and arguments, checked.
type ValidateOptions struct {
	IO       *cmdutil.IOStreams
	Files    []string
	Phase    engine.Phase
	Base     *model.Campaign // --base read; nil: FILE is a whole campaign
	State    string
	Features engine.Features
	// Summary: a person's summary instead of the JSON (a terminal
	// without --json).
	Summary bool
	JSON    bool // --json: the files shape, even for one file
	Verbose bool // list the JSON files skipped as not campaigns
	Output  string
}

// validateDoc is what `campaigns validate --help` says.
var validateDoc = cmdutil.Doc{
	Use:   "validate FILE|DIR|-...",
	Short: "Run the validation engine on campaign files",
	Long:  validateLong,
	Example: `  campaigns validate testdata/campaigns/push_one_time.json
  campaigns validate --phase create body.json
  campaigns validate --base stored.json --state ACTIVE patch.json
  cat body.json | campaigns validate --features audience_limit -
  campaigns validate testdata/campaigns`,
}

// NewCmdValidate builds `campaigns validate`; runF, when set, receives the checked
// options instead of runValidate (tests).
func NewCmdValidate(f *cmdutil.Factory, runF func(*ValidateOptions) error) *cobra.Command {
	opts := &ValidateOptions{IO: f.IOStreams}
	var (
		base     cmdutil.PathValue
		features string
	)
	cmd := validateDoc.Command(checkArgs)
	fs := cmd.Flags()
	phase := cmdutil.AddEnumFlag(cmd, fs, "phase", "publish", []string{"create", "patch", "publish"}, "create, patch or publish: the DRAFT_CREATE, DRAFT_PATCH or DRAFT_PUBLISH rules")
	fs.Var(&base, "base", "a stored campaign (STORED.json): FILE is a patch merged onto it")
	fs.StringVar(&opts.State, "state", model.StatusDraft, "the stored campaign's state, for --base")
	_ = cmd.RegisterFlagCompletionFunc("state", cobra.FixedCompletions(model.Statuses, cobra.ShellCompDirectiveNoFileComp))
	fs.BoolVar(&opts.JSON, "json", false, "print {\"valid\", \"files\": [...]} (one shape for one file or many),\neven on a terminal")
	output := cireport.AddOutputFlag(cmd)
	fs.BoolVarP(&opts.Verbose, "verbose", "v", false, "list the JSON files skipped as not campaigns")
	fs.StringVar(&features, "features", "", "workspace features that are on, comma-separated:\naudience_limit, versioning (default none)")
	_ = cmd.MarkFlagFilename("base", "json")
	cmd.RunE = cmdutil.RunE(opts, func(args []string) error {
		opts.Files, opts.Output = args, output.Value()
		opts.Phase, _ = engine.ParsePhase(phase.Value())
		opts.Summary = opts.IO.IsStdoutTTY() && !opts.JSON
		if err := cmdutil.CheckEnum("state", []string{opts.State}, model.Statuses); err != nil {
			return err
		}
		feats, err := engine.ParseFeatures(features)
		if err != nil {
			return cmdutil.UsageError("--features: %v", err)
		}
		opts.Features = feats
		if base.Path != "" {
			if opts.Phase == engine.PhaseCreate {
				return cmdutil.UsageError("--phase create checks a create body and takes no --base")
			}
			if opts.Base, err = readCampaign(base.Path, nil); err != nil {
				return cmdutil.UsageError("--base %v", err)
			}
		}
		return nil
	}, runF, runValidate)
	return cmd
}

// checkArgs asks for at least one FILE, folder or "-".
func checkArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return cmdutil.CommandLineError(fmt.Errorf("give a FILE, a folder, or - for standard input"))
	}
	return nil
}

// validation is one file's verdict.
type validation struct {
	File       string    `json:"file"`
	Valid      bool      `json:"valid"`
	Errors     []problem `json:"errors"`
	Error      string    `json:"error,omitempty"`       // the file could not be read or parsed
	NotChecked string    `json:"not_checked,omitempty"` // why the engine does not judge it (an SMS campaign)
}

// run checks the files and prints the verdicts: the single-file shape for
// one file (unless --json, which always gives the files shape), the files
// shape for several, or --output json / github.
func runValidate(opts *ValidateOptions) error {
	files, skipped, many, err := expand(opts.Files)
	if err != nil {
		return err
	}
	campaignfiles.SkippedNote(opts.IO.ErrOut, skipped, opts.Verbose)
	results := make([]validation, 0, len(files))
	code := cmdutil.ExitOK
	for _, f := range files {
		r := validation{File: f, Errors: []problem{}}
		doc, err := readCampaign(f, opts.IO.In)
		switch {
		case err != nil:
			r.Error = err.Error()
			fmt.Fprintf(opts.IO.ErrOut, "campaigns validate: %s\n", cmdutil.InertBlock(err.Error()))
			code = cmdutil.ExitUsage
		case !engineChecks(doc):
			r.Valid = true
			r.NotChecked = model.Str(doc.Channel) + " campaigns are read-only in V5 (only PUSH and EMAIL can be created or updated), so the engine has no rules for them; not checked"
		default:
			r.Errors = check(doc, opts)
			r.Valid = len(r.Errors) == 0
			if !r.Valid && code == cmdutil.ExitOK {
				code = cmdutil.ExitRefused
			}
		}
		results = append(results, r)
	}
	if err := show(opts, results, many); err != nil {
		return err
	}
	return cireport.Exit(code == cmdutil.ExitUsage, code == cmdutil.ExitRefused)
}

// engineChecks: the engine writes rules for PUSH and EMAIL (and judges a
// body without a channel, to say so); other channels are read-only.
func engineChecks(c *model.Campaign) bool {
	ch := model.Str(c.Channel)
	return ch == "" || ch == model.ChannelPush || ch == model.ChannelEmail
}

func show(opts *ValidateOptions, results []validation, many bool) error {
	out := opts.IO.Out
	if printed, err := ciReport(results).Print(out, opts.Output, "validate"); printed {
		return cmdutil.AsUsage(err)
	}
	switch {
	case opts.Summary:
		printSummary(opts.IO, results)
		return nil
	case !many && !opts.JSON:
		if results[0].Error != "" {
			return cmdutil.UsageError("%s", results[0].Error)
		}
		// The contract's single-file shape (kept for scripts written for it).
		return cmdutil.AsUsage(cmdutil.PrintJSON(out, struct {
			Valid      bool      `json:"valid"`
			Errors     []problem `json:"errors"`
			NotChecked string    `json:"not_checked,omitempty"`
		}{results[0].Valid, results[0].Errors, results[0].NotChecked}))
	}
	all := struct {
		Valid bool         `json:"valid"`
		Files []validation `json:"files"`
	}{Valid: true, Files: results}
	for _, r := range results {
		all.Valid = all.Valid && r.Valid
	}
	return cmdutil.AsUsage(cmdutil.PrintJSON(out, all))
}

// ciReport is the verdicts as the CI report, each problem placed at its
// value's line and column.
func ciReport(results []validation) *cireport.Report {
	r := cireport.New("", "")
	for _, v := range results {
		f := cireport.File{File: v.File, Status: "ok", Reason: v.Error}
		switch {
		case v.Error != "":
			f.Status = "unreadable"
			f.At(syntaxPosition(v.Error))
		case v.NotChecked != "":
			f.Status, f.Reason = "not_checked", v.NotChecked
		case !v.Valid:
			f.Status = "invalid"
		}
		for _, e := range v.Errors {
			f.Problems = append(f.Problems, cireport.Problem{Target: e.Target, Message: e.Message})
		}
		f.Problems = cireport.Locate(v.File, f.Problems)
		r.Add(f)
	}
	return r
}

// syntaxPosition reads "line L, column C" out of a parse error.
func syntaxPosition(msg string) (line, col int) {
	if i := strings.Index(msg, "line "); i >= 0 {
		fmt.Sscanf(msg[i:], "line %d, column %d", &line, &col)
	}
	return line, col
}
