package model

import (
	"reflect"
	"slices"
)

// Components lists the top-level components of a create or update body, in
// the order of the spec's table.
var Components = []string{
	"basic_details", "connector", "trigger_condition", "campaign_content",
	"segmentation_details", "scheduling_details", "delivery_controls",
	"advanced", "conversion_goal_details", "control_group_details",
	"utm_params", "campaign_audience_limit",
}

// ServiceOwned are the top-level keys only the service sets: identity,
// state and audit. A component update never sends them and they are never
// a difference between a file and the service; a create sends created_by
// only (it names its author), and updated_by is the writer's, set by the
// client's core on each write.
var ServiceOwned = []string{
	"id", "campaign_id", "request_id", "version_number", "status",
	"created_by", "updated_by", "created_at", "updated_at", "sent_time",
	"flow_id", "flow_name", "parent_id",
}

// IsServiceOwned reports whether key is one of ServiceOwned.
func IsServiceOwned(key string) bool { return slices.Contains(ServiceOwned, key) }

// WithoutServiceOwned is a shallow copy of c without the ServiceOwned
// fields (unknown top-level keys stay).
func WithoutServiceOwned(c *Campaign) *Campaign {
	b := *c
	b.ID, b.CampaignID, b.RequestID, b.VersionNumber, b.Status = nil, nil, nil, nil, nil
	b.CreatedBy, b.UpdatedBy, b.CreatedAt, b.UpdatedAt, b.SentTime = nil, nil, nil, nil, nil
	b.FlowID, b.FlowName, b.ParentID = nil, nil, nil
	return &b
}

// Component returns the named top-level component of c (nil when absent or
// unknown) as its typed pointer, e.g. *BasicDetails.
func Component(c *Campaign, name string) any {
	f, ok := topField(c, name)
	if !ok || f.IsNil() {
		return nil
	}
	return f.Interface()
}

// SetComponent sets (or, with nil, removes) the named top-level component.
func SetComponent(c *Campaign, name string, v any) {
	f, ok := topField(c, name)
	if !ok {
		return
	}
	if v == nil || reflect.ValueOf(v).IsNil() {
		f.SetZero()
		return
	}
	f.Set(reflect.ValueOf(v))
}

// Present lists the top-level components present in c.
func Present(c *Campaign) []string {
	var out []string
	for _, name := range Components {
		if Component(c, name) != nil {
			out = append(out, name)
		}
	}
	return out
}

func topField(c *Campaign, name string) (reflect.Value, bool) {
	rv := reflect.ValueOf(c).Elem()
	si := infoOf(rv.Type())
	pos, ok := si.byName[name]
	if !ok {
		return reflect.Value{}, false
	}
	return rv.Field(si.fields[pos].index), true
}

// MergeInto applies patch onto dst in place with component-level replace:
// every top-level field present in patch replaces dst's, and patch's unknown
// top-level keys replace dst's. Values are shared, not copied.
func MergeInto(dst, patch *Campaign) {
	dv, pv := reflect.ValueOf(dst).Elem(), reflect.ValueOf(patch).Elem()
	si := infoOf(dv.Type())
	for _, f := range si.fields {
		if fv := pv.Field(f.index); present(fv) {
			dv.Field(f.index).Set(fv)
			dst.Extra.Fix(f.name)
		}
	}
	for k, v := range patch.Extra.Unknown {
		dst.Extra.SetUnknown(k, v)
	}
	for k, v := range patch.Extra.Invalid {
		if dst.Extra.Invalid == nil {
			dst.Extra.Invalid = map[string]Invalid{}
		}
		dst.Extra.Invalid[k] = v
		if pos, ok := si.byName[k]; ok {
			dv.Field(si.fields[pos].index).SetZero()
		}
	}
}
