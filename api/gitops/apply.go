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
	"github.com/campaigns-cli/campaigns/api/ops"
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

	// record is the service's record after a PATCH, made from the record
	// read before it and the body sent (see written); nil: read it back.
	record map[string]any
}

// Apply sends one plan (see ApplyAll).
func (pl *Planner) Apply(ctx context.Context, p Plan) Outcome {
	return pl.ApplyAll(ctx, []Plan{p}, nil)[0]
}

// ApplyAll sends the plans that are a patch or a create, in order, paced;
// each is told to each (nil: no one) when done, and a false answer stops
// the run (the rest are left unsent). Afterwards the files sent are
// rewritten with the service's records, and their bases with them, so the
// next diff is clean and a second apply sends nothing: a patched record is
// made from the record read before the PATCH and the body sent (no read);
// created drafts are read back by search 15 at a time (GET where search
// does not answer whole). N files so cost at most ⌈N/15⌉ + (changed files)
// reads. Plans that are neither are returned as they are.
func (pl *Planner) ApplyAll(ctx context.Context, plans []Plan, each func(i int, o Outcome) bool) []Outcome {
	outs := make([]Outcome, len(plans))
	for i, p := range plans {
		outs[i] = Outcome{Plan: p}
	}
	for i, p := range plans {
		if p.Action != ActionPatch && p.Action != ActionCreate {
			continue
		}
		outs[i] = pl.send(ctx, p)
		if each != nil && !each(i, outs[i]) {
			break
		}
	}
	pl.settle(ctx, outs)
	return outs
}

// send makes one plan's request. A patch planned against a record read by
// search (which carries no ETag) reads the campaign by GET first: a change
// since the comparison is a conflict, and the PATCH goes with If-Match.
func (pl *Planner) send(ctx context.Context, p Plan) Outcome {
	out := Outcome{Plan: p}
	ctx = api.WithIdempotencyKey(ctx, p.RequestID)
	body := new(model.Campaign)
	_ = model.FromTree(p.Body, body) // the body came from a JSON tree
	switch p.Action {
	case ActionPatch:
		fresh, etag := p.Service, p.ETag
		if etag == "" {
			// Compared against a record read by search (no ETag): read it
			// again, and refuse when it changed since the comparison.
			var err error
			if fresh, etag, err = pl.fetch(ctx, p.CampaignID); err != nil {
				out.Err = refusal(&out.Plan, err)
				return out
			}
			if !equal(components(fresh), components(p.Service)) || str(fresh["status"]) != p.State {
				out.Action, out.Conflicts = ActionConflict, Names(p.Changes)
				out.Reason = "the campaign changed on the service (updated_at " + str(fresh["updated_at"]) + ") after it was compared; run again"
				return out
			}
		}
		stored := new(model.Campaign)
		_ = model.FromTree(fresh, stored)
		// With the ETag of the record the plan compared against, the
		// service refuses (412) when someone changed it since.
		res, err := pl.Core.Update(ctx, p.CampaignID, body, ops.UpdateOptions{Force: pl.Force, Stored: stored, ETag: etag})
		if err != nil {
			out.Err = refusal(&out.Plan, err)
			return out
		}
		out.Sent, out.NewID = true, p.CampaignID
		out.record, _ = written(stored, res.Sent, res.ID)
	case ActionCreate:
		id, err := pl.create(ctx, p)
		if err != nil {
			out.Err = refusal(&out.Plan, err)
			return out
		}
		out.Sent, out.NewID = true, id
	}
	return out
}

// settle rewrites the files (and bases) of the sent outcomes with the
// service's records: the ones written made, the others (creates) read back
// by search.
func (pl *Planner) settle(ctx context.Context, outs []Outcome) {
	var ids []string
	for _, o := range outs {
		if o.Sent && o.record == nil {
			ids = append(ids, o.NewID)
		}
	}
	pl.Forget()
	var perr error
	if len(ids) > 0 {
		perr = pl.Prefetch(ctx, ids)
	}
	for i := range outs {
		o := &outs[i]
		if !o.Sent {
			continue
		}
		rec := o.record
		var err error
		if rec == nil {
			if rec, _, err = pl.record(ctx, o.NewID); err != nil && perr != nil {
				err = perr
			}
		}
		if err == nil {
			err = Save(o.File.Path, rec)
		}
		if err == nil {
			err = SaveBase(o.File.Path, rec)
		}
		if err == nil {
			removePending(o.File.Path) // the file knows its campaign now
		}
		if err != nil {
			o.Err = fmt.Errorf("sent, but the file was not updated with the service's record (%w); export it again before the next apply", err)
			continue
		}
		o.File.Tree = rec
		o.Service = rec
	}
	pl.Forget()
}

// create sends plan p's create, once: a re-run of a create that was sent
// before (its note beside the file) looks for the draft it made first, and
// so does a create whose answer comes back without the draft's id (the
// service no longer kept it).
func (pl *Planner) create(ctx context.Context, p Plan) (string, error) {
	now := pl.Core.Pacer().Clock.Now()
	if note, ok := readPending(p.File.Path); ok && note.RequestID == p.RequestID {
		id, err := pl.findCreated(ctx, p, note.SentAt)
		if err != nil || id != "" {
			return id, err
		}
	}
	if err := writePending(p.File.Path, pendingCreate{RequestID: p.RequestID, SentAt: now}); err != nil {
		return "", fmt.Errorf("cannot note the create beside the file: %w", err)
	}
	body := new(model.Campaign)
	_ = model.FromTree(p.Body, body)
	res, err := pl.Core.Create(api.WithIdempotencyKey(ctx, p.RequestID), body)
	var ae *api.Error
	var rf *ops.Refused
	switch {
	case errors.As(err, &rf),
		errors.As(err, &ae) && ae.Status >= 400 && ae.Status < 500 && ae.Status != http.StatusTooManyRequests:
		removePending(p.File.Path) // refused: nothing was created
		return "", err
	case err != nil:
		return "", err // the outcome is unknown: the note stays for the re-run
	case res.CampaignID == "":
		id, err := pl.findCreated(ctx, p, now)
		if err == nil && id == "" {
			err = errCreatedNotFound
		}
		return id, err
	}
	return res.CampaignID, nil
}

// refusal turns a failed send into the plan's verdict: the service's
// refusal, a conflict (412), or an error.
func refusal(p *Plan, err error) error {
	var ae *api.Error
	var rf *ops.Refused
	if errors.As(err, &rf) {
		p.Action, p.Problems, p.Reason = ActionRefused, rf.Problems, rf.Reason
		return err
	}
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
