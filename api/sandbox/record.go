package sandbox

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"strings"
	"sync/atomic"
	"time"

	"github.com/campaigns-cli/campaigns/model"
)

// TimeLayout is how responses write created_at, updated_at and sent_time
// (service-reference §1.0): UTC, "YYYY-MM-DD HH:MM:SS.ffffff".
const TimeLayout = "2006-01-02 15:04:05.000000"

var oidCounter atomic.Uint32

func init() {
	var b [4]byte
	_, _ = rand.Read(b[:])
	oidCounter.Store(binary.BigEndian.Uint32(b[:]))
}

// newObjectID makes a 24-hex-character id shaped like a MongoDB ObjectId:
// 4 bytes of seconds, 5 random bytes, a 3-byte counter.
func newObjectID(now time.Time) string {
	var b [12]byte
	binary.BigEndian.PutUint32(b[0:4], uint32(now.Unix()))
	_, _ = rand.Read(b[4:9])
	c := oidCounter.Add(1)
	b[9], b[10], b[11] = byte(c>>16), byte(c>>8), byte(c)
	return hex.EncodeToString(b[:])
}

func ptr[T any](v T) *T { return &v }

// stripServerFields removes what only the service sets from a create or
// update body: ids, version, timestamps. A status key stays, for the engine
// to report.
func stripServerFields(c *model.Campaign) {
	c.ID, c.CampaignID, c.VersionNumber, c.RequestID = nil, nil, nil, nil
	c.CreatedAt, c.UpdatedAt, c.SentTime = nil, nil, nil
	c.FlowID, c.FlowName, c.ParentID = nil, nil, nil
}

// recordOf builds the row of a campaign document.
func recordOf(workspace string, c *model.Campaign, createdAt, updatedAt time.Time) *Record {
	r := &Record{
		Workspace:    workspace,
		ID:           model.Str(c.ID),
		CampaignID:   model.Str(c.CampaignID),
		Status:       model.Str(c.Status),
		Channel:      model.Str(c.Channel),
		DeliveryType: model.Str(c.CampaignDeliveryType),
		CreatedBy:    model.Str(c.CreatedBy),
		ParentID:     model.Str(c.ParentID),
		FlowID:       model.Str(c.FlowID),
		CreatedAt:    createdAt,
		UpdatedAt:    updatedAt,
		Latest:       true,
		Doc:          model.Encode(c),
		campaign:     c,
	}
	if c.VersionNumber != nil {
		r.Version = *c.VersionNumber
	}
	if b := c.BasicDetails; b != nil {
		r.Name = model.Str(b.Name)
		r.Tags = b.Tags
	}
	return r
}

// startTime is the campaign's scheduling_details.start_time read in its
// timezone (UTC when there is none); ok is false when there is none or it
// does not parse.
func startTime(c *model.Campaign) (time.Time, bool) {
	sd := c.SchedulingDetails
	if sd == nil || sd.StartTime == nil || *sd.StartTime == "" {
		return time.Time{}, false
	}
	return parseLocalTime(*sd.StartTime, model.Str(sd.Timezone))
}

// parseLocalTime reads an ISO 8601 date-time; without an offset it is read
// in the IANA zone tz (UTC if empty or unknown).
func parseLocalTime(s, tz string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC(), true
	}
	loc := time.UTC
	if tz != "" {
		if l, err := time.LoadLocation(tz); err == nil {
			loc = l
		}
	}
	for _, layout := range []string{"2006-01-02T15:04:05.999999999", "2006-01-02T15:04", "2006-01-02 15:04:05.999999999", "2006-01-02"} {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}
