package drafts

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// DeliveryType is the one top-level scalar the engine syncs besides the
// components: a draft's campaign_delivery_type may change.
const DeliveryType = "campaign_delivery_type"

// Units are what the engine compares, journals and sends, each whole: the
// top-level components of model.Components and DeliveryType. Changes an Edit
// makes anywhere else (status, ids, timestamps) are not kept: those belong to
// the service.
var Units = append(slices.Clone(model.Components), DeliveryType)

var null = []byte("null")

// unitJSON is the canonical encoding of one unit ("null" when absent).
func unitJSON(c *model.Campaign, u string) []byte {
	if c == nil {
		return null
	}
	if u == DeliveryType {
		if c.CampaignDeliveryType == nil {
			return null
		}
		b, _ := json.Marshal(*c.CampaignDeliveryType)
		return b
	}
	v := model.Component(c, u)
	if v == nil {
		return null
	}
	return model.Encode(v)
}

func sameUnit(a, b *model.Campaign, u string) bool {
	return bytes.Equal(unitJSON(a, u), unitJSON(b, u))
}

// unitValue is the unit as its typed value (*model.BasicDetails, *string…),
// nil when absent.
func unitValue(c *model.Campaign, u string) any {
	if c == nil {
		return nil
	}
	if u == DeliveryType {
		if c.CampaignDeliveryType == nil {
			return nil
		}
		return c.CampaignDeliveryType
	}
	return model.Component(c, u)
}

// copyUnit makes dst's unit the same value as src's (shared, not copied:
// campaigns held by the engine are never changed in place).
func copyUnit(dst, src *model.Campaign, u string) {
	if u == DeliveryType {
		dst.CampaignDeliveryType = src.CampaignDeliveryType
		return
	}
	model.SetComponent(dst, u, model.Component(src, u))
}

// applyUnits sets dst's units from their JSON (null removes a unit).
func applyUnits(dst *model.Campaign, units map[string]json.RawMessage) error {
	var b bytes.Buffer
	b.WriteByte('{')
	i := 0
	for u, raw := range units {
		if !isUnit(u) {
			return fmt.Errorf("unknown unit %q", u)
		}
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(u)
		b.Write(k)
		b.WriteByte(':')
		if len(raw) == 0 {
			raw = null
		}
		b.Write(raw)
		i++
	}
	b.WriteByte('}')
	partial, err := model.Decode(b.Bytes())
	if err != nil {
		return err
	}
	for u := range units {
		copyUnit(dst, partial, u)
	}
	return nil
}

// decodeUnit reads a value given as JSON (or as any value that encodes to
// it) into the typed value of unit u.
func decodeUnit(u string, v any) (*model.Campaign, error) {
	var raw []byte
	switch x := v.(type) {
	case nil:
		raw = null
	case json.RawMessage:
		raw = x
	case []byte:
		raw = x
	default:
		var err error
		if raw, err = json.Marshal(x); err != nil {
			return nil, err
		}
	}
	partial := &model.Campaign{}
	if err := applyUnits(partial, map[string]json.RawMessage{u: raw}); err != nil {
		return nil, err
	}
	return partial, nil
}

func isUnit(u string) bool { return slices.Contains(Units, u) }

// unitOf names the unit a problem target belongs to ("" when none):
// "campaign_content.content.default…" → campaign_content.
func unitOf(target string) string {
	head := target
	if i := strings.IndexAny(target, ".["); i >= 0 {
		head = target[:i]
	}
	if isUnit(head) {
		return head
	}
	return ""
}

// problemsByUnit files problems under their units; problems of no unit are
// returned apart.
func problemsByUnit(ps []engine.Problem) (map[string][]engine.Problem, []engine.Problem) {
	by := map[string][]engine.Problem{}
	var rest []engine.Problem
	for _, p := range ps {
		if u := unitOf(p.Target); u != "" {
			by[u] = append(by[u], p)
		} else {
			rest = append(rest, p)
		}
	}
	return by, rest
}

// unitCopy is a deep copy of c's unit u as its typed value (nil when absent).
func unitCopy(c *model.Campaign, u string) any {
	partial, err := decodeUnit(u, json.RawMessage(unitJSON(c, u)))
	if err != nil {
		return nil
	}
	return unitValue(partial, u)
}

// copyValue deep-copies a typed unit value.
func copyValue(u string, v any) any {
	partial, err := decodeUnit(u, v)
	if err != nil {
		return nil
	}
	return unitValue(partial, u)
}
