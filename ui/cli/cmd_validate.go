package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
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
}

type validateOptions struct {
	phase    engine.Phase
	base     *model.Campaign
	state    string
	features engine.Features
	summary  bool // a person's summary instead of the JSON (a terminal without --json)
}

func newValidateCmd(app *appContext) *cobra.Command {
	var (
		phase    = &flagEnum{name: "phase", value: "publish", allowed: []string{"create", "patch", "publish"}}
		base     pathValue
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
				return commandLineError(fmt.Errorf("give a FILE, a folder, or - for standard input"))
			}
			return nil
		},
	}
	fs := cmd.Flags()
	fs.Var(phase, "phase", "create, patch or publish: the DRAFT_CREATE, DRAFT_PATCH or DRAFT_PUBLISH rules")
	_ = cmd.RegisterFlagCompletionFunc("phase", cobra.FixedCompletions(phase.allowed, cobra.ShellCompDirectiveNoFileComp))
	fs.Var(&base, "base", "a stored campaign (STORED.json): FILE is a patch merged onto it")
	fs.StringVar(&state, "state", model.StatusDraft, "the stored campaign's state, for --base")
	_ = cmd.RegisterFlagCompletionFunc("state", cobra.FixedCompletions(model.Statuses, cobra.ShellCompDirectiveNoFileComp))
	jsonOut := fs.Bool("json", false, "print the JSON of the contract even on a terminal\n(it is always printed when the output is not a terminal)")
	fs.StringVar(&features, "features", "", "workspace features that are on, comma-separated:\naudience_limit, versioning (default none)")
	_ = cmd.MarkFlagFilename("base", "json")
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		p, _ := engine.ParsePhase(phase.value)
		opts := validateOptions{phase: p, state: state, summary: isTerminal(app.Out) && !*jsonOut}
		if err := checkEnum("state", []string{state}, model.Statuses); err != nil {
			return err
		}
		feats, err := engine.ParseFeatures(features)
		if err != nil {
			return usageError("--features: %v", err)
		}
		opts.features = feats
		if base.path != "" {
			if p == engine.PhaseCreate {
				return usageError("--phase create checks a create body and takes no --base")
			}
			if opts.base, err = readCampaign(base.path, nil); err != nil {
				return usageError("--base %v", err)
			}
		}
		return runValidate(app, args, opts)
	}
	return cmd
}

// runValidate checks one file (the single-file shape) or several (the
// files shape), printing the JSON of the contract on stdout.
func runValidate(app *appContext, args []string, opts validateOptions) error {
	files, many, err := validateFiles(args)
	if err != nil {
		return err
	}
	if !many {
		doc, err := readCampaign(files[0], app.In)
		if err != nil {
			return usageError("%v", err)
		}
		errs := validateDoc(doc, opts)
		if opts.summary {
			printValidateSummary(app, []validateSummaryFile{{name: files[0], errs: errs}})
		} else if err := writeJSON(app.Out, struct {
			Valid  bool            `json:"valid"`
			Errors []validateError `json:"errors"`
		}{len(errs) == 0, errs}); err != nil {
			return usageError("%v", err)
		}
		if len(errs) > 0 {
			return &exitError{Code: exitRefused, Err: errSilent}
		}
		return nil
	}
	type fileResult struct {
		File   string          `json:"file"`
		Valid  bool            `json:"valid"`
		Errors []validateError `json:"errors"`
		Error  string          `json:"error,omitempty"` // the file could not be read or parsed
	}
	out := struct {
		Valid bool         `json:"valid"`
		Files []fileResult `json:"files"`
	}{Valid: true, Files: []fileResult{}}
	code := exitOK
	for _, f := range files {
		r := fileResult{File: f, Errors: []validateError{}}
		doc, err := readCampaign(f, app.In)
		if err != nil {
			r.Error = err.Error()
			fmt.Fprintf(app.Err, "campaigns validate: %v\n", err)
			code = exitUsage
		} else {
			r.Errors = validateDoc(doc, opts)
			r.Valid = len(r.Errors) == 0
			if !r.Valid && code == exitOK {
				code = exitRefused
			}
		}
		out.Valid = out.Valid && r.Valid
		out.Files = append(out.Files, r)
	}
	if opts.summary {
		sum := make([]validateSummaryFile, len(out.Files))
		for i, f := range out.Files {
			sum[i] = validateSummaryFile{name: f.File, errs: f.Errors, unreadable: f.Error}
		}
		printValidateSummary(app, sum)
	} else if err := writeJSON(app.Out, out); err != nil {
		return usageError("%v", err)
	}
	if code != exitOK {
		return &exitError{Code: code, Err: errSilent}
	}
	return nil
}

// validateFiles expands folders into their *.json files (recursively, in
// lexical order). many: the answer takes the files shape (several
// arguments, or a folder, whatever it holds: scripts get one shape).
func validateFiles(args []string) (files []string, many bool, err error) {
	many = len(args) > 1
	for _, a := range args {
		fi, serr := os.Stat(a)
		if a == "-" || serr != nil || !fi.IsDir() {
			files = append(files, a) // unreadable files are reported when read
			continue
		}
		many = true
		var found []string
		werr := filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".json") {
				found = append(found, p)
			}
			return nil
		})
		if werr != nil {
			return nil, false, usageError("cannot read %s: %v", a, werr)
		}
		if len(found) == 0 {
			return nil, false, usageError("%s holds no *.json file", a)
		}
		files = append(files, found...)
	}
	if slices.Contains(files, "-") && len(slices.DeleteFunc(slices.Clone(files), func(s string) bool { return s != "-" })) > 1 {
		return nil, false, usageError("standard input (-) can be read only once")
	}
	return files, many, nil
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
		errs = append(errs, validateError{Target: p.Target, Message: p.Message})
	}
	return errs
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
		data, err = io.ReadAll(stdin)
	} else {
		if fi, serr := os.Stat(name); serr == nil && fi.IsDir() {
			return nil, fmt.Errorf("%s is a folder, not a campaign file", name)
		}
		data, err = os.ReadFile(name)
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
