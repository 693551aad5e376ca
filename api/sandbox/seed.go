package sandbox

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"time"

	"github.com/campaigns-cli/campaigns/model"
)

// The demo campaigns start from the publish-valid fixtures of every channel
// and delivery type (copies of testdata/campaigns; seed_test.go checks that
// they still pass DRAFT_PUBLISH).
//
//go:embed seed/*.json
var seedFS embed.FS

// seedPlan is one demo campaign: a fixture, a name, a state, and when it
// starts and was created relative to the first start.
type seedPlan struct {
	fixture string
	name    string
	status  string
	start   time.Duration // start_time relative to now (fixtures with one)
	created time.Duration // created_at relative to now (negative)
	parent  int           // 1-based index of the periodic parent, for children
}

var seedPlans = []seedPlan{
	{fixture: "push_one_time", name: "Summer sale kickoff", status: model.StatusDraft, start: 10 * 24 * time.Hour, created: -2 * time.Hour},
	{fixture: "push_one_time", name: "Weekend flash sale", status: model.StatusScheduled, start: 3 * 24 * time.Hour, created: -26 * time.Hour},
	{fixture: "push_one_time", name: "New arrivals alert", status: model.StatusSending, start: -10 * time.Minute, created: -3 * 24 * time.Hour},
	{fixture: "push_one_time", name: "Welcome back offer", status: model.StatusSent, start: -5 * 24 * time.Hour, created: -9 * 24 * time.Hour},
	{fixture: "push_one_time", name: "Black Friday teaser", status: model.StatusStopped, start: -2 * 24 * time.Hour, created: -6 * 24 * time.Hour},
	{fixture: "push_event_triggered", name: "Cart abandonment nudge", status: model.StatusActive, start: -20 * 24 * time.Hour, created: -21 * 24 * time.Hour},
	{fixture: "push_periodic", name: "Weekly picks", status: model.StatusPaused, start: -30 * 24 * time.Hour, created: -31 * 24 * time.Hour},
	{fixture: "push_periodic", name: "Weekly picks, last season", status: model.StatusArchived, start: -200 * 24 * time.Hour, created: -201 * 24 * time.Hour},
	{fixture: "push_business_event_triggered", name: "Flight delay alert", status: model.StatusActive, start: -15 * 24 * time.Hour, created: -16 * 24 * time.Hour},
	{fixture: "push_device_triggered", name: "Workout timer reminder", status: model.StatusDraft, created: -4 * time.Hour},
	{fixture: "push_location_triggered", name: "Store visit welcome", status: model.StatusActive, start: -12 * 24 * time.Hour, created: -13 * 24 * time.Hour},
	{fixture: "push_periodic", name: "Weekly picks, week 1", status: model.StatusSent, start: -30 * 24 * time.Hour, created: -30 * 24 * time.Hour, parent: 7},
	{fixture: "push_periodic", name: "Weekly picks, week 2", status: model.StatusSent, start: -23 * 24 * time.Hour, created: -23 * 24 * time.Hour, parent: 7},

	{fixture: "email_one_time", name: "June newsletter", status: model.StatusDraft, created: -1 * time.Hour},
	{fixture: "email_one_time", name: "July newsletter", status: model.StatusScheduled, start: 5 * 24 * time.Hour, created: -2 * 24 * time.Hour},
	{fixture: "email_one_time", name: "Spring catalogue", status: model.StatusSending, start: -5 * time.Minute, created: -4 * 24 * time.Hour},
	{fixture: "email_one_time", name: "May newsletter", status: model.StatusSent, start: -25 * 24 * time.Hour, created: -27 * 24 * time.Hour},
	{fixture: "email_one_time", name: "Outage notice (withdrawn)", status: model.StatusStopped, start: -8 * 24 * time.Hour, created: -8 * 24 * time.Hour},
	{fixture: "email_event_triggered", name: "Welcome series, step 1", status: model.StatusActive, start: -40 * 24 * time.Hour, created: -41 * 24 * time.Hour},
	{fixture: "email_periodic", name: "Monthly statement", status: model.StatusPaused, start: -60 * 24 * time.Hour, created: -61 * 24 * time.Hour},
	{fixture: "email_business_event_triggered", name: "Price drop alert", status: model.StatusArchived, start: -90 * 24 * time.Hour, created: -91 * 24 * time.Hour},
	{fixture: "email_business_event_triggered", name: "Back in stock", status: model.StatusScheduled, start: 2 * 24 * time.Hour, created: -5 * time.Hour},
}

// seedAudiences replace the fixtures' segmentation with filters the demo
// users (api/sandbox/audience) answer to, so reachability counts are real.
var seedAudiences = map[string]string{
	"push_one_time": `{"included_filters":{"filter_operator":"and","filters":[
		{"filter_type":"user_attributes","data_type":"string","name":"Country","operator":"in","value":["Portugal","Spain","France","United Kingdom"]},
		{"filter_type":"actions","action_name":"app_opened","execution":{"type":"atleast","count":1},"executed":true}]},
		"excluded_filters":{"filter_operator":"or","filters":[{"filter_type":"custom_segments","name":"Internal staff","id":"seg-staff"}]},
		"is_all_user_campaign":false,"send_campaign_to_opt_out_users":false}`,
	"email_one_time": `{"included_filters":{"filter_operator":"or","filters":[
		{"filter_type":"user_attributes","data_type":"datetime","name":"Last Seen","operator":"inTheLast","value":30},
		{"filter_type":"custom_segments","name":"VIP customers","id":"seg-vip"}]}}`,
	"email_business_event_triggered": `{"included_filters":{"filter_operator":"and","filters":[
		{"filter_type":"user_attributes","data_type":"string","name":"Loyalty Tier","operator":"in","value":["Gold","Platinum"]}]}}`,
}

// smsDemo is a campaign of a channel V5 only reads: the editor shows it
// read-only.
const smsDemo = `{"channel":"SMS","campaign_delivery_type":"ONE_TIME","created_by":"ops@example.com",
 "sender_name":"EXAMPLE","basic_details":{"name":"Delivery window reminder (SMS)","tags":["sms","logistics"]},
 "campaign_content":{"content":{"sms":{"message":"Hi {{UserAttribute['First Name']}}, your order arrives tomorrow 9-12."}}},
 "segmentation_details":{"is_all_user_campaign":true},
 "scheduling_details":{"delivery_type":"ASAP"}}`

// seedRecords builds the demo campaigns of a workspace at now.
func seedRecords(workspace string, now time.Time) ([]*Record, error) {
	var out []*Record
	var ids []string
	for _, p := range seedPlans {
		b, err := seedFS.ReadFile("seed/" + p.fixture + ".json")
		if err != nil {
			return nil, err
		}
		c, err := model.Decode(b)
		if err != nil {
			return nil, fmt.Errorf("seed %s: %w", p.fixture, err)
		}
		created := now.Add(p.created)
		id := newObjectID(created)
		ids = append(ids, id)
		c.RequestID = nil
		c.ID, c.CampaignID, c.VersionNumber, c.Status = ptr(id), ptr(id), ptr(int64(1)), ptr(p.status)
		c.CreatedAt, c.UpdatedAt = ptr(created.Format(TimeLayout)), ptr(created.Format(TimeLayout))
		c.UpdatedBy = c.CreatedBy
		if c.BasicDetails != nil {
			c.BasicDetails.Name = ptr(p.name)
		}
		if seg, ok := seedAudiences[p.fixture]; ok {
			c.SegmentationDetails = &model.Segmentation{}
			if err := model.DecodeInto([]byte(seg), c.SegmentationDetails); err != nil {
				return nil, fmt.Errorf("seed audience %s: %w", p.fixture, err)
			}
		}
		if p.status == model.StatusScheduled {
			// A scheduled demo needs a start time to wait for.
			if c.SchedulingDetails == nil {
				c.SchedulingDetails = &model.Scheduling{}
			}
			sd := c.SchedulingDetails
			if model.Str(sd.DeliveryType) != "AT_FIXED_TIME" && model.Str(sd.DeliveryType) != "SEND_IN_USER_TIMEZONE" {
				sd.DeliveryType = ptr("AT_FIXED_TIME")
			}
			if sd.Timezone == nil {
				sd.Timezone = ptr("Europe/London")
			}
			if sd.StartTime == nil {
				sd.StartTime = ptr(now.Format("2006-01-02T15:04:05"))
			}
		}
		shiftSchedule(c, now.Add(p.start))
		if p.parent > 0 {
			c.ParentID = ptr(ids[p.parent-1])
		}
		if p.status == model.StatusSent {
			sent := now.Add(p.start).Add(SendDuration)
			if sent.After(now) {
				sent = now
			}
			c.SentTime = ptr(sent.Format(TimeLayout))
		}
		rec := recordOf(workspace, c, created, created)
		// Only scheduled demos move on by themselves; the SENDING ones stay
		// SENDING, so that the demo keeps every state to show.
		if p.status == model.StatusScheduled {
			rec.NextAt = nextAt(p.status, rec.DeliveryType, c, now, time.Time{})
		}
		out = append(out, rec)
	}
	c, err := model.Decode([]byte(smsDemo))
	if err != nil {
		return nil, err
	}
	created := now.Add(-7 * 24 * time.Hour)
	id := newObjectID(created)
	c.ID, c.CampaignID, c.VersionNumber, c.Status = ptr(id), ptr(id), ptr(int64(1)), ptr(model.StatusActive)
	c.CreatedAt, c.UpdatedAt = ptr(created.Format(TimeLayout)), ptr(created.Format(TimeLayout))
	out = append(out, recordOf(workspace, c, created, created))
	return out, nil
}

// shiftSchedule moves start_time to at (in the campaign's timezone) and
// expiry_time by as much, so that the demo's dates make sense on any day.
func shiftSchedule(c *model.Campaign, at time.Time) {
	sd := c.SchedulingDetails
	if sd == nil || sd.StartTime == nil {
		return
	}
	old, ok := startTime(c)
	if !ok {
		return
	}
	loc := time.UTC
	if l, err := time.LoadLocation(model.Str(sd.Timezone)); err == nil && sd.Timezone != nil {
		loc = l
	}
	at = at.Truncate(time.Minute)
	sd.StartTime = ptr(at.In(loc).Format("2006-01-02T15:04:05"))
	if sd.ExpiryTime != nil {
		if exp, ok := parseLocalTime(*sd.ExpiryTime, model.Str(sd.Timezone)); ok {
			sd.ExpiryTime = ptr(exp.Add(at.Sub(old)).In(loc).Format("2006-01-02T15:04:05"))
		}
	}
}

// seedWorkspace puts the demo campaigns into a workspace that was never
// seeded and has no campaigns.
func (s *Server) seedWorkspace(w Workspace) error {
	ctx := context.Background()
	if n, err := s.store.Count(ctx, w.ID); err != nil || n > 0 {
		return err
	}
	recs, err := seedRecords(w.ID, s.now())
	if err != nil {
		return err
	}
	return s.store.Update(ctx, func(tx Tx) error {
		if done, err := tx.Seeded(w.ID); err != nil || done {
			return err
		}
		for _, r := range recs {
			if err := tx.Put(r); err != nil {
				return err
			}
		}
		return tx.MarkSeeded(w.ID)
	})
}

// Examples are the publish-valid example campaigns, one per channel and
// delivery type, as files named like testdata/campaigns (the MCP server
// serves them as resources).
func Examples() fs.FS {
	sub, err := fs.Sub(seedFS, "seed")
	if err != nil {
		panic(err) // the embedded folder is fixed at build time
	}
	return sub
}
