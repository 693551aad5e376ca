package model

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestUnknownFieldsSurviveRoundTrip decodes a fixture full of keys the spec
// does not name (at every level) and wrong-typed values, edits a known field,
// encodes it again, and checks that everything but the edit came back.
func TestUnknownFieldsSurviveRoundTrip(t *testing.T) {
	c, data := decodeFile(t, "../testdata/model/unknown_fields.json")
	// Edit one known field deep inside.
	msg := c.CampaignContent.Content.Keyed["default"]["variation_1"]
	newTitle := "Edited"
	msg.Push.Android.BasicDetails.Title = &newTitle

	out := Encode(c)
	var want, got any
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("encoded output is not JSON: %v\n%s", err, out)
	}
	// Apply the same edit to the expectation; null members read as "not sent".
	want.(map[string]any)["campaign_content"].(map[string]any)["content"].(map[string]any)["default"].(map[string]any)["variation_1"].(map[string]any)["push"].(map[string]any)["android"].(map[string]any)["basic_details"].(map[string]any)["title"] = "Edited"
	if !reflect.DeepEqual(want, got) {
		t.Fatalf("round trip lost data:\nwant %v\ngot  %v", want, got)
	}
	// Big integers in unknown keys keep every digit.
	if s := string(out); !contains(s, "12345678901234567890") || !contains(s, "2.50") {
		t.Fatalf("numbers were rewritten: %s", s)
	}
}

func TestWrongTypesAreKeptNotFatal(t *testing.T) {
	c, err := Decode([]byte(`{"delivery_controls": {"bypass_dnd": "yes", "queue_duration": 1.5, "campaign_throttle_rpm": 10}}`))
	if err != nil {
		t.Fatal(err)
	}
	dc := c.DeliveryControls
	if dc.BypassDND != nil || dc.QueueDuration != nil {
		t.Fatal("wrong-typed values must not fill typed fields")
	}
	if got := dc.Extra.Invalid["bypass_dnd"]; got.Want != "boolean" || got.Value != "yes" {
		t.Fatalf("bypass_dnd kept as %+v", got)
	}
	if got := dc.Extra.Invalid["queue_duration"]; got.Want != "integer" {
		t.Fatalf("queue_duration kept as %+v", got)
	}
	if dc.CampaignThrottleRPM == nil || *dc.CampaignThrottleRPM != 10 {
		t.Fatal("a good field next to bad ones must still decode")
	}
}

func TestSyntaxErrorsSayWhere(t *testing.T) {
	for _, tc := range []struct {
		in        string
		line, col int
	}{
		{"{\n  \"a\": 1,\n  \"b\": tru\n}", 3, 11},
		{"{\"a\": 1", 1, 8},
		{"", 1, 1},
		{"{} {}", 1, 4},
	} {
		_, err := Decode([]byte(tc.in))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Fatalf("%q: want a SyntaxError, got %v", tc.in, err)
		}
		if se.Line != tc.line || se.Column != tc.col {
			t.Errorf("%q: at %d:%d, want %d:%d (%v)", tc.in, se.Line, se.Column, tc.line, tc.col, se)
		}
	}
	if _, err := Decode([]byte(`[1]`)); !errors.Is(err, ErrNotObject) {
		t.Fatalf("an array is not a campaign: %v", err)
	}
}

func TestEncodingJSONUsesTheCodec(t *testing.T) {
	var cc CampaignContent
	if err := json.Unmarshal([]byte(`{"content": {"push": {"android": {"template_type": "BASIC"}}}, "x": 1}`), &cc); err != nil {
		t.Fatal(err)
	}
	if cc.Content.Flat == nil || cc.Content.Flat.Push.Android == nil || cc.Extra.Unknown["x"] == nil {
		t.Fatalf("flat content or unknown key lost: %+v", cc)
	}
	b, err := json.Marshal(struct {
		C *CampaignContent `json:"campaign_content"`
	}{&cc})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"campaign_content":{"content":{"push":{"android":{"template_type":"BASIC"}}},"x":1}}`; string(b) != want {
		t.Fatalf("got %s", b)
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// TestUnknownKeysAtEveryLevel: a fixture with an unknown key in every object
// the model types (x_… keys), decoded, edited in several components and
// encoded again, keeps every unknown key with its value.
func TestUnknownKeysAtEveryLevel(t *testing.T) {
	c, data := decodeFile(t, "../testdata/model/unknown_everywhere.json")
	// Edits as an editor makes them: known fields changed, objects replaced.
	name := "Renamed"
	c.BasicDetails.Name = &name
	msg := c.CampaignContent.Content.Keyed["default"]["variation_1"]
	subject := "New subject"
	msg.Email.Subject = &subject
	msg.Push.Android.Buttons = append(msg.Push.Android.Buttons, AndroidButton{BtnName: &name})
	c.Connector.ConnectorName = &name

	var got map[string]any
	if err := json.Unmarshal(Encode(c), &got); err != nil {
		t.Fatal(err)
	}
	var want map[string]any
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	wantKeys := unknownKeys(want, "")
	if len(wantKeys) < 50 {
		t.Fatalf("fixture should hold an unknown key in every object, found %d", len(wantKeys))
	}
	gotKeys := unknownKeys(got, "")
	for k, v := range wantKeys {
		if g, ok := gotKeys[k]; !ok {
			t.Errorf("lost %s", k)
		} else if !reflect.DeepEqual(g, v) {
			t.Errorf("%s: got %v, want %v", k, g, v)
		}
	}
	// The edits landed, and the custom UTM key (an unknown key) stayed.
	if got["basic_details"].(map[string]any)["name"] != "Renamed" || got["utm_params"].(map[string]any)["custom_one"] != "c" {
		t.Fatalf("edits or UTM custom key lost: %v", got)
	}
	// Through encoding/json too (wire types embed model values).
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var viaJSON map[string]any
	if err := json.Unmarshal(b, &viaJSON); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(viaJSON, got) {
		t.Fatal("encoding/json and Encode disagree")
	}
}

// unknownKeys collects every x_-prefixed key with its path.
func unknownKeys(v any, path string) map[string]any {
	out := map[string]any{}
	switch t := v.(type) {
	case map[string]any:
		for k, e := range t {
			p := path + "." + k
			if strings.HasPrefix(k, "x_") {
				out[p] = e
			}
			for kk, vv := range unknownKeys(e, p) {
				out[kk] = vv
			}
		}
	case []any:
		for i, e := range t {
			for kk, vv := range unknownKeys(e, path+"["+strconv.Itoa(i)+"]") {
				out[kk] = vv
			}
		}
	}
	return out
}

// TestCloneIsDeepAndFaithful: a clone encodes to the same JSON as the
// original (unknown keys, wrong-typed values, both content shapes) and
// shares no memory with it.
func TestCloneIsDeepAndFaithful(t *testing.T) {
	files, _ := filepath.Glob("../testdata/campaigns/*.json")
	more, _ := filepath.Glob("../testdata/model/*.json")
	for _, f := range append(files, more...) {
		c, _ := decodeFile(t, f)
		d := Clone(c)
		if !Equal(c, d) {
			t.Fatalf("%s: clone differs:\n%s\n%s", f, Encode(c), Encode(d))
		}
		before := string(Encode(c))
		// Change every kind of value in the clone; the original must not move.
		name := "changed"
		if d.BasicDetails != nil {
			d.BasicDetails.Name = &name
			d.BasicDetails.Tags = append(d.BasicDetails.Tags[:0:0], "x")
			d.BasicDetails.Extra.SetUnknown("x_new", 1)
		}
		if d.CampaignContent != nil && d.CampaignContent.Content != nil {
			for _, vars := range d.CampaignContent.Content.Keyed {
				for k := range vars {
					vars[k] = nil
				}
			}
			d.CampaignContent.Content.Flat = nil
		}
		for _, v := range d.Extra.Unknown {
			if m, ok := v.(map[string]any); ok {
				m["mutated"] = true
			}
		}
		if d.DeliveryControls != nil {
			for k := range d.DeliveryControls.Extra.Invalid {
				delete(d.DeliveryControls.Extra.Invalid, k)
			}
		}
		if after := string(Encode(c)); after != before {
			t.Fatalf("%s: changing the clone changed the original", f)
		}
	}
	// A wrong-typed value fixed through the typed field is dropped, as Encode does.
	c, _ := Decode([]byte(`{"delivery_controls": {"bypass_dnd": "yes"}}`))
	yes := true
	c.DeliveryControls.BypassDND = &yes
	if d := Clone(c); len(d.DeliveryControls.Extra.Invalid) != 0 || !*d.DeliveryControls.BypassDND {
		t.Fatalf("stale wrong-typed value kept: %+v", d.DeliveryControls)
	}
}

func BenchmarkCloneTypical(b *testing.B) {
	c, _ := decodeFile(b, "../testdata/campaigns/push_one_time.json")
	b.ReportAllocs()
	for b.Loop() {
		Clone(c)
	}
}

func TestNilEncodesAsNull(t *testing.T) {
	var bd *BasicDetails
	if got := string(Encode(nil)); got != "null" {
		t.Fatalf("Encode(nil) = %s", got)
	}
	if got := string(Encode(bd)); got != "null" {
		t.Fatalf("Encode(typed nil) = %s", got)
	}
	if !Equal(nil, bd) || Equal(bd, &BasicDetails{}) {
		t.Fatal("an absent component equals nil and differs from an empty one")
	}
}

func TestVariationOrderIsNumeric(t *testing.T) {
	got := VariationOrder(map[string]int{"variation_10": 0, "control": 0, "variation_2": 0, "variation_1": 0})
	if strings.Join(got, " ") != "variation_1 variation_2 variation_10 control" {
		t.Fatalf("got %v", got)
	}
	// Keyed content is written in the same order.
	c, err := Decode([]byte(`{"campaign_content":{"content":{"default":{"variation_10":{},"variation_2":{}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if s := string(Encode(c)); strings.Index(s, "variation_2") > strings.Index(s, "variation_10") {
		t.Fatalf("variation_10 written before variation_2: %s", s)
	}
}

func TestNullOnAKnownFieldIsKeptNotReported(t *testing.T) {
	in := `{"status":null,"basic_details":{"name":null,"tags":["a"]}}`
	c, err := Decode([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if c.BasicDetails.Name != nil || !c.BasicDetails.Extra.Null["name"] || len(c.BasicDetails.Extra.Invalid) != 0 {
		t.Fatalf("a null name reads as not sent, is remembered, and is no type problem: %+v", c.BasicDetails.Extra)
	}
	if !c.Extra.Null["status"] {
		t.Fatal("a null status must stay visible: the key alone is forbidden")
	}
	if cl := Clone(c); !Equal(cl, c) {
		t.Fatalf("clone lost the nulls: %s", Encode(cl))
	}
	var want, got any
	_ = json.Unmarshal([]byte(in), &want)
	_ = json.Unmarshal(Encode(c), &got)
	if !reflect.DeepEqual(want, got) {
		t.Fatalf("round trip: %v, want %v", got, want)
	}
}

// decodeFile is the campaign in the file at path, and the file's bytes.
func decodeFile(t testing.TB, path string) (*Campaign, []byte) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Decode(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return c, data
}
