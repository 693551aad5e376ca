package sandbox

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox/audience"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/engine/personalize"
	"github.com/campaigns-cli/campaigns/model"
)

// handleTest sends a test (service-reference §1.9, decisions.md row 15):
// inline content, or a saved draft by draft_id; one message per platform ×
// locale × variation and recipient, rendered for that recipient and put in
// the outbox.
func (s *Server) handleTest(w http.ResponseWriter, r *http.Request, req *api.TestRequest) {
	ri := info(r)
	meta := req.TestCampaignMeta
	switch {
	case meta == nil:
		writeErr(w, r, errValidation("test_campaign_meta", "test_campaign_meta is required: give identifier and identifier_values."))
		return
	case meta.Identifier == "":
		writeErr(w, r, errValidation("test_campaign_meta.identifier", "test_campaign_meta.identifier is required."))
		return
	case len(meta.IdentifierValues) > audience.MaxTestIdentifiers:
		writeErr(w, r, errValidation("test_campaign_meta.identifier_values",
			fmt.Sprintf("A test goes to at most %d users; got %d identifier values.", audience.MaxTestIdentifiers, len(meta.IdentifierValues))))
		return
	}
	in := audience.TestInput{Platform: meta.Platform, Locale: meta.LocaleName, Variation: meta.Variation}
	if p := req.PersonalizationDetails; p != nil {
		in.UserAttributes, in.EventAttributes = p.UserAttributes, p.EventAttributes
	}
	if req.DraftID != "" {
		if req.CampaignContent != nil {
			writeErr(w, r, errValidation("campaign_content", "campaign_content cannot come with draft_id: a draft test sends the saved content."))
			return
		}
		rec, err := s.store.Latest(r.Context(), ri.ws.ID, req.DraftID)
		if errors.Is(err, ErrNotFound) {
			e := errNotFound()
			e.target = "draft_id"
			writeErr(w, r, e)
			return
		}
		if err != nil {
			writeErr(w, r, err)
			return
		}
		c, err := model.Decode(rec.Doc)
		if err != nil {
			writeErr(w, r, err)
			return
		}
		switch {
		case rec.Status != model.StatusDraft:
			writeErr(w, r, errValidation("draft_id", fmt.Sprintf("draft_id must name a DRAFT campaign; %s is %s.", req.DraftID, rec.Status)))
			return
		case req.Channel != "" && req.Channel != rec.Channel:
			writeErr(w, r, errValidation("channel", fmt.Sprintf("channel %s does not match the draft's channel %s.", req.Channel, rec.Channel)))
			return
		case rec.Channel != model.ChannelPush && rec.Channel != model.ChannelEmail:
			writeErr(w, r, errValidation("draft_id", "Tests are for PUSH and EMAIL campaigns only."))
			return
		case c.CampaignContent == nil:
			writeErr(w, r, errValidation("draft_id", "The draft has no campaign_content to test yet."))
			return
		}
		in.Channel, in.Content = rec.Channel, c.CampaignContent
		if c.BasicDetails != nil {
			in.Platforms = c.BasicDetails.Platforms
		}
	} else {
		if err := s.checkInlineTest(req, ri.ws); err != nil {
			writeErr(w, r, err)
			return
		}
		in.Channel, in.Content = req.Channel, req.CampaignContent
		if req.BasicDetails != nil {
			in.Platforms = req.BasicDetails.Platforms
		}
	}
	if meta.Platform != "" {
		if in.Channel == model.ChannelEmail || !slices.Contains([]string{model.PlatformAndroid, model.PlatformIOS, model.PlatformWeb}, meta.Platform) {
			writeErr(w, r, errValidation("test_campaign_meta.platform", "test_campaign_meta.platform must be ANDROID, IOS or WEB, on a PUSH draft."))
			return
		}
		if req.DraftID == "" {
			writeErr(w, r, errValidation("test_campaign_meta.platform", "test_campaign_meta.platform narrows a draft test only; inline tests send the content given."))
			return
		}
	}
	to, err := s.users().Recipients(in.Channel, meta.Identifier, meta.IdentifierValues)
	var ie *audience.IdentifierError
	if errors.As(err, &ie) {
		writeErr(w, r, errValidation(ie.Target, upperFirst(ie.Message)+"."))
		return
	}
	if err != nil {
		writeErr(w, r, err)
		return
	}
	rows := audience.RenderTest(in, to)
	// A template that does not parse or passes a render bound (decisions.md
	// §6) is the request's fault, whoever it was rendered for: 400 naming
	// the field, like preview.
	var errs []*personalize.Error
	seen := map[string]bool{}
	for _, row := range rows {
		for _, pe := range row.Errors {
			if k := pe.Target + "\n" + pe.Message; !seen[k] {
				seen[k] = true
				errs = append(errs, pe)
			}
		}
	}
	if len(errs) > 0 {
		writeErr(w, r, errRender(errs))
		return
	}
	now := s.now()
	a := dataAnswer(r, http.StatusOK, "campaign", api.TestResult{Data: audience.Outcomes(rows), Message: "Test campaign processed"})
	err = s.update(r, func(tx Tx) error {
		for _, row := range rows {
			m := OutboxMessage{Workspace: ri.ws.ID, At: now, Key: row.Key, Channel: in.Channel, Platform: row.Platform,
				Locale: row.Locale, Variation: row.Variation, Identifier: meta.Identifier, Value: row.Recipient,
				UserID: row.UserID, Address: row.Address, Status: row.Status, Reason: row.FailureReason, DraftID: req.DraftID}
			if row.Message != nil {
				m.Message = model.ToTree(row.Message)
			}
			if err := tx.AddOutbox(m); err != nil {
				return err
			}
		}
		return s.idemPut(tx, r, a)
	})
	if err != nil {
		writeErr(w, r, err)
		return
	}
	a.sendStored(w, r)
}

// checkInlineTest checks an inline test: channel and campaign_content, and
// for Email basic_details and connector; the components must pass the
// engine's create-time rules.
func (s *Server) checkInlineTest(req *api.TestRequest, ws Workspace) error {
	switch {
	case req.Channel == "":
		return errValidation("channel", "channel is required for an inline test (or send draft_id to test a saved draft).")
	case req.Channel != model.ChannelPush && req.Channel != model.ChannelEmail:
		return errValidation("channel", fmt.Sprintf("channel %q cannot be tested: use PUSH or EMAIL.", req.Channel))
	case req.CampaignContent == nil:
		return errValidation("campaign_content", "campaign_content is required for an inline test.")
	case req.Channel == model.ChannelEmail && req.BasicDetails == nil:
		return errValidation("basic_details", "basic_details is required for an inline EMAIL test: name, content_type, user_attribute_identifier, subscription_category.")
	case req.Channel == model.ChannelEmail && req.Connector == nil:
		return errValidation("connector", "connector is required for an inline EMAIL test.")
	case req.Channel == model.ChannelPush && req.Connector != nil:
		return errValidation("connector", "connector does not apply to PUSH tests.")
	}
	c := &model.Campaign{Channel: &req.Channel, BasicDetails: req.BasicDetails, Connector: req.Connector, CampaignContent: req.CampaignContent}
	var ps []engine.Problem
	for _, p := range engine.Validate(c, engine.PhaseCreate, s.opts(ws)) {
		for _, comp := range []string{"basic_details", "connector", "campaign_content"} {
			if engine.Under(p.Target, comp) || p.Rule == engine.RuleMoreProblems {
				ps = append(ps, p)
				break
			}
		}
	}
	if len(ps) > 0 {
		return errProblems("One or more fields failed validation.", ps)
	}
	return nil
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// handlePreview renders inline content for one user (service-reference
// §1.10); an unknown user renders with an empty profile (decisions.md).
func (s *Server) handlePreview(w http.ResponseWriter, r *http.Request, req *api.PreviewRequest) {
	ri := info(r)
	u := req.UserIdentification
	switch {
	case req.Channel == "":
		writeErr(w, r, errValidation("channel", "channel is required: PUSH, EMAIL or SMS."))
		return
	case !slices.Contains([]string{model.ChannelPush, model.ChannelEmail, model.ChannelSMS}, req.Channel):
		writeErr(w, r, errValidation("channel", fmt.Sprintf("channel %q cannot be previewed: use PUSH, EMAIL or SMS.", req.Channel)))
		return
	case u == nil:
		writeErr(w, r, errValidation("user_identification", "user_identification is required: {type, value}."))
		return
	case !slices.Contains(audience.PreviewIdentifiers, u.Type):
		writeErr(w, r, errValidation("user_identification.type", "user_identification.type must be one of "+strings.Join(audience.PreviewIdentifiers, ", ")+"."))
		return
	case strings.TrimSpace(u.Value) == "":
		writeErr(w, r, errValidation("user_identification.value", "user_identification.value is required."))
		return
	case req.CampaignContent == nil:
		writeErr(w, r, errValidation("campaign_content", "campaign_content is required: the preview renders inline content only."))
		return
	}
	// Known fields of the content with a wrong JSON type are refused like
	// anywhere else; the content need not be complete to be previewed.
	c := &model.Campaign{Channel: &req.Channel, CampaignContent: req.CampaignContent}
	var typeProblems []engine.Problem
	for _, p := range engine.Validate(c, engine.PhaseCreate, s.opts(ri.ws)) {
		if p.Rule == "json.type" && strings.HasPrefix(p.Target, "campaign_content") || p.Rule == engine.RuleMoreProblems {
			typeProblems = append(typeProblems, p)
		}
	}
	if len(typeProblems) > 0 {
		writeErr(w, r, errProblems("One or more fields failed validation.", typeProblems))
		return
	}
	data, _ := s.users().PreviewData(u.Type, u.Value, req.EventAttributes)
	out, errs := personalize.RenderContent(req.CampaignContent, data)
	if len(errs) > 0 {
		writeErr(w, r, errRender(errs))
		return
	}
	writeData(w, r, http.StatusOK, "personalization", api.PreviewResult{PersonalizedContent: out})
}

// errRender is the 400 of templates that do not render (a parse error, or
// a render bound passed), each detail naming its field.
func errRender(errs []*personalize.Error) *apiError {
	e := &apiError{status: http.StatusBadRequest, code: api.CodeValidationFailed,
		message: "A personalisation template does not render: " + strings.TrimSuffix(errs[0].Error(), ".") + "."}
	for _, pe := range errs {
		e.details = append(e.details, api.ErrorDetail{Target: pe.Target, Message: fmt.Sprintf("line %d, column %d: %s", pe.Line, pe.Column, pe.Message)})
	}
	e.target = e.details[0].Target
	return e
}

// handleOutbox lists the workspace's test messages, oldest first; ?after=SEQ
// pages on, ?limit=N (default 100, at most 1000).
func (s *Server) handleOutbox(w http.ResponseWriter, r *http.Request) {
	ri := info(r)
	q := r.URL.Query()
	after, err := strconv.ParseInt(q.Get("after"), 10, 64)
	if err != nil && q.Get("after") != "" {
		writeErr(w, r, errValidation("after", "after must be a message seq number."))
		return
	}
	limit, err := strconv.Atoi(q.Get("limit"))
	if err != nil || limit <= 0 || limit > 1000 {
		limit = 100
	}
	msgs, err := s.store.Outbox(r.Context(), ri.ws.ID, after, limit)
	if err != nil {
		writeErr(w, r, err)
		return
	}
	writeData(w, r, http.StatusOK, "outbox", map[string]any{"messages": msgs})
}

// handleUsers lists the demo users a test or preview can name (sandbox only).
func (s *Server) handleUsers(w http.ResponseWriter, r *http.Request) {
	out := api.SandboxUsersResult{Users: make([]api.SandboxUser, 0, len(s.users().Users)), Segments: make([]api.SandboxSegment, 0, len(s.users().Segments))}
	for _, u := range s.users().Users {
		out.Users = append(out.Users, api.SandboxUser{ID: u.ID, Attributes: u.Profile(), PushIDs: u.PushIDs, GAID: u.GAID, Segments: u.Segments})
	}
	for _, sg := range s.users().Segments {
		out.Segments = append(out.Segments, api.SandboxSegment{ID: sg.ID, Name: sg.Name, Members: len(sg.Members)})
	}
	writeData(w, r, http.StatusOK, "users", out)
}
