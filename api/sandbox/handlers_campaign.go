package sandbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// Create request_id reuse windows after a successful create (decisions.md §2).
const (
	createWindowPush  = time.Hour
	createWindowEmail = 24 * time.Hour
)

func (s *Server) opts(ws Workspace) engine.Options {
	return engine.Options{Features: ws.Features, MaxProblems: MaxDetails}
}

// decodeCampaign reads a create or update body leniently: wrong JSON types
// are kept for the engine to report with their paths.
func decodeCampaign(body []byte) (*model.Campaign, error) {
	if len(strings.TrimSpace(string(body))) == 0 {
		return nil, errValidation("body", "A JSON object body is required.")
	}
	c, err := model.Decode(body)
	if err != nil {
		return nil, jsonError(err)
	}
	// A known field sent as null is absent: never stored. A top-level
	// "status": null is still a status key sent, which the engine refuses.
	status := c.Extra.Null["status"]
	model.ForgetNulls(c)
	if status {
		c.Extra.Null = map[string]bool{"status": true}
	}
	return c, nil
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	ri := info(r)
	now := s.now()
	c, err := decodeCampaign(ri.body)
	if err != nil {
		writeErr(w, r, err)
		return
	}
	// A creation is counted up front (so that concurrent creates cannot
	// overshoot) and given back unless the campaign is created.
	createdKey, created := limitKey(ri.ws, "created"), false
	if !s.cfg.NoRateLimits {
		v, err := s.limits.count(r.Context(), createdKey, limitsCreated, now)
		if err != nil {
			writeErr(w, r, err)
			return
		}
		if !v.ok {
			setRateHeaders(w, v) // the window that refused, not the request rate's
			e := errRateLimited(v)
			e.message = "Too many campaigns created: " + e.message
			writeErr(w, r, e)
			return
		}
		defer func() {
			if !created {
				s.limits.uncount(createdKey, now)
			}
		}()
	}
	if err := stripResponseOnly(c, nil); err != nil {
		writeErr(w, r, err)
		return
	}
	problems := engine.Validate(c, engine.PhaseCreate, s.opts(ri.ws))
	if len(problems) > 0 {
		writeErr(w, r, errProblems("One or more fields failed validation.", problems))
		return
	}
	stripServerFields(c)
	id := newObjectID(now)
	c.ID, c.CampaignID, c.VersionNumber, c.Status = ptr(id), ptr(id), ptr(int64(1)), ptr(model.StatusDraft)
	c.CreatedAt, c.UpdatedAt = ptr(now.Format(TimeLayout)), ptr(now.Format(TimeLayout))
	if c.UpdatedBy == nil {
		c.UpdatedBy = c.CreatedBy
	}
	rec := recordOf(ri.ws.ID, c, now, now)
	reqID := ri.headerID
	if reqID == "" {
		reqID = ri.bodyID
	}
	window := createWindowPush
	if model.Str(c.Channel) == model.ChannelEmail {
		window = createWindowEmail
	}
	a := dataAnswer(r, http.StatusCreated, "campaign", api.CreateResult{ID: id, Status: model.StatusDraft})
	a.header.Set("Location", api.PathCampaigns+"/"+id)
	a.header.Set("ETag", etag(id, 0))
	var reused time.Time
	err = s.update(r, func(tx Tx) error {
		until, err := tx.CreateRequestUntil(ri.ws.ID, reqID)
		if err != nil {
			return err
		}
		if until.After(now) {
			reused = until
			return errReused
		}
		if err := tx.Put(rec); err != nil {
			return err
		}
		if err := tx.RememberCreateRequest(ri.ws.ID, reqID, now.Add(window)); err != nil {
			return err
		}
		return s.idemPut(tx, r, a)
	})
	if errors.Is(err, errReused) {
		writeErr(w, r, &apiError{status: http.StatusConflict, code: api.CodeBadRequest, target: "request_id",
			message: fmt.Sprintf("request_id %q was already used to create a campaign; it can be reused after %s UTC.", reqID, reused.Format(time.DateTime))})
		return
	}
	if err != nil {
		if !errors.Is(err, errIdemTaken) {
			s.log.Error("create", "err", err)
		}
		writeErr(w, r, err)
		return
	}
	created = true
	a.sendStored(w, r)
}

var errReused = errors.New("request_id reused")

// errStale says the stored campaign changed between read and write.
var errStale = errors.New("campaign changed meanwhile")

// errBehind says the edit queued before this one was not written, so this
// one, worked out on top of it, was not either. It is no sign of another
// writer: it is worked out again without using up an attempt.
var errBehind = fmt.Errorf("%w: the edit before it was not written", errStale)

// mutate reads the path's campaign under its lock, lets change work out the
// new document (or refuse with an error; the document it is given may be
// shared with the write cache: change must not change it), and writes it
// only if the stored document is still the one read, together with the
// request's answer (so that the answer is stored with its write). The lock
// keeps this process's writers in line; the check also catches another
// process on the same data directory, and then the change is worked out
// again on what that process wrote.
func (s *Server) mutate(r *http.Request, change func(*Record, *model.Campaign) (*Record, error), respond func(out *Record) *answer) (*answer, error) {
	// Another process's writes make this one's cached copy stale, which
	// costs an attempt: enough of them that only a campaign written
	// without pause by several processes runs out.
	// A failed edit ahead in the queue costs no attempt, up to a bound
	// that only a storm of failing edits reaches.
	for attempt, behind := 0, 0; attempt < 10 && behind < 1000; {
		if attempt+behind > 0 {
			runtime.Gosched()
		}
		rec, c, after, unlock, err := s.lockLoad(r)
		if err != nil {
			return nil, err
		}
		out, err := change(rec, c)
		if err != nil {
			unlock()
			return nil, err
		}
		a := respond(out)
		this := newQueuedWrite()
		// Queued, the edit is the campaign's newest version for this
		// process: the next edit of the campaign starts from it at once and
		// is queued behind it, so that edits of one campaign share a commit
		// instead of taking one each. The answer still waits for the
		// commit, and an edit worked out on top of a write that fails is
		// not written (after).
		cached := s.cache.put(out, revAfter(rec, out), this)
		wait, err := s.store.Queue(func(tx Tx) error {
			this.ok = false
			if after != nil && !after.ok {
				return errBehind
			}
			if err := putIfUnchanged(tx, rec, out); err != nil {
				return err
			}
			if err := s.idemPut(tx, r, a); err != nil {
				return err
			}
			this.ok = true
			return nil
		})
		writeQueued(r)
		released := err == nil && cached
		if released {
			unlock()
		}
		if err == nil {
			err = wait()
		}
		if err != nil {
			// Not written after all, or another process wrote: the cache
			// may be ahead of the database or behind it.
			s.cache.drop(rec.Workspace, rec.CampaignID)
		}
		s.cache.done(rec.Workspace, rec.CampaignID, this)
		if !released {
			unlock()
		}
		switch {
		case errors.Is(err, errBehind):
			behind++
		case errors.Is(err, errStale):
			attempt++
		default:
			return a, err
		}
	}
	return nil, errConflict("The campaign kept changing while this request was applied; send it again.")
}

// etag is the ETag of one revision of one campaign document (a sandbox
// extension, see the package doc): strong, quoted.
func etag(id string, rev int64) string { return `"` + id + "-" + strconv.FormatInt(rev, 10) + `"` }

// ifMatch honours If-Match on the component PATCH (a sandbox extension): a
// client that sends the ETag it read is refused with 412 when the campaign
// changed since. "*" matches any version; weak tags never match.
func ifMatch(r *http.Request, rec *Record) error {
	h := r.Header.Values("If-Match")
	if len(h) == 0 {
		return nil
	}
	cur := etag(rec.ID, rec.Rev)
	for _, v := range h {
		for tag := range strings.SplitSeq(v, ",") {
			if tag = strings.TrimSpace(tag); tag == "*" || tag == cur {
				return nil
			}
		}
	}
	return &apiError{status: http.StatusPreconditionFailed, code: api.CodeBadRequest, target: "If-Match",
		message: "The campaign changed since you read it (If-Match " + strings.Join(h, ", ") + ", now " + cur + "): read it again and reapply your change."}
}

// revAfter is the revision out has once written over was.
func revAfter(was, out *Record) int64 {
	if out.ID == was.ID {
		return was.Rev + 1
	}
	return 0
}

// putIfUnchanged writes out if the newest version of its campaign is still
// was, at the same revision.
func putIfUnchanged(tx Tx, was, out *Record) error { return tx.Replace(was, out) }

// editable reports whether V5 creates and updates campaigns of the channel.
func editable(channel string) bool {
	return channel == model.ChannelPush || channel == model.ChannelEmail
}

// load reads the newest version of the path's campaign in the caller's
// workspace, decoded; another workspace's campaign does not exist here.
func (s *Server) load(ctx context.Context, r *http.Request) (*Record, *model.Campaign, error) {
	rec, err := s.store.Latest(ctx, info(r).ws.ID, r.PathValue("campaign_id"))
	if errors.Is(err, ErrNotFound) {
		return nil, nil, errNotFound()
	}
	if err != nil {
		return nil, nil, err
	}
	c, err := model.Decode(rec.Doc)
	if err != nil {
		return nil, nil, fmt.Errorf("stored campaign %s: %w", rec.ID, err)
	}
	return rec, c, nil
}

// lockLoad takes the write lock of the path's campaign (by its canonical
// campaign_id, whichever version id the path names) and reads its newest
// version under it, from the cache when this process wrote it lately (then
// with the queued write it comes from, if any). The path is usually the
// campaign_id itself: then one read does.
func (s *Server) lockLoad(r *http.Request) (*Record, *model.Campaign, *queuedWrite, func(), error) {
	ws, pathID := info(r).ws.ID, r.PathValue("campaign_id")
	unlock := s.lockCampaign(ws, pathID)
	if rec, c, after, ok := s.cache.get(ws, pathID); ok {
		return rec, c, after, unlock, nil
	}
	s.cache.settle(ws, pathID)
	rec, c, err := s.load(r.Context(), r)
	if err != nil {
		unlock()
		return nil, nil, nil, nil, err
	}
	if rec.CampaignID == pathID {
		return rec, c, nil, unlock, nil
	}
	unlock()
	unlock = s.lockCampaign(ws, rec.CampaignID)
	if rec, c, after, ok := s.cache.get(ws, rec.CampaignID); ok {
		return rec, c, after, unlock, nil
	}
	s.cache.settle(ws, rec.CampaignID)
	if rec, c, err = s.load(r.Context(), r); err != nil {
		unlock()
		return nil, nil, nil, nil, err
	}
	return rec, c, nil, unlock, nil
}

func (s *Server) handleGet(w http.ResponseWriter, r *http.Request) {
	rec, err := s.store.Latest(r.Context(), info(r).ws.ID, r.PathValue("campaign_id"))
	if errors.Is(err, ErrNotFound) {
		err = errNotFound()
	}
	if err != nil {
		writeErr(w, r, err)
		return
	}
	w.Header().Set("ETag", etag(rec.ID, rec.Rev))
	writeData(w, r, http.StatusOK, "campaign", json.RawMessage(readForm(rec)))
}

func (s *Server) handlePatch(w http.ResponseWriter, r *http.Request) {
	ri := info(r)
	if !allows(ri.scope, ScopeCreateManage) {
		writeErr(w, r, &apiError{status: http.StatusForbidden, code: api.CodeForbidden, target: api.HeaderScopes,
			message: "Caller does not have permission to update this campaign."})
		return
	}
	patch, err := decodeCampaign(ri.body)
	if err != nil {
		writeErr(w, r, err)
		return
	}
	stripServerFields(patch) // status stays: the engine reports it
	patch.CreatedBy = nil
	var was *Record
	a, err := s.mutate(r, func(rec *Record, stored *model.Campaign) (*Record, error) {
		was = rec
		if err := ifMatch(r, rec); err != nil {
			return nil, err
		}
		if !editable(rec.Channel) {
			return nil, errValidation("channel", rec.Channel+" campaigns can be read but not updated through V5; only PUSH and EMAIL can.")
		}
		if err := stripResponseOnly(patch, stored); err != nil {
			return nil, err
		}
		res := engine.ValidatePatch(stored, patch, rec.Status, s.opts(ri.ws))
		if res.Refusal != nil {
			return nil, errConflict(res.Refusal.Message)
		}
		if len(res.Problems) > 0 {
			return nil, errProblems("One or more fields failed validation.", res.Problems)
		}
		now := s.now()
		m := res.Merged
		if m == nil {
			m = engine.Merge(stored, patch)
		}
		// What the service owns comes from the stored document.
		m.ID, m.CampaignID, m.VersionNumber, m.Status = stored.ID, stored.CampaignID, stored.VersionNumber, stored.Status
		m.CreatedBy, m.CreatedAt, m.SentTime, m.RequestID = stored.CreatedBy, stored.CreatedAt, stored.SentTime, nil
		m.FlowID, m.FlowName, m.ParentID = stored.FlowID, stored.FlowName, stored.ParentID
		m.UpdatedAt = ptr(now.Format(TimeLayout))
		m.UpdatedBy = patch.UpdatedBy
		if m.UpdatedBy == nil {
			m.UpdatedBy = ptr(CredentialIdentity(ri.ws.ID)) // the credential, as the spec says
		}
		if ri.ws.Features.Versioning && rec.Status != model.StatusDraft {
			m.ID, m.VersionNumber = ptr(newObjectID(now)), ptr(rec.Version+1)
		}
		out := recordOf(ri.ws.ID, m, rec.CreatedAt, now)
		out.NextAt = nextAt(out.Status, out.DeliveryType, m, now, rec.NextAt)
		return out, nil
	}, func(out *Record) *answer {
		a := dataAnswer(r, http.StatusOK, "campaign", api.PatchResult{ID: out.ID})
		a.header.Set("ETag", etag(out.ID, revAfter(was, out)))
		return a
	})
	if err != nil {
		writeErr(w, r, err)
		return
	}
	a.sendStored(w, r)
}

func (s *Server) handleValidate(w http.ResponseWriter, r *http.Request) {
	ri := info(r)
	if len(strings.TrimSpace(string(ri.body))) > 0 {
		var req api.ValidateRequest
		if err := decodeStrict(ri.body, &req); err != nil {
			writeErr(w, r, err)
			return
		}
	}
	_, c, err := s.load(r.Context(), r)
	if err != nil {
		writeErr(w, r, err)
		return
	}
	res := api.ValidateResult{Valid: true, Errors: []api.ValidateError{}}
	for _, p := range engine.Validate(c, engine.PhasePublish, s.opts(ri.ws)) {
		res.Valid = false
		res.Errors = append(res.Errors, api.ValidateError{Field: p.Target, Issue: p.Message})
	}
	writeData(w, r, http.StatusOK, "campaign", res)
}

func (s *Server) handleStatus(w http.ResponseWriter, r *http.Request, req *api.StatusRequest) {
	ri := info(r)
	if req.Action == "" {
		writeErr(w, r, errValidation("action", "action is required: STOP, PAUSE or RESUME."))
		return
	}
	a, err := s.mutate(r, func(rec *Record, c *model.Campaign) (*Record, error) {
		now := s.now()
		if !editable(rec.Channel) {
			return nil, &apiError{status: http.StatusUnprocessableEntity, code: api.CodeUnprocessableEntity,
				target: "action", message: "Status actions apply to PUSH and EMAIL campaigns only; this one is " + rec.Channel + "."}
		}
		next, err := engine.CheckAction(rec.DeliveryType, rec.Status, req.Action, engine.StartAhead(c, now))
		if err != nil {
			return nil, &apiError{status: http.StatusUnprocessableEntity, code: api.CodeUnprocessableEntity, target: "action", message: err.Error()}
		}
		// A status action names no author: the credential acted.
		return s.withStatus(ri.ws.ID, rec, c, next, now, CredentialIdentity(ri.ws.ID)), nil
	}, func(out *Record) *answer {
		return dataAnswer(r, http.StatusOK, "campaign", api.StatusResult{ID: out.ID, Action: req.Action})
	})
	if err != nil {
		writeErr(w, r, err)
		return
	}
	a.sendStored(w, r)
}

// withStatus is the record of c moved to a new status at now by by (c
// itself stays as it is). by "" is the service's own move (the scheduler):
// updated_by then still names the last person or credential that acted.
func (s *Server) withStatus(workspace string, rec *Record, c *model.Campaign, status string, now time.Time, by string) *Record {
	c = model.Clone(c)
	c.Status = ptr(status)
	c.UpdatedAt = ptr(now.Format(TimeLayout))
	if by != "" {
		c.UpdatedBy = ptr(by)
	}
	if status == model.StatusSent {
		c.SentTime = ptr(now.Format(TimeLayout))
	}
	prev := rec.NextAt
	if status != rec.Status {
		prev = time.Time{}
	}
	out := recordOf(workspace, c, rec.CreatedAt, now)
	out.NextAt = nextAt(status, out.DeliveryType, c, now, prev)
	return out
}

// handlePublish is V1's PATCH /core-services/v1/campaigns/{campaign_id} with
// {"status": "PUBLISH"}: DRAFT_PUBLISH, then SCHEDULED or ACTIVE; 204.
func (s *Server) handlePublish(w http.ResponseWriter, r *http.Request, req *api.PublishRequest) {
	ri := info(r)
	if req.Status != "PUBLISH" {
		writeErr(w, r, errValidation("status", `status must be "PUBLISH".`))
		return
	}
	a, err := s.mutate(r, func(rec *Record, c *model.Campaign) (*Record, error) {
		if rec.Status != model.StatusDraft {
			return nil, errConflict(fmt.Sprintf("Campaign is %s, not DRAFT, and cannot be published.", rec.Status))
		}
		if ps := engine.Validate(c, engine.PhasePublish, s.opts(ri.ws)); len(ps) > 0 {
			return nil, errProblems("Draft cannot be published; validation failed.", ps)
		}
		now := s.now()
		next := model.StatusActive
		if engine.StartAhead(c, now) {
			next = model.StatusScheduled
		}
		return s.withStatus(ri.ws.ID, rec, c, next, now, CredentialIdentity(ri.ws.ID)), nil
	}, func(*Record) *answer { return &answer{status: http.StatusNoContent, header: http.Header{}} })
	if err != nil {
		writeErr(w, r, err)
		return
	}
	a.sendStored(w, r)
}

// CredentialIdentity is the updated_by of a write that names no author (an
// update without updated_by, every status action and publish): the spec
// attributes it to the API credential of workspace, as an email address
// (updated_by is one), "api-key@sandbox.sandbox.local".
func CredentialIdentity(workspace string) string {
	return "api-key@" + strings.ToLower(workspace) + ".sandbox.local"
}
