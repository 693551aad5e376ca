package audience

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/model"
)

var now = time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)

func TestDemoIsDeterministicAndRealistic(t *testing.T) {
	t.Parallel()
	a, b := Demo(now), Demo(now)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two demo directories built with the same now differ")
	}
	if len(a.Users) != DemoSize {
		t.Fatalf("%d users, want %d", len(a.Users), DemoSize)
	}
	ids, emails := map[string]bool{}, map[string]bool{}
	var android, ios, web, optedOut, carts int
	for _, u := range a.Users {
		if ids[u.ID] || emails[u.Email()] {
			t.Fatalf("duplicate id or email: %s %s", u.ID, u.Email())
		}
		ids[u.ID], emails[u.Email()] = true, true
		for _, attr := range []string{AttrFirstName, AttrLastName, AttrCity, AttrCountry, AttrTimezone, AttrLoyaltyTier, AttrMobile} {
			if s, _ := u.Attributes[attr].(string); s == "" {
				t.Fatalf("%s has no %s", u.ID, attr)
			}
		}
		if !strings.Contains(u.Email(), "@") || !strings.HasPrefix(u.Mobile(), "+") {
			t.Fatalf("%s: email %q mobile %q", u.ID, u.Email(), u.Mobile())
		}
		if _, err := time.LoadLocation(u.Attributes[AttrTimezone].(string)); err != nil {
			t.Fatalf("%s: %v", u.ID, err)
		}
		if _, ok := u.Attributes[AttrAge].(float64); !ok {
			t.Fatalf("%s: age is %T", u.ID, u.Attributes[AttrAge])
		}
		signup := u.Attributes[AttrSignupDate].(time.Time)
		if !signup.Before(now) || signup.Before(now.AddDate(-2, 0, -1)) {
			t.Fatalf("%s signed up %v", u.ID, signup)
		}
		for _, e := range u.Events {
			if e.Time.After(now) || e.Time.Before(now.AddDate(0, 0, -31)) {
				t.Fatalf("%s: event %s at %v", u.ID, e.Name, e.Time)
			}
			if e.Name == "cart_abandoned" {
				carts++
				if _, ok := e.Attributes["price"].(float64); !ok {
					t.Fatalf("cart_abandoned without a price: %v", e.Attributes)
				}
			}
		}
		if u.PushIDs["ANDROID"] != "" {
			android++
		}
		if u.PushIDs["IOS"] != "" {
			ios++
		}
		if u.PushIDs["WEB"] != "" {
			web++
		}
		if u.OptedOut {
			optedOut++
		}
	}
	if android == 0 || ios == 0 || web == 0 || optedOut == 0 || carts == 0 {
		t.Fatalf("android %d ios %d web %d opted out %d carts %d: every kind must be represented", android, ios, web, optedOut, carts)
	}
	// Dates follow now.
	later := Demo(now.Add(48 * time.Hour))
	if got := later.Users[5].Attributes[AttrSignupDate].(time.Time).Sub(a.Users[5].Attributes[AttrSignupDate].(time.Time)); got != 48*time.Hour {
		t.Fatalf("signup moved by %v with now, want 48h", got)
	}
}

func TestFixedDemoUsers(t *testing.T) {
	t.Parallel()
	d := Demo(now)
	ana, ok := d.User("user-001")
	if !ok || ana.Attributes[AttrFirstName] != "Ana" || ana.Attributes[AttrCity] != "Lisbon" || ana.Email() != "ana.silva@example.com" {
		t.Fatalf("user-001 = %+v", ana.Attributes)
	}
	if len(ana.PushIDs) != 3 || ana.OptedOut {
		t.Fatalf("user-001 push ids %v opted out %v", ana.PushIDs, ana.OptedOut)
	}
	ben, _ := d.User("user-002")
	if !ben.OptedOut || ben.Attributes[AttrOptedOut] != true || ben.PushIDs["IOS"] != "" {
		t.Fatalf("user-002 = %+v", ben)
	}
	chloe, _ := d.User("user-003")
	if len(chloe.PushIDs) != 0 || chloe.Email() == "" {
		t.Fatalf("user-003 = %+v", chloe)
	}
	vip, ok := d.Segment("VIP customers")
	if !ok || vip.ID != "seg-vip" || len(vip.Members) == 0 {
		t.Fatalf("vip segment = %+v", vip)
	}
	for _, id := range vip.Members {
		u, _ := d.User(id)
		if tier := u.Attributes[AttrLoyaltyTier]; tier != "Gold" && tier != "Platinum" {
			t.Fatalf("%s in VIP with tier %v", id, tier)
		}
	}
}

func TestProfileFormatsDatesForTemplates(t *testing.T) {
	t.Parallel()
	ana, _ := Demo(now).User("user-001")
	p := ana.Profile()
	s, ok := p[AttrSignupDate].(string)
	if !ok {
		t.Fatalf("signup date in profile is %T", p[AttrSignupDate])
	}
	if _, err := time.Parse(time.RFC3339, s); err != nil {
		t.Fatal(err)
	}
	if p["ID"] != "user-001" {
		t.Fatalf("profile ID = %v", p["ID"])
	}
	d := ana.Data(map[string]any{AttrFirstName: "Annie"}, map[string]any{"x": 1})
	if d.User[AttrFirstName] != "Annie" || ana.Attributes[AttrFirstName] != "Ana" || d.Event["x"] != 1 {
		t.Fatalf("overrides: %v / %v", d.User[AttrFirstName], ana.Attributes[AttrFirstName])
	}
}

func TestFind(t *testing.T) {
	t.Parallel()
	d := Demo(now)
	cases := []struct {
		typ, value, want string
	}{
		{IDUniqueID, "user-001", "user-001"},
		{IDID, "user-002", "user-002"},
		{IDUserEmail, "ANA.SILVA@example.com", "user-001"},
		{IDEmail, " ana.silva@example.com ", "user-001"},
		{IDUserMobile, "+351 912-345-678", "user-001"},
		{IDMobile, "+351912345678", "user-001"},
		{IDGAID, "38400000-8CF0-11BD-B23E-10B96E40000D", "user-001"},
		{IDAdID, "6d92078a-8246-4ba4-ae5b-76104861e7dc", "user-001"},
		{IDAdID, "38400000-8cf0-11bd-b23e-10b96e40000d", "user-001"},
		{IDPushID, "apns:user-001:ios", "user-001"},
		{IDPushID, "fcm:user-002:android", "user-002"},
		{IDUniqueID, "user-999", ""},
		{IDPushID, "", ""},
		{IDSegment, "seg-vip", ""},
		{"NOT_A_TYPE", "user-001", ""},
	}
	for _, c := range cases {
		u, ok := Find(d.Users, c.typ, c.value)
		if ok != (c.want != "") || u.ID != c.want {
			t.Errorf("Find(%s, %q) = %q, %v; want %q", c.typ, c.value, u.ID, ok, c.want)
		}
	}
}

func TestRecipients(t *testing.T) {
	t.Parallel()
	d := Demo(now)
	t.Run("identifier must suit the channel", func(t *testing.T) {
		for _, c := range []struct{ ch, typ string }{{model.ChannelEmail, IDPushID}, {model.ChannelPush, IDEmail}, {model.ChannelEmail, IDGAID}, {model.ChannelPush, IDMobile}, {"SMS", IDUniqueID}} {
			_, err := d.Recipients(c.ch, c.typ, []string{"x"})
			ie, ok := err.(*IdentifierError)
			if !ok || ie.Target != "test_campaign_meta.identifier" || !strings.Contains(ie.Message, c.typ) {
				t.Errorf("%s with %s: %v", c.ch, c.typ, err)
			}
		}
	})
	t.Run("one to ten values", func(t *testing.T) {
		if _, err := d.Recipients(model.ChannelPush, IDUniqueID, nil); err == nil {
			t.Error("no values accepted")
		}
		eleven := make([]string, 11)
		for i := range eleven {
			eleven[i] = "user-001"
		}
		_, err := d.Recipients(model.ChannelPush, IDUniqueID, eleven)
		if ie, ok := err.(*IdentifierError); !ok || ie.Target != "test_campaign_meta.identifier_values" {
			t.Errorf("11 values: %v", err)
		}
		if _, err := d.Recipients(model.ChannelPush, IDUniqueID, eleven[:10]); err != nil {
			t.Errorf("10 values: %v", err)
		}
		_, err = d.Recipients(model.ChannelPush, IDUniqueID, []string{"user-001", " "})
		if ie, ok := err.(*IdentifierError); !ok || ie.Target != "test_campaign_meta.identifier_values[1]" {
			t.Errorf("blank value: %v", err)
		}
	})
	t.Run("email works without a profile", func(t *testing.T) {
		rs, err := d.Recipients(model.ChannelEmail, IDEmail, []string{"stranger@example.org", "ana.silva@example.com"})
		if err != nil || len(rs) != 2 {
			t.Fatal(rs, err)
		}
		if rs[0].User != nil || rs[0].Email != "stranger@example.org" || rs[0].Missing != "" {
			t.Errorf("stranger = %+v", rs[0])
		}
		if rs[1].User == nil || rs[1].User.ID != "user-001" {
			t.Errorf("ana = %+v", rs[1])
		}
	})
	t.Run("unknown ids are failed recipients", func(t *testing.T) {
		rs, _ := d.Recipients(model.ChannelPush, IDUniqueID, []string{"user-999"})
		if len(rs) != 1 || rs[0].User != nil || !strings.Contains(rs[0].Missing, "user-999") {
			t.Fatalf("%+v", rs)
		}
	})
	t.Run("custom segment expands to members", func(t *testing.T) {
		rs, _ := d.Recipients(model.ChannelEmail, IDSegment, []string{"Internal staff", "seg-nope"})
		if len(rs) != 4 || rs[0].User.ID != "user-001" || rs[2].User.ID != "user-003" || rs[3].Missing == "" {
			t.Fatalf("%+v", rs)
		}
		d2 := &Directory{Users: d.Users, Segments: []Segment{{ID: "seg-empty", Name: "Empty"}}}
		rs, _ = d2.Recipients(model.ChannelPush, IDSegment, []string{"seg-empty"})
		if len(rs) != 1 || !strings.Contains(rs[0].Missing, "has no users") {
			t.Fatalf("empty segment: %+v", rs)
		}
	})
}

func TestPreviewData(t *testing.T) {
	t.Parallel()
	d := Demo(now)
	data, found := d.PreviewData(IDEmail, "ana.silva@example.com", map[string]string{"order_id": "A1"})
	if !found || data.User[AttrFirstName] != "Ana" || data.Event["order_id"] != "A1" {
		t.Fatalf("%v %+v", found, data)
	}
	data, found = d.PreviewData(IDUniqueID, "nobody", map[string]string{"order_id": "A1"})
	if found || len(data.User) != 0 || data.Event["order_id"] != "A1" {
		t.Fatalf("unknown user: %v %+v", found, data)
	}
	if _, found = d.PreviewData(IDPushID, "web:user-001:web", nil); !found {
		t.Fatal("push id")
	}
}
