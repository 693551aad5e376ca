package gitops

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"

	"github.com/google/uuid"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
)

// Outcome is what happened to one file in Apply.
type Outcome struct {
	Plan
	// Sent is true when a request changed the service.
	Sent bool
	// NewID is the campaign_id of a created draft.
	NewID string
	// Err is a failure after the plan: the service refused, or the file
	// could not be rewritten.
	Err error
}

// Apply sends one plan: the PATCH of the changed components or the create,
// paced. Afterwards the file is rewritten with the service's record (for a
// create that writes the new campaign_id in), so the next diff is clean and
// a second apply sends nothing. Plans that are not a patch or a create are
// returned as they are.
func (pl *Planner) Apply(ctx context.Context, p Plan) Outcome {
	out := Outcome{Plan: p}
	switch p.Action {
	case ActionPatch:
		patch := new(model.Campaign)
		_ = model.FromTree(p.Body, patch)
		// An exported record shows a published campaign's schedule in the
		// response form; a PATCH never carries it back.
		stored := new(model.Campaign)
		if p.Service != nil {
			_ = model.FromTree(p.Service, stored)
		}
		patch = api.WriteForm(patch, api.WriteForm(stored, nil))
		ctx := api.WithIdempotencyKey(ctx, p.RequestID)
		err := pl.pacer().Do(ctx, ClassUpdate, func(ctx context.Context) error {
			// With the ETag of the record the plan compared against, the
			// service refuses (412) when someone changed it since.
			if ts, ok := pl.Service.(taggedService); ok && p.ETag != "" {
				_, _, err := ts.PatchTagged(ctx, p.CampaignID, patch, p.ETag)
				return err
			}
			_, err := pl.Service.Patch(ctx, p.CampaignID, patch)
			return err
		})
		if err != nil {
			out.Err = refusal(&out.Plan, err)
			return out
		}
		out.Sent = true
		out.NewID = p.CampaignID
	case ActionCreate:
		body := new(model.Campaign)
		_ = model.FromTree(p.Body, body)
		ctx := api.WithIdempotencyKey(ctx, p.RequestID)
		var res api.CreateResult
		err := pl.pacer().Do(ctx, ClassCreate, func(ctx context.Context) error {
			var err error
			res, err = pl.Service.Create(ctx, body)
			return err
		})
		if err != nil {
			out.Err = refusal(&out.Plan, err)
			return out
		}
		out.Sent = true
		out.NewID = res.ID
	default:
		return out
	}
	rec, err := pl.Fetch(ctx, out.NewID)
	if err == nil {
		err = Save(p.File.Path, rec)
	}
	if err == nil {
		err = SaveBase(p.File.Path, rec)
	}
	if err != nil {
		out.Err = fmt.Errorf("sent, but the file was not updated with the service's record (%w); export it again before the next apply", err)
		return out
	}
	p.File.Tree = rec
	out.Service = rec
	return out
}

// refusal turns a failed send into the plan's verdict: the service's
// refusal, a conflict (412), or an error.
func refusal(p *Plan, err error) error {
	var ae *api.Error
	if errors.As(err, &ae) {
		for _, d := range ae.Details {
			p.Problems = append(p.Problems, problem(d))
		}
		switch {
		case ae.Status == http.StatusPreconditionFailed:
			p.Action = ActionConflict
			p.Conflicts = Names(p.Changes)
			p.Problems = nil
			p.Reason = "the campaign changed on the service after it was compared (412); run diff again: " + err.Error()
			return err
		case ae.Status >= 400 && ae.Status < 500 && ae.Status != http.StatusTooManyRequests:
			p.Action = ActionRefused
		default:
			p.Action = ActionError
		}
	} else {
		p.Action = ActionError
	}
	p.Reason = err.Error()
	return err
}

// stableUUID is a version-4-shaped UUID derived from the file, the body and
// the version of the record it applies to. The same send of the same file
// onto the same version always carries the same request_id and
// Idempotency-Key: a re-run after a crash between the send and the
// write-back gets the service's stored answer instead of a second draft,
// while the same body onto a newer version is a new request.
func stableUUID(path string, body []byte, base string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	sum := sha256.Sum256(append([]byte(abs+"\x00"+base+"\x00"), body...))
	var u uuid.UUID
	copy(u[:], sum[:16])
	u[6] = u[6]&0x0f | 0x40 // version 4
	u[8] = u[8]&0x3f | 0x80 // RFC 4122 variant
	return u.String()
}
