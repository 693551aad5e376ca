package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
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

type validateError struct {
	Target  string `json:"target"`
	Message string `json:"message"`
	// plain is the problem in the wording the editor and the inspector
	// show (forms.ProblemLine); a terminal prints it, the path beside.
	plain string
}

type validateOptions struct {
	phase    engine.Phase
	base     *model.Campaign
	state    string
	features engine.Features
	summary  bool // a person's summary instead of the JSON (a terminal without --json)
	json     bool // --json: the files shape, even for one file
	verbose  bool // list the JSON files skipped as not campaigns
	output   *outputFlag
}

func newValidateCmd(app *cmdutil.Factory) *cobra.Command {
	var (
		phase    *cmdutil.EnumFlag
		base     cmdutil.PathValue
		state    string
		features string
	)
	cmd := &cobra.Command{
		Use:   "validate FILE|DIR|-...",
		Short: "Run the validation engine on campaign files",
		Long:  validateLong,
		Example: `  campaigns validate testdata/campaigns/push_one_time.json
  campaigns validate --phase create body.json
  campaigns validate --base stored.json --state ACTIVE patch.json
  cat body.json | campaigns validate --features audience_limit -
  campaigns validate testdata/campaigns`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmdutil.CommandLineError(fmt.Errorf("give a FILE, a folder, or - for standard input"))
			}
			return nil
		},
	}
	fs := cmd.Flags()
	phase = cmdutil.AddEnumFlag(cmd, fs, "phase", "publish", []string{"create", "patch", "publish"}, "create, patch or publish: the DRAFT_CREATE, DRAFT_PATCH or DRAFT_PUBLISH rules")
	fs.Var(&base, "base", "a stored campaign (STORED.json): FILE is a patch merged onto it")
	fs.StringVar(&state, "state", model.StatusDraft, "the stored campaign's state, for --base")
	_ = cmd.RegisterFlagCompletionFunc("state", cobra.FixedCompletions(model.Statuses, cobra.ShellCompDirectiveNoFileComp))
	jsonOut := fs.Bool("json", false, "print {\"valid\", \"files\": [...]} (one shape for one file or many),\neven on a terminal")
	output := addOutputFlag(cmd)
	verbose := fs.BoolP("verbose", "v", false, "list the JSON files skipped as not campaigns")
	fs.StringVar(&features, "features", "", "workspace features that are on, comma-separated:\naudience_limit, versioning (default none)")
	_ = cmd.MarkFlagFilename("base", "json")
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		p, _ := engine.ParsePhase(phase.Value())
		opts := validateOptions{phase: p, state: state, summary: cmdutil.IsTerminal(app.Out) && !*jsonOut,
			json: *jsonOut, verbose: *verbose, output: output}
		if err := cmdutil.CheckEnum("state", []string{state}, model.Statuses); err != nil {
			return err
		}
		feats, err := engine.ParseFeatures(features)
		if err != nil {
			return cmdutil.UsageError("--features: %v", err)
		}
		opts.features = feats
		if base.Path != "" {
			if p == engine.PhaseCreate {
				return cmdutil.UsageError("--phase create checks a create body and takes no --base")
			}
			if opts.base, err = readCampaign(base.Path, nil); err != nil {
				return cmdutil.UsageError("--base %v", err)
			}
		}
		return runValidate(app, args, opts)
	}
	return cmd
}

// validateResult is one file's verdict.
type validateResult struct {
	File       string          `json:"file"`
	Valid      bool            `json:"valid"`
	Errors     []validateError `json:"errors"`
	Error      string          `json:"error,omitempty"`       // the file could not be read or parsed
	NotChecked string          `json:"not_checked,omitempty"` // why the engine does not judge it (an SMS campaign)
}

// runValidate checks the files and prints the verdicts: the single-file
// shape for one file (unless --json, which always gives the files shape),
// the files shape for several, or --output json / github.
func runValidate(app *cmdutil.Factory, args []string, opts validateOptions) error {
	files, skipped, many, err := validateFiles(args)
	if err != nil {
		return err
	}
	skippedNote(app.ErrOut, skipped, opts.verbose)
	results := make([]validateResult, 0, len(files))
	code := cmdutil.ExitOK
	for _, f := range files {
		r := validateResult{File: f, Errors: []validateError{}}
		doc, err := readCampaign(f, app.In)
		switch {
		case err != nil:
			r.Error = err.Error()
			fmt.Fprintf(app.ErrOut, "campaigns validate: %s\n", cmdutil.InertBlock(err.Error()))
			code = cmdutil.ExitUsage
		case !engineChecks(doc):
			r.Valid = true
			r.NotChecked = model.Str(doc.Channel) + " campaigns are read-only in V5 (only PUSH and EMAIL can be created or updated), so the engine has no rules for them; not checked"
		default:
			r.Errors = validateDoc(doc, opts)
			r.Valid = len(r.Errors) == 0
			if !r.Valid && code == cmdutil.ExitOK {
				code = cmdutil.ExitRefused
			}
		}
		results = append(results, r)
	}
	if err := printValidate(app, results, many, opts); err != nil {
		return err
	}
	if code != cmdutil.ExitOK {
		return &cmdutil.ExitError{Code: code, Err: cmdutil.ErrSilent}
	}
	return nil
}

// engineChecks: the engine writes rules for PUSH and EMAIL (and judges a
// body without a channel, to say so); other channels are read-only.
func engineChecks(c *model.Campaign) bool {
	ch := model.Str(c.Channel)
	return ch == "" || ch == model.ChannelPush || ch == model.ChannelEmail
}

func printValidate(app *cmdutil.Factory, results []validateResult, many bool, opts validateOptions) error {
	switch {
	case opts.output.json():
		return jsonOrUsage(writeJSON(app.Out, validateReport(results)))
	case opts.output.github():
		validateReport(results).writeGitHub(app.Out, "validate")
		return nil
	case opts.summary:
		sum := make([]validateSummaryFile, len(results))
		for i, f := range results {
			sum[i] = validateSummaryFile{name: f.File, errs: f.Errors, unreadable: f.Error, notChecked: f.NotChecked}
		}
		printValidateSummary(app, sum)
		return nil
	case !many && !opts.json:
		if results[0].Error != "" {
			return cmdutil.UsageError("%s", results[0].Error)
		}
		// The contract's single-file shape (kept for scripts written for it).
		return jsonOrUsage(writeJSON(app.Out, struct {
			Valid      bool            `json:"valid"`
			Errors     []validateError `json:"errors"`
			NotChecked string          `json:"not_checked,omitempty"`
		}{results[0].Valid, results[0].Errors, results[0].NotChecked}))
	}
	out := struct {
		Valid bool             `json:"valid"`
		Files []validateResult `json:"files"`
	}{Valid: true, Files: results}
	for _, r := range results {
		out.Valid = out.Valid && r.Valid
	}
	return jsonOrUsage(writeJSON(app.Out, out))
}

// validateReport is the verdicts as the CI report, each problem placed at
// its value's line and column.
func validateReport(results []validateResult) *ciReport {
	r := newCIReport(nil)
	for _, v := range results {
		f := ciFile{File: v.File, Status: "ok", Reason: v.Error}
		switch {
		case v.Error != "":
			f.Status = "unreadable"
			f.line, f.col = syntaxPosition(v.Error)
		case v.NotChecked != "":
			f.Status, f.Reason = "not_checked", v.NotChecked
		case !v.Valid:
			f.Status = "invalid"
		}
		for _, e := range v.Errors {
			f.Problems = append(f.Problems, ciProblem{Target: e.Target, Message: e.Message})
		}
		f.Problems = locate(v.File, f.Problems)
		r.add(f)
	}
	return r
}

func jsonOrUsage(err error) error {
	if err != nil {
		return cmdutil.UsageError("%v", err)
	}
	return nil
}

// syntaxPosition reads "line L, column C" out of a parse error.
func syntaxPosition(msg string) (line, col int) {
	if i := strings.Index(msg, "line "); i >= 0 {
		fmt.Sscanf(msg[i:], "line %d, column %d", &line, &col)
	}
	return line, col
}

// validateFiles expands folders into their campaign files (recursively, in
// lexical order, dot-folders such as .git and the bases in .campaigns left
// out), the way diff and apply do: JSON in a folder that is not a campaign
// is skipped, not judged. many: the answer takes the files shape (several
// arguments, or a folder, whatever it holds: scripts get one shape).
func validateFiles(args []string) (files []string, skipped []gitops.Skipped, many bool, err error) {
	many = len(args) > 1
	for _, a := range args {
		fi, serr := os.Stat(a)
		if a == "-" || serr != nil || !fi.IsDir() {
			files = append(files, a) // unreadable files are reported when read
			continue
		}
		many = true
		found, sk, errs := gitops.Collect([]string{a})
		skipped = append(skipped, sk...)
		for _, f := range found {
			files = append(files, f.Path)
		}
		for _, e := range errs {
			files = append(files, e.Path) // read again, to be reported with the rest
		}
		if len(found) == 0 && len(errs) == 0 {
			return nil, nil, false, cmdutil.UsageError("%s holds no *.json file that is a campaign", a)
		}
	}
	if slices.Contains(files, "-") && len(slices.DeleteFunc(slices.Clone(files), func(s string) bool { return s != "-" })) > 1 {
		return nil, nil, false, cmdutil.UsageError("standard input (-) can be read only once")
	}
	return files, skipped, many, nil
}

// validateDoc runs the engine as the options say.
func validateDoc(doc *model.Campaign, o validateOptions) []validateError {
	eo := engine.Options{Features: o.features}
	// A file written by campaigns export (or a stored --base) is a record as
	// GET returns it: a published campaign's schedule is in the response
	// form (delivery_type SCHEDULED or PERIODIC, schedule_time…), which the
	// service reads back as the request form. So does validate, or CI's
	// "validate campaigns/ && diff campaigns/" would fail on every export.
	// The read form does not give everything the request form holds (a
	// periodic schedule's date): problems at what it leaves out are the
	// service's to judge (api.Reading.LeaveToService).
	base := o.base
	var read api.Reading
	if base != nil {
		base, read = ops.Read(base, nil)
	}
	if isRecord(doc) {
		var r api.Reading
		doc, r = ops.Read(doc, base)
		read.Missing = append(read.Missing, r.Missing...)
	}
	if isExport(doc) {
		// What the service owns is in every export and in no body: the
		// engine judges the campaign, not the record around it.
		doc = withoutServiceFields(doc)
	}
	o.base = base
	var problems []engine.Problem
	var refusal *engine.Refusal
	if o.base == nil {
		problems = engine.Validate(doc, o.phase, eo)
	} else {
		res := engine.ValidatePatch(o.base, doc, o.state, eo)
		problems, refusal = res.Problems, res.Refusal
		if refusal == nil && o.phase == engine.PhasePublish {
			problems = appendNew(problems, engine.Validate(res.Merged, engine.PhasePublish, eo))
		}
	}
	problems = read.LeaveToService(problems)
	errs := []validateError{}
	if refusal != nil {
		errs = append(errs, validateError{Target: "", Message: refusal.Message})
	}
	for _, p := range problems {
		errs = append(errs, validateError{Target: p.Target, Message: p.Message, plain: forms.ProblemLine(p)})
	}
	return errs
}

// isExport: a record as export writes it (it names its campaign).
func isExport(c *model.Campaign) bool { return c != nil && c.CampaignID != nil }

// withoutServiceFields is the campaign without the fields only the service
// sets; created_by stays, since a create names its author.
func withoutServiceFields(c *model.Campaign) *model.Campaign {
	out := model.WithoutServiceOwned(c)
	out.CreatedBy = c.CreatedBy
	return out
}

// isRecord: a campaign as the service returns it (it has an id and a
// state past DRAFT), not a body written by hand.
func isRecord(c *model.Campaign) bool {
	return c != nil && c.CampaignID != nil && c.Status != nil && *c.Status != model.StatusDraft
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// appendNew adds the problems of more that are not in have yet (same target
// and message), keeping the order.
func appendNew(have, more []engine.Problem) []engine.Problem {
	seen := make(map[[2]string]bool, len(have))
	for _, p := range have {
		seen[[2]string{p.Target, p.Message}] = true
	}
	for _, p := range more {
		if key := [2]string{p.Target, p.Message}; !seen[key] {
			seen[key] = true
			have = append(have, p)
		}
	}
	return have
}

// readCampaign reads and decodes a campaign file ("-" is stdin). Errors name
// the file and, for broken JSON, the line and column.
func readCampaign(name string, stdin io.Reader) (*model.Campaign, error) {
	var data []byte
	var err error
	label := name
	if name == "-" && stdin != nil {
		label = "standard input"
		if data, err = io.ReadAll(io.LimitReader(stdin, gitops.MaxFileBytes+1)); err == nil && len(data) > gitops.MaxFileBytes {
			err = errors.New("more than the service's 1 MiB body limit; not read")
		}
		if err == nil {
			data, err = gitops.CheckText(data)
		}
	} else {
		data, err = gitops.ReadFile(name) // regular files only, bounded, UTF-8
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", label, err)
	}
	tree, err := model.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", label, err)
	}
	if _, ok := tree.(map[string]any); !ok {
		return nil, fmt.Errorf("%s: the document must be a JSON object (a campaign), not %s", label, api.JSONKind(tree))
	}
	var c model.Campaign
	if err := model.FromTree(tree, &c); err != nil {
		return nil, fmt.Errorf("%s: %w", label, err)
	}
	return &c, nil
}
