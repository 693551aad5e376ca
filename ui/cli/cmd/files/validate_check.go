package files

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// expand turns folders into their campaign files (recursively, in lexical
// order, dot-folders such as .git and the bases in .campaigns left out),
// the way diff and apply do: JSON in a folder that is not a campaign is
// skipped, not judged. many: the answer takes the files shape (several
// arguments, or a folder, whatever it holds: scripts get one shape).
func expand(args []string) (files []string, skipped []gitops.Skipped, many bool, err error) {
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

// problem is one finding in validate's JSON.
type problem struct {
	Target  string `json:"target"`
	Message string `json:"message"`
	// plain is the problem in the wording the editor and the inspector
	// show (forms.ProblemLine); a terminal prints it, the path beside.
	plain string
}

// check runs the engine as the options say.
func check(doc *model.Campaign, o *ValidateOptions) []problem {
	eo := engine.Options{Features: o.Features}
	// A file written by campaigns export (or a stored --base) is a record as
	// GET returns it: a published campaign's schedule is in the response
	// form (delivery_type SCHEDULED or PERIODIC, schedule_time…), which the
	// service reads back as the request form. So does validate, or CI's
	// "validate campaigns/ && diff campaigns/" would fail on every export.
	// The read form does not give everything the request form holds (a
	// periodic schedule's date): problems at what it leaves out are the
	// service's to judge (api.Reading.LeaveToService).
	base := o.Base
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
	var problems []engine.Problem
	var refusal *engine.Refusal
	if base == nil {
		problems = engine.Validate(doc, o.Phase, eo)
	} else {
		res := engine.ValidatePatch(base, doc, o.State, eo)
		problems, refusal = res.Problems, res.Refusal
		if refusal == nil && o.Phase == engine.PhasePublish {
			problems = appendNew(problems, engine.Validate(res.Merged, engine.PhasePublish, eo))
		}
	}
	problems = read.LeaveToService(problems)
	errs := []problem{}
	if refusal != nil {
		errs = append(errs, problem{Target: "", Message: refusal.Message})
	}
	for _, p := range problems {
		errs = append(errs, problem{Target: p.Target, Message: p.Message, plain: forms.ProblemLine(p)})
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
