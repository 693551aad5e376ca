package api

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

// Duplicating a campaign: the marketer's most common start is last week's
// campaign, changed. The copy is a new draft with everything the original
// holds except its identity (ids, status, version, timestamps, the
// original's authors) and the schedule's dates, which belong to the
// original's send.

// CopyName is the name a copy gets when none is given.
func CopyName(c *model.Campaign) string {
	name := ""
	if c.BasicDetails != nil && c.BasicDetails.Name != nil {
		name = strings.TrimSpace(*c.BasicDetails.Name)
	}
	if name == "" {
		name = "Untitled"
	}
	return name + " (copy)"
}

// DuplicateBody is the create body of a copy of c named name (CopyName
// when empty) and created by author (the person duplicating, never the
// original's author). It says why when the editor could not create such a
// campaign: another channel (SMS), a delivery type drafts are not created
// with, or fields the client does not know (they could not be checked nor
// edited). c is not changed.
func DuplicateBody(c *model.Campaign, name, author string) (*model.Campaign, error) {
	ch, dt := model.Str(c.Channel), model.Str(c.CampaignDeliveryType)
	var types []string
	switch ch {
	case model.ChannelPush:
		types = model.PushCreateDeliveryTypes
	case model.ChannelEmail:
		types = model.EmailCreateDeliveryTypes
	default:
		return nil, fmt.Errorf("cannot duplicate a %s campaign: the editor creates only PUSH and EMAIL campaigns", orNone(ch))
	}
	if !slices.Contains(types, dt) {
		return nil, fmt.Errorf("cannot duplicate a %s %s campaign: drafts are created as %s", ch, orNone(dt), strings.Join(types, ", "))
	}
	if unknown := UnknownFields(c); len(unknown) > 0 {
		return nil, fmt.Errorf("cannot duplicate: the campaign holds fields this client does not know (%s); a copy could not be checked or edited", strings.Join(unknown, ", "))
	}
	if strings.TrimSpace(author) == "" {
		return nil, fmt.Errorf("cannot duplicate without an author: name yourself with --author (or `author` in your profile); the copy is created by you, not by the original's author")
	}
	out := WriteForm(model.Clone(c), nil)
	if c.SchedulingDetails != nil && out.SchedulingDetails.Timezone == nil && c.SchedulingDetails.TimeZone != nil {
		tz := *c.SchedulingDetails.TimeZone // the read form's time_zone: the zone stays
		out.SchedulingDetails.Timezone = &tz
	}
	out.ID, out.CampaignID, out.RequestID, out.VersionNumber, out.Status = nil, nil, nil, nil, nil
	out.CreatedAt, out.UpdatedAt, out.SentTime, out.UpdatedBy, out.ParentID = nil, nil, nil, nil, nil
	out.FlowID, out.FlowName = nil, nil
	by := strings.TrimSpace(author)
	out.CreatedBy = &by
	if sd := out.SchedulingDetails; sd != nil {
		sd.StartTime, sd.ExpiryTime = nil, nil
		if model.Str(sd.DeliveryType) != model.ScheduleASAP {
			// A fixed time, BTS or periodic send needs its start: the
			// copy's schedule is chosen again (its zone and details stay).
			sd.DeliveryType = nil
		}
	}
	if name = strings.TrimSpace(name); name == "" {
		name = CopyName(c)
	}
	if out.BasicDetails == nil {
		out.BasicDetails = &model.BasicDetails{}
	}
	out.BasicDetails.Name = &name
	return out, nil
}

// Duplicate reads campaign id, creates its copy as a new draft (see
// DuplicateBody) and returns the new draft's id.
func (c *Client) Duplicate(ctx context.Context, id, name, author string) (string, error) {
	orig, err := c.Get(ctx, id)
	if err != nil {
		return "", err
	}
	body, err := DuplicateBody(orig, name, author)
	if err != nil {
		return "", err
	}
	res, err := c.Create(ctx, body)
	if err != nil {
		return "", err
	}
	return res.ID, nil
}

// UnknownFields lists the JSON paths of the keys in c the spec does not
// name (kept as sent, shown read-only), sorted.
func UnknownFields(c *model.Campaign) []string {
	var out []string
	var walk func(v reflect.Value, path string)
	walk = func(v reflect.Value, path string) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem(), path)
			}
		case reflect.Slice:
			for i := range v.Len() {
				walk(v.Index(i), fmt.Sprintf("%s[%d]", path, i))
			}
		case reflect.Map:
			for _, k := range v.MapKeys() {
				walk(v.MapIndex(k), join(path, fmt.Sprint(k.Interface())))
			}
		case reflect.Struct:
			t := v.Type()
			for i := range t.NumField() {
				f := t.Field(i)
				if !f.IsExported() {
					continue
				}
				if e, ok := v.Field(i).Interface().(model.Extra); ok {
					if path == "utm_params" {
						continue // custom UTM keys: any name (decisions §2 #9)
					}
					for k := range e.Unknown {
						out = append(out, join(path, k))
					}
					continue
				}
				name := strings.Split(f.Tag.Get("json"), ",")[0]
				if name == "" || name == "-" {
					name = f.Name
				}
				walk(v.Field(i), join(path, name))
			}
		}
	}
	walk(reflect.ValueOf(c), "")
	sort.Strings(out)
	return out
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func orNone(s string) string {
	if s == "" {
		return "(no type)"
	}
	return s
}
