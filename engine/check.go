package engine

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

// checker carries one validation run: the campaign the conditional rules read
// (the merged campaign for a patch), the phase, and the problems found so far.
// Targets are built only when a rule fails, so a clean campaign costs little.
type checker struct {
	c     *model.Campaign
	phase Phase
	opts  Options

	channel  string // "" when absent
	dtype    string // campaign_delivery_type, "" when absent
	plats    uint8  // platformBit set of basic_details.platforms
	hasPlats bool   // platforms was sent

	probs []Problem
	more  int // problems past opts.MaxProblems, counted only
	// memo, when set, keeps the problems of messages that did not change
	// (Memo.Validate).
	memo  *Memo
	spans []span // where each message's problems lie in probs (memo)
}

func newChecker(c *model.Campaign, phase Phase, opts Options) *checker {
	k := &checker{c: c, phase: phase, opts: opts}
	k.channel = model.Str(c.Channel)
	k.dtype = model.Str(c.CampaignDeliveryType)
	if bd := c.BasicDetails; bd != nil && bd.Platforms != nil {
		k.hasPlats = true
		for _, p := range bd.Platforms {
			k.plats |= platformBit(p)
		}
	}
	return k
}

// add reports a problem; tmpl is its message template (message.go).
func (k *checker) add(rule RuleID, target, tmpl string) {
	k.record(Problem{Rule: rule, Target: target, Message: message(tmpl), Template: tmpl})
}

// require reports a field that is missing where it is required.
func (k *checker) require(rule RuleID, target, tmpl string) {
	k.record(Problem{Rule: rule, Target: target, Message: message(tmpl), Template: tmpl, Missing: true})
}

// addValue reports a problem about a value, with the values allowed there
// (a copy: the lists are the engine's own).
func (k *checker) addValue(rule RuleID, target, tmpl, value string, allowed []string) {
	k.record(Problem{Rule: rule, Target: target, Message: message(tmpl), Template: tmpl, Value: value, Allowed: slices.Clone(allowed)})
}

// record keeps a problem, or only counts it past opts.MaxProblems.
func (k *checker) record(p Problem) {
	if k.opts.MaxProblems > 0 && k.memo == nil && len(k.probs) >= k.opts.MaxProblems {
		k.more++
		return
	}
	k.probs = append(k.probs, p)
}

// result is the problems found, closed by MoreProblems when some were only
// counted.
func (k *checker) result() []Problem {
	if k.more > 0 {
		return append(k.probs, MoreProblems(k.more))
	}
	return k.probs
}

func (k *checker) isPush() bool  { return k.channel == model.ChannelPush }
func (k *checker) isEmail() bool { return k.channel == model.ChannelEmail }
func (k *checker) publish() bool { return k.phase == PhasePublish }

func (k *checker) targets(platform string) bool { return k.plats&platformBit(platform) != 0 }

// platformBit maps a platform to a bit; unknown names map to none. Kept as a
// set so that a body with a huge platforms array stays linear.
func platformBit(p string) uint8 {
	switch p {
	case model.PlatformAndroid:
		return 1
	case model.PlatformIOS:
		return 2
	case model.PlatformWeb:
		return 4
	}
	return 0
}

// --- small helpers --------------------------------------------------------

func isTrue(p *bool) bool { return p != nil && *p }

// blank reports a missing or white-space-only string; the common case (text
// that starts and ends with a visible byte) is decided without a scan.
func blank(p *string) bool {
	if p == nil {
		return true
	}
	s := *p
	if n := len(s); n > 0 && s[0] > ' ' && s[n-1] > ' ' {
		return false
	}
	return strings.TrimSpace(s) == ""
}

func oneOf(s string, allowed []string) bool {
	for _, a := range allowed {
		if s == a {
			return true
		}
	}
	return false
}

// list renders allowed values for a message: `A`, `B` or `C`.
func list(allowed []string) string {
	var b strings.Builder
	for i, a := range allowed {
		switch {
		case i == 0:
		case i == len(allowed)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(a))
	}
	return b.String()
}

// --- generic rules --------------------------------------------------------

// types reports every known key of one object whose JSON type was wrong.
func (k *checker) types(p *path, ex *model.Extra) {
	if len(ex.Invalid) == 0 {
		return
	}
	keys := slices.Sorted(maps.Keys(ex.Invalid))
	for _, key := range keys {
		k.typeProblem(p.join(key), key, ex.Invalid[key])
	}
}

// typeProblem reports a known key sent with the wrong JSON type. When the
// container is right (an array, an object) but an element is not, the
// element is named: tags[1], manual_distribution_percentage.variation_2.
func (k *checker) typeProblem(target, key string, inv model.Invalid) {
	if elem, ok := strings.CutPrefix(inv.Want, "array of "); ok {
		if arr, isArr := inv.Value.([]any); isArr {
			elem = singular(elem)
			for i, v := range arr {
				if !isKind(elem, v) {
					idx := "[" + strconv.Itoa(i) + "]"
					k.add(RuleJSONType, target+idx, ref(key+idx)+" must be "+article(elem)+", not "+jsonKind(v)+".")
					return
				}
			}
		}
	}
	if elem, ok := strings.CutPrefix(inv.Want, "object of "); ok {
		if obj, isObj := inv.Value.(map[string]any); isObj {
			elem = singular(elem)
			names := slices.Sorted(maps.Keys(obj))
			for _, name := range names {
				if !isKind(elem, obj[name]) {
					k.add(RuleJSONType, target+"."+name, ref(key+"."+name)+" must be "+article(elem)+", not "+jsonKind(obj[name])+".")
					return
				}
			}
		}
	}
	k.add(RuleJSONType, target, ref(key)+" must be "+article(inv.Want)+", not "+jsonKind(inv.Value)+".")
}

// singular undoes the codec's plural of an element type ("strings").
func singular(want string) string {
	if want == "values" {
		return "any value"
	}
	return strings.TrimSuffix(want, "s")
}

// isKind reports whether v is a JSON value of the wanted element type.
func isKind(want string, v any) bool {
	switch want {
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "integer":
		n, ok := v.(json.Number)
		if !ok {
			return false
		}
		_, err := strconv.ParseInt(string(n), 10, 64)
		return err == nil
	case "number":
		_, ok := v.(json.Number)
		return ok
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "any value":
		return true
	}
	return true // nested containers: the container itself is named
}

func article(want string) string {
	switch {
	case strings.HasPrefix(want, "array"), strings.HasPrefix(want, "object"),
		strings.HasPrefix(want, "integer"), strings.HasPrefix(want, "any"):
		return "an " + want
	}
	return "a " + want
}

func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "a number"
}

// wrongType reports whether key was sent with the wrong JSON type, so that a
// "required" rule does not fire a second time for the same field.
func wrongType(ex *model.Extra, key string) bool {
	_, bad := ex.Invalid[key]
	return bad
}

// requiredStr reports a missing (or empty) string field, unless it was sent
// with the wrong JSON type (reported already). It says whether the value is
// there to check further.
func (k *checker) requiredStr(rule RuleID, p *path, key string, v *string, ex *model.Extra, why string) bool {
	if !blank(v) {
		return true
	}
	if !wrongType(ex, key) {
		k.require(rule, p.join(key), ref(key)+" is required"+why+".")
	}
	return false
}

// requiredVal reports a missing non-string field, like requiredStr.
func (k *checker) requiredVal(rule RuleID, p *path, key string, present bool, ex *model.Extra, why string) bool {
	if present {
		return true
	}
	if !wrongType(ex, key) {
		k.require(rule, p.join(key), ref(key)+" is required"+why+".")
	}
	return false
}

func (k *checker) enum(rule RuleID, p *path, key string, v *string, allowed []string) bool {
	if v == nil || oneOf(*v, allowed) {
		return true
	}
	msg := ref(key) + " " + quote(*v) + " is not allowed: use " + list(allowed) + "."
	for _, a := range allowed {
		if strings.EqualFold(a, *v) {
			msg = ref(key) + " " + quote(*v) + " has the wrong casing: use " + strconv.Quote(a) + " exactly."
			break
		}
	}
	k.addValue(rule, p.join(key), msg, *v, allowed)
	return false
}

func (k *checker) uri(rule RuleID, p *path, key string, v *string) {
	if v == nil || webURI(*v) {
		return
	}
	k.addValue(rule, p.join(key), ref(key)+" must be an http:// or https:// address, like https://cdn.example.com/image.png.", *v, nil)
}

// email checks an address; p is the path of the value itself, what names
// it in the message template ("`from_address`", "`cc_ids` entry").
func (k *checker) email(rule RuleID, p *path, what string, v string) {
	if validEmail(v) {
		return
	}
	k.addValue(rule, p.String(), what+" "+quote(v)+" is not an email address like name@example.com.", v, nil)
}

func (k *checker) dateTime(rule RuleID, p *path, key string, v *string) {
	if v == nil || validDateTime(*v) {
		return
	}
	k.addValue(rule, p.join(key), ref(key)+" must be an ISO 8601 date-time without offset, like 2024-06-21T12:59:00 (the zone comes from timezone).", *v, nil)
}

func (k *checker) minInt(rule RuleID, p *path, key string, v *int64, min int64) {
	if v == nil || *v >= min {
		return
	}
	k.addValue(rule, p.join(key), ref(key)+" must be at least "+strconv.FormatInt(min, 10)+".", strconv.FormatInt(*v, 10), nil)
}

// notApplicable reports a field sent where the spec says it does not apply;
// where is a constant such as "to EMAIL campaigns (PUSH only)".
func (k *checker) notApplicable(rule RuleID, p *path, key string, sent bool, where string) {
	if sent {
		k.add(rule, p.join(key), ref(key)+" does not apply "+where+"; remove it.")
	}
}

// naType reports a field sent on a delivery type it does not apply to; only
// names the types it does apply to ("only LOCATION_TRIGGERED").
func (k *checker) naType(rule RuleID, p *path, key string, sent bool, only string) {
	if sent {
		k.add(rule, p.join(key), ref(key)+" does not apply to "+k.dtLabel()+" ("+only+"); remove it.")
	}
}

func (k *checker) keyValues(rule RuleID, p *path, kvs []model.KeyValue) {
	for i := range kvs {
		ip := p.item(i)
		k.types(&ip, &kvs[i].Extra)
		k.requiredStr(rule, &ip, "key", kvs[i].Key, &kvs[i].Extra, "")
	}
}

func (k *checker) strings(rule RuleID, p *path, vs []string, what string) {
	for i, v := range vs {
		if strings.TrimSpace(v) == "" {
			ip := p.item(i)
			k.add(rule, ip.String(), what+" must not be empty.")
		}
	}
}

// dtLabel names the delivery type in messages.
func (k *checker) dtLabel() string {
	if k.dtype == "" {
		return "this delivery type"
	}
	return lit(k.dtype) + " campaigns"
}
