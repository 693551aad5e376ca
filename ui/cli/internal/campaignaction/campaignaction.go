// Package campaignaction is what the commands that act on one campaign
// (status ACTION, publish, test) share: reading it through the core,
// putting the core's refusal into words, and saying the new status.
package campaignaction

import (
	"errors"
	"fmt"
	"strings"

	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// Action is one action on one campaign: the service, the core the write
// goes through, and the campaign as read before it.
type Action struct {
	Svc      *cmdutil.Service
	Core     *ops.Core
	Campaign *model.Campaign
}

// Begin opens the service the flags select for a write (a read-only
// profile is refused before anything is sent), with a core checking with
// the features (nil: none), and reads campaign id through it.
func Begin(flags *cmdutil.ServiceFlags, features *cmdutil.FeaturesFlag, id string) (*Action, error) {
	svc, err := flags.ConnectWrite()
	if err != nil {
		return nil, err
	}
	var feats engine.Features
	if features != nil {
		if feats, err = features.Resolve(svc); err != nil {
			return nil, err
		}
	}
	a := &Action{Svc: svc, Core: svc.Core(feats)}
	if a.Campaign, _, err = a.Core.Get(flags.Context(), id); err != nil {
		return nil, cmdutil.ServiceError(svc, err)
	}
	return a, nil
}

// Name is the campaign's name, for a question.
func (a *Action) Name() string {
	if a.Campaign.BasicDetails == nil {
		return ""
	}
	return model.Str(a.Campaign.BasicDetails.Name)
}

// Refused is a refusal of the core (exit 1, every problem named) or the
// service's answer.
func (a *Action) Refused(err error) error {
	var rf *ops.Refused
	if !errors.As(err, &rf) {
		return cmdutil.ServiceError(a.Svc, err)
	}
	var b strings.Builder
	b.WriteString("refused before sending: " + rf.Reason)
	if len(rf.Problems) > 0 {
		fmt.Fprintf(&b, " (%d problem(s)):", len(rf.Problems))
	}
	for _, p := range rf.Problems {
		fmt.Fprintf(&b, "\n  %s: %s", cmdutil.OrRoot(p.Target), p.Message)
	}
	return cmdutil.RefusedError(errors.New(b.String()))
}

// Answer is what status and publish print with --json: the outcome and
// where it happened (service, workspace).
type Answer struct {
	ops.Target
	CampaignID string `json:"campaign_id"`
	Name       string `json:"name"`
	Action     string `json:"action"`
	From       string `json:"from"`
	Status     string `json:"status"`
	UpdatedBy  string `json:"updated_by,omitempty"`
}

// Report prints the new status and where it changed.
func Report(io *cmdutil.IOStreams, res ops.Result, action string, asJSON bool) error {
	a := Answer{Target: res.Target, CampaignID: res.CampaignID, Name: res.Name, Action: action, From: res.From, Status: res.Status, UpdatedBy: res.UpdatedBy}
	if asJSON {
		return cmdutil.PrintJSON(io.Out, a)
	}
	st := io.OutStyles()
	fmt.Fprintf(io.Out, "%s %s: %s → %s, in %s\n", st.OK.Render("✓"), common.Clean(a.Name), st.Status(a.From).Render(cmdutil.Inert(a.From)), st.Status(a.Status).Render(cmdutil.Inert(a.Status)), res.Target)
	return nil
}
