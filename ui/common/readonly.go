package common

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

// ReadOnlyReason says why the editor cannot edit c ("" when it can): a
// channel or delivery type it does not build, or fields it does not know.
// Such campaigns are shown complete, read-only.
func ReadOnlyReason(c *model.Campaign) string {
	ch, dt := model.Str(c.Channel), model.Str(c.CampaignDeliveryType)
	switch ch {
	case model.ChannelPush:
		if !slices.Contains(model.PushCreateDeliveryTypes, dt) {
			return fmt.Sprintf("%s is a delivery type this editor does not edit", OrUnset(dt))
		}
	case model.ChannelEmail:
		if !slices.Contains(model.EmailCreateDeliveryTypes, dt) {
			return fmt.Sprintf("%s is a delivery type this editor does not edit for Email", OrUnset(dt))
		}
	default:
		return fmt.Sprintf("%s campaigns are read-only here", OrUnset(ch))
	}
	if u := UnknownFields(c); len(u) > 0 {
		return fmt.Sprintf("it holds %d field(s) this editor does not know", len(u))
	}
	return ""
}

// OrUnset names a value in a message, cleaned for drawing.
func OrUnset(s string) string {
	if s == "" {
		return "(no value)"
	}
	return Clean(s)
}

// ExtraField is a key a model struct kept aside: unknown to the spec, or a
// known key with a value of the wrong JSON type.
type ExtraField struct {
	Path string
	Want string // the wanted JSON type; "" for an unknown key
}

// UnknownFields lists every key of c kept in an Extra, with its target path
// (decisions.md §4 form), sorted by path.
func UnknownFields(c *model.Campaign) []ExtraField {
	var out []ExtraField
	walkExtra(reflect.ValueOf(c), "", &out)
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

var (
	extraT   = reflect.TypeFor[model.Extra]()
	contentT = reflect.TypeFor[model.Content]()
	utmT     = reflect.TypeFor[model.UTMParams]()
)

// JoinPath appends a key to a target path (decisions.md §4 form).
func JoinPath(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

func walkExtra(v reflect.Value, path string, out *[]ExtraField) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkExtra(v.Elem(), path, out)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			walkExtra(v.Index(i), fmt.Sprintf("%s[%d]", path, i), out)
		}
	case reflect.Map:
		if v.Type().Key().Kind() != reflect.String {
			return
		}
		keys := v.MapKeys()
		for _, k := range keys {
			walkExtra(v.MapIndex(k), JoinPath(path, k.String()), out)
		}
	case reflect.Struct:
		t := v.Type()
		if t == contentT {
			ct := v.Addr().Interface().(*model.Content)
			if ct.Flat != nil {
				walkExtra(reflect.ValueOf(ct.Flat), path, out)
			}
			for loc, vars := range ct.Keyed {
				for name, m := range vars {
					walkExtra(reflect.ValueOf(m), JoinPath(JoinPath(path, loc), name), out)
				}
			}
			for k := range ct.Bad {
				// Content of a shape the model does not know (SMS, say).
				*out = append(*out, ExtraField{Path: JoinPath(path, k)})
			}
			return
		}
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if f.Type == extraT {
				ex := v.Field(i).Interface().(model.Extra)
				if t == utmT {
					// Custom UTM parameters are any other key by design.
					ex.Unknown = nil
				}
				for k := range ex.Unknown {
					*out = append(*out, ExtraField{Path: JoinPath(path, k)})
				}
				for k, inv := range ex.Invalid {
					*out = append(*out, ExtraField{Path: JoinPath(path, k), Want: inv.Want})
				}
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" || !f.IsExported() {
				continue
			}
			walkExtra(v.Field(i), JoinPath(path, name), out)
		}
	}
}
