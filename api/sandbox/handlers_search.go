package sandbox

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// MaxPage is the most campaigns a search or meta page holds.
const MaxPage = 15

var readChannels = []string{model.ChannelPush, model.ChannelEmail, model.ChannelSMS, model.ChannelWhatsApp,
	model.ChannelFacebook, model.ChannelGoogleAds, model.ChannelConnectors}

var searchDeliveryTypes = []string{model.DeliveryOneTime, model.DeliveryPeriodic, model.DeliveryEventTriggered,
	model.DeliveryBusinessEvent, model.DeliveryDeviceTriggered, model.DeliveryLocationTriggered,
	model.DeliveryLiveActivity, model.DeliveryAPITriggered}

// paging is limit and page, told apart from absent.
type paging struct {
	Limit *int `json:"limit"`
	Page  *int `json:"page"`
}

// offset is where the page starts; a page so far out that the product
// overflows starts past every row instead of wrapping round to the first.
func (p paging) offset() int {
	if *p.Page-1 > math.MaxInt / *p.Limit {
		return math.MaxInt
	}
	return (*p.Page - 1) * *p.Limit
}

// withPage adapts a search-like handler: its body decoded into T (as
// withBody does), then its limit and page, which the wire types carry as
// plain ints and so cannot tell "absent" by; the handler gets the query of
// that page in the caller's workspace.
func withPage[T any](h func(w http.ResponseWriter, r *http.Request, req *T, q Query)) http.HandlerFunc {
	return withBody(func(w http.ResponseWriter, r *http.Request, req *T) {
		ri := info(r)
		var pg paging
		_ = decodeStrict(ri.body, &pg) // the same body just decoded without error
		if err := checkPaging(pg); err != nil {
			writeErr(w, r, err)
			return
		}
		h(w, r, req, Query{Workspace: ri.ws.ID, Limit: *pg.Limit, Offset: pg.offset()})
	})
}

func checkPaging(p paging) error {
	switch {
	case p.Limit == nil:
		return errValidation("limit", "limit is required.")
	case *p.Limit < 1 || *p.Limit > MaxPage:
		return errValidation("limit", fmt.Sprintf("limit must be between 1 and %d.", MaxPage))
	case p.Page == nil:
		return errValidation("page", "page is required.")
	case *p.Page < 1:
		return errValidation("page", "page must be 1 or more.")
	}
	return nil
}

// MaxSearchName bounds campaign_fields.name of a search: a longer pattern
// is no useful search, and past 50,000 bytes SQLite refuses the LIKE (a 500).
const MaxSearchName = 10_000

func checkSearchName(name string) error {
	if len(name) > MaxSearchName {
		return errValidation("campaign_fields.name", fmt.Sprintf("campaign_fields.name is %d bytes long; search with at most %d.", len(name), MaxSearchName))
	}
	return nil
}

// checkEnum reports the first value that is not one of allowed.
func checkEnum(target string, vals, allowed []string) error {
	for i, v := range vals {
		if !slices.Contains(allowed, v) {
			return errValidation(fmt.Sprintf("%s[%d]", target, i),
				fmt.Sprintf("%q is not one of %s.", v, strings.Join(allowed, ", ")))
		}
	}
	return nil
}

// checkEmails reports the first entry that is not an email address
// (decisions.md §2 "created_by filters").
func checkEmails(target string, vals []string) error {
	for i, v := range vals {
		if !engine.ValidEmail(v) {
			return errValidation(fmt.Sprintf("%s[%d]", target, i),
				fmt.Sprintf("%q is not an email address; created_by filters name the creator by email.", v))
		}
	}
	return nil
}

// checkSingleEnum is checkEnum for a field that holds one value.
func checkSingleEnum(target string, vals, allowed []string) error {
	if len(vals) == 1 && !slices.Contains(allowed, vals[0]) {
		return errValidation(target, fmt.Sprintf("%q is not one of %s.", vals[0], strings.Join(allowed, ", ")))
	}
	return nil
}

// fieldFilter is what search and meta share of campaign_fields.
type fieldFilter struct {
	status, channels, types, createdBy, tags []string
	name                                     string
	created                                  *api.DateRange
}

// apply checks f (and the route's own checks, more, after the enums) and
// sets it on q; the first value not allowed is the error.
func (f fieldFilter) apply(q *Query, more ...error) error {
	checks := []error{
		checkEnum("campaign_fields.status", f.status, model.Statuses),
		checkEnum("campaign_fields.channels", f.channels, readChannels),
		checkEnum("campaign_fields.campaign_delivery_type", f.types, searchDeliveryTypes),
	}
	checks = append(append(checks, more...), checkEmails("campaign_fields.created_by", f.createdBy), checkSearchName(f.name))
	for _, err := range checks {
		if err != nil {
			return err
		}
	}
	from, to, err := parseRange("campaign_fields.created_date", f.created)
	if err != nil {
		return err
	}
	q.Statuses, q.Channels, q.DeliveryTypes, q.CreatedBy = f.status, f.channels, f.types, f.createdBy
	q.Tags, q.Name, q.From, q.To = f.tags, f.name, from, to
	q.IncludeDrafts = slices.Contains(f.status, model.StatusDraft)
	return nil
}

func parseRange(target string, d *api.DateRange) (from, to time.Time, err error) {
	if d == nil {
		return
	}
	var ok bool
	if d.FromDate != "" {
		if from, ok = parseLocalTime(d.FromDate, ""); !ok {
			return from, to, errValidation(target+".from_date", "from_date must be an ISO 8601 date-time.")
		}
	}
	if d.ToDate != "" {
		if to, ok = parseLocalTime(d.ToDate, ""); !ok {
			return from, to, errValidation(target+".to_date", "to_date must be an ISO 8601 date-time.")
		}
		if len(strings.TrimSpace(d.ToDate)) == len("2006-01-02") {
			to = to.Add(24*time.Hour - time.Microsecond) // a bare date includes its whole day
		}
	}
	return
}

func (s *Server) handleSearch(w http.ResponseWriter, r *http.Request, req *api.SearchRequest, q Query) {
	q.IncludeArchived, q.IncludeChildren = req.IncludeArchiveCampaigns, req.IncludeChildCampaigns
	if f := req.CampaignFields; f != nil {
		ff := fieldFilter{status: f.Status, channels: f.Channels, types: f.CampaignDeliveryType,
			createdBy: f.CreatedBy, tags: f.Tags, name: f.Name, created: f.CreatedDate}
		if err := ff.apply(&q); err != nil {
			writeErr(w, r, err)
			return
		}
		q.IDs, q.Version = f.IDs, f.VersionNumber
	}
	recs, err := s.store.Search(r.Context(), q)
	if err != nil {
		writeErr(w, r, err)
		return
	}
	// The stored documents go out in the read form.
	var b bytes.Buffer
	b.WriteString(`{"campaigns":[`)
	for i, rec := range recs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(readForm(rec))
	}
	b.WriteString(`]}`)
	writeData(w, r, http.StatusOK, "campaign", json.RawMessage(b.Bytes()))
}

// metaBody also accepts campaign_delivery_type as an array, as one of the
// reference's examples sends it.
type metaBody struct {
	CampaignFields *struct {
		CampaignDeliveryType []string `json:"campaign_delivery_type"`
	} `json:"campaign_fields"`
}

func (s *Server) handleMeta(w http.ResponseWriter, r *http.Request, req *api.MetaRequest, q Query) {
	ri := info(r)
	var extra metaBody
	if err := decodeStrict(ri.body, &extra); err != nil {
		writeErr(w, r, err)
		return
	}
	now := s.now()
	q.IncludeArchived, q.IncludeChildren, q.LatestOnly = true, req.IncludeChildCampaigns, true
	if f := req.CampaignFields; f != nil {
		var types []string
		if extra.CampaignFields != nil {
			types = slices.Clone(extra.CampaignFields.CampaignDeliveryType)
		}
		var single []string
		if f.DeliveryType != "" {
			single = []string{f.DeliveryType}
		}
		ff := fieldFilter{status: f.Status, channels: f.Channels, types: types,
			createdBy: f.CreatedBy, tags: f.Tags, name: f.Name, created: f.CreatedDate}
		if err := ff.apply(&q, checkSingleEnum("campaign_fields.delivery_type", single, searchDeliveryTypes)); err != nil {
			writeErr(w, r, err)
			return
		}
		if f.ID != "" {
			q.IDs = []string{f.ID}
		}
		q.DeliveryTypes = append(types, single...)
		// An id names one campaign: alone it finds it whatever its status,
		// drafts included (decisions.md §2 "meta by id").
		q.IncludeDrafts = slices.Contains(f.Status, model.StatusDraft) || f.ID != "" && len(f.Status) == 0
		q.IncludeArchived = len(f.Status) == 0 || slices.Contains(f.Status, model.StatusArchived)
	}
	recs, err := s.store.Search(r.Context(), q)
	if err != nil {
		writeErr(w, r, err)
		return
	}
	var parents []string
	for _, rec := range recs {
		if rec.DeliveryType == model.DeliveryPeriodic && rec.ParentID == "" {
			parents = append(parents, rec.CampaignID)
		}
	}
	var children map[string]int64
	if req.IncludeChildCampaigns {
		if children, err = s.store.ChildCounts(r.Context(), ri.ws.ID, parents); err != nil {
			writeErr(w, r, err)
			return
		}
	}
	rows := make([]api.MetaRow, 0, len(recs))
	for _, rec := range recs {
		c, err := model.Decode(rec.Doc)
		if err != nil {
			writeErr(w, r, err)
			return
		}
		row := api.MetaRow{CampaignID: rec.CampaignID, VersionNumber: rec.Version, Channel: rec.Channel,
			CreatedBy: rec.CreatedBy, CampaignDeliveryType: rec.DeliveryType, CampaignStatus: rec.Status}
		if b := c.BasicDetails; b != nil {
			row.CampaignName, row.CampaignTags, row.Platform, row.CampaignTeam = model.Str(b.Name), b.Tags, b.Platforms, model.Str(b.Team)
		}
		if t, ok := startTime(c); ok {
			row.CampaignStartTime = t.Format(time.RFC3339)
		}
		if req.IncludeChildCampaigns {
			row.ParentCampaignID = rec.ParentID
			if n, ok := children[rec.CampaignID]; ok {
				row.TotalChildCampaigns = ptr(n)
			}
		}
		if v, ok := c.Extra.Unknown["rejection_comment"].(string); ok && rec.Status == model.StatusDraft {
			row.RejectionComment = v
		}
		row.ReachabilityDetails = s.reachability(rec, c, now)
		rows = append(rows, row)
	}
	writeData(w, r, http.StatusOK, "campaign", api.MetaResult{Campaigns: rows})
}
