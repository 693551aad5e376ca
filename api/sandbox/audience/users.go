// Package audience is the sandbox's user base: a fixed, seeded set of demo
// users with profiles, devices and events; the segmentation evaluator behind
// Meta's reachability counts; identifier lookup and message rendering for
// test sends and previews. It holds no state and does no I/O: the sandbox
// keeps a Directory and passes it in.
package audience

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/campaigns-cli/campaigns/engine/personalize"
)

// Attribute names of the demo profiles, as a dashboard names them. Filters
// and templates use these names ({{UserAttribute['First Name']}}).
const (
	AttrFirstName   = "First Name"
	AttrLastName    = "Last Name"
	AttrEmail       = "Email (Standard)"
	AttrMobile      = "Mobile Number"
	AttrCity        = "City"
	AttrCountry     = "Country"
	AttrTimezone    = "Timezone"
	AttrLoyaltyTier = "Loyalty Tier"
	AttrAge         = "Age"
	AttrSignupDate  = "Signup Date"
	AttrLastSeen    = "Last Seen"
	AttrOptedOut    = "Opted Out"
	AttrLTV         = "Lifetime Value"
)

// User is one profile. Attribute values are string, float64 (doubles),
// bool or time.Time (datetimes).
type User struct {
	// ID is the unique id (USER_ATTRIBUTE_UNIQUE_ID, Email's ID).
	ID         string
	Attributes map[string]any
	// PushIDs holds one push token per platform (ANDROID, IOS, WEB).
	PushIDs map[string]string
	// GAID is the Google advertising id (SVC_GAID), IDFA the Apple one
	// (ADVERTISING_IDENTIFIER matches either).
	GAID, IDFA string
	// OptedOut users get campaigns only with send_campaign_to_opt_out_users.
	OptedOut bool
	// Segments holds the ids of the custom segments the user belongs to.
	Segments []string
	Events   []Event
}

// Event is one action the user performed.
type Event struct {
	Name       string
	Time       time.Time
	Attributes map[string]any
}

// Segment is a custom segment (custom_segments filters, CUSTOM_SEGMENT test
// identifiers).
type Segment struct {
	ID, Name string
	Members  []string // user ids
}

// Email is the user's email address, "" when none.
func (u User) Email() string { s, _ := u.Attributes[AttrEmail].(string); return s }

// Mobile is the user's mobile number in E.164, "" when none.
func (u User) Mobile() string { s, _ := u.Attributes[AttrMobile].(string); return s }

// Profile is what templates see of the user: attributes with datetimes as
// ISO 8601 text ("2025-03-01T09:30:00Z"), as the service renders them.
func (u User) Profile() map[string]any {
	out := make(map[string]any, len(u.Attributes)+1)
	for k, v := range u.Attributes {
		if t, ok := v.(time.Time); ok {
			v = t.UTC().Format(time.RFC3339)
		}
		out[k] = v
	}
	if u.ID != "" {
		out["ID"] = u.ID
	}
	return out
}

// Data is the personalisation data of the user, with the test's or the
// preview's overrides on top (nil maps are fine).
func (u User) Data(userOverrides, event map[string]any) personalize.Data {
	p := u.Profile()
	for k, v := range userOverrides {
		p[k] = v
	}
	return personalize.Data{User: p, Event: event}
}

// Directory is the user base of a sandbox.
type Directory struct {
	Users    []User
	Segments []Segment
}

// User returns the user with that id.
func (d *Directory) User(id string) (User, bool) {
	for _, u := range d.Users {
		if u.ID == id {
			return u, true
		}
	}
	return User{}, false
}

// Segment returns a custom segment by id, or else by name
// (case-insensitive).
func (d *Directory) Segment(idOrName string) (Segment, bool) {
	for _, s := range d.Segments {
		if s.ID == idOrName {
			return s, true
		}
	}
	for _, s := range d.Segments {
		if strings.EqualFold(s.Name, idOrName) {
			return s, true
		}
	}
	return Segment{}, false
}

// --- demo data ---------------------------------------------------------------

var (
	firstNames = []string{"Ana", "Ben", "Chloé", "Dmitri", "Emma", "Farid", "Grace", "Hiro", "Isabel", "Jonas",
		"Kavya", "Liam", "Maya", "Noah", "Olga", "Pedro", "Qi", "Rosa", "Sven", "Tariq", "Uma", "Victor", "Wen", "Yara"}
	lastNames = []string{"Silva", "Okafor", "Martin", "Ivanov", "Schmidt", "Haddad", "Kim", "Tanaka", "García",
		"Berg", "Iyer", "Murphy", "Cohen", "Dubois", "Novak", "Santos", "Zhang", "Rossi", "Lund", "Aziz"}
	places = []struct{ city, country, tz, dial string }{
		{"Lisbon", "Portugal", "Europe/Lisbon", "+351"},
		{"London", "United Kingdom", "Europe/London", "+44"},
		{"Paris", "France", "Europe/Paris", "+33"},
		{"Berlin", "Germany", "Europe/Berlin", "+49"},
		{"New York", "United States", "America/New_York", "+1"},
		{"San Francisco", "United States", "America/Los_Angeles", "+1"},
		{"Mumbai", "India", "Asia/Kolkata", "+91"},
		{"Bengaluru", "India", "Asia/Kolkata", "+91"},
		{"Tokyo", "Japan", "Asia/Tokyo", "+81"},
		{"São Paulo", "Brazil", "America/Sao_Paulo", "+55"},
		{"Dubai", "United Arab Emirates", "Asia/Dubai", "+971"},
		{"Sydney", "Australia", "Australia/Sydney", "+61"},
	}
	tiers    = []string{"Bronze", "Silver", "Gold", "Platinum"}
	products = []struct {
		item  string
		price float64
	}{{"Running Shoes", 89.9}, {"Rain Jacket", 129}, {"Yoga Mat", 24.5}, {"Headphones", 199}, {"Coffee Beans", 14.2}, {"Backpack", 59.99}}
)

// DemoSize is the number of demo users.
const DemoSize = 48

// Demo builds the demo user base. The same now gives the same users: names,
// devices and events come from a fixed seed, and every date is relative to
// now (signups in the last two years, events in the last 30 days).
//
// A few users are fixed so that docs and tests can name them:
//   - user-001 Ana Silva, Lisbon, Gold, ana.silva@example.com, all three
//     platforms, cart_abandoned {item: "Running Shoes", price: 89.9} 2 h ago;
//   - user-002 Ben Okafor, London, Bronze, Android only, opted out;
//   - user-003 Chloé Martin, Paris, no push token at all (email only).
func Demo(now time.Time) *Directory {
	now = now.UTC()
	r := rand.New(rand.NewPCG(2024, 5))
	d := &Directory{}
	for i := 1; i <= DemoSize; i++ {
		first := firstNames[(i-1)%len(firstNames)]
		last := lastNames[(i-1+(i-1)/len(firstNames))%len(lastNames)]
		pl := places[r.IntN(len(places))]
		id := fmt.Sprintf("user-%03d", i)
		email := strings.ToLower(asciiFold(first)+"."+asciiFold(last)) + "@example.com"
		if i > len(firstNames) {
			email = strings.ToLower(asciiFold(first)+"."+asciiFold(last)) + fmt.Sprintf("%d@example.com", i)
		}
		u := User{
			ID: id,
			Attributes: map[string]any{
				AttrFirstName:   first,
				AttrLastName:    last,
				AttrEmail:       email,
				AttrMobile:      fmt.Sprintf("%s%09d", pl.dial, 100000000+r.IntN(899999999)),
				AttrCity:        pl.city,
				AttrCountry:     pl.country,
				AttrTimezone:    pl.tz,
				AttrLoyaltyTier: tiers[r.IntN(len(tiers))],
				AttrAge:         float64(18 + r.IntN(50)),
				AttrSignupDate:  now.Add(-time.Duration(1+r.IntN(730)) * 24 * time.Hour).Truncate(time.Minute),
				AttrLastSeen:    now.Add(-time.Duration(r.IntN(45*24)) * time.Hour).Truncate(time.Minute),
				AttrLTV:         float64(r.IntN(250000)) / 100,
			},
			PushIDs: map[string]string{},
		}
		if r.IntN(10) < 7 {
			u.PushIDs["ANDROID"] = fmt.Sprintf("fcm:%s:%08x", id, r.Uint32())
			u.GAID = fmt.Sprintf("%08x-%04x-4%03x-a%03x-%012x", r.Uint32(), r.IntN(1<<16), r.IntN(1<<12), r.IntN(1<<12), r.Uint64()&(1<<48-1))
		}
		if r.IntN(10) < 4 {
			u.PushIDs["IOS"] = fmt.Sprintf("apns:%s:%016x", id, r.Uint64())
			u.IDFA = strings.ToUpper(fmt.Sprintf("%08x-%04x-4%03x-b%03x-%012x", r.Uint32(), r.IntN(1<<16), r.IntN(1<<12), r.IntN(1<<12), r.Uint64()&(1<<48-1)))
		}
		if r.IntN(10) < 3 {
			u.PushIDs["WEB"] = fmt.Sprintf("web:%s:%08x", id, r.Uint32())
		}
		u.OptedOut = r.IntN(10) == 0
		// Events: app opens, maybe an abandoned cart, maybe orders.
		for n := r.IntN(6); n > 0; n-- {
			u.Events = append(u.Events, Event{Name: "app_opened", Time: now.Add(-time.Duration(r.IntN(30*24*60)) * time.Minute),
				Attributes: map[string]any{"platform": anyKey(r, u.PushIDs, "WEB")}})
		}
		if r.IntN(3) == 0 {
			p := products[r.IntN(len(products))]
			u.Events = append(u.Events, Event{Name: "cart_abandoned", Time: now.Add(-time.Duration(r.IntN(7*24*60)) * time.Minute),
				Attributes: map[string]any{"item": p.item, "price": p.price}})
		}
		for n := r.IntN(4); n > 0; n-- {
			p := products[r.IntN(len(products))]
			qty := float64(1 + r.IntN(3))
			u.Events = append(u.Events, Event{Name: "order_placed", Time: now.Add(-time.Duration(r.IntN(30*24*60)) * time.Minute),
				Attributes: map[string]any{"order_id": fmt.Sprintf("ORD-%05d", r.IntN(100000)), "item": p.item, "quantity": qty, "amount": p.price * qty}})
		}
		d.Users = append(d.Users, u)
	}
	fixDemoUsers(d.Users, now)
	for i := range d.Users {
		u := &d.Users[i]
		u.Attributes[AttrOptedOut] = u.OptedOut
		slices.SortFunc(u.Events, func(a, b Event) int { return a.Time.Compare(b.Time) })
	}
	d.Segments = demoSegments(d.Users)
	return d
}

func fixDemoUsers(us []User, now time.Time) {
	ana := &us[0]
	ana.Attributes[AttrCity], ana.Attributes[AttrCountry], ana.Attributes[AttrTimezone] = "Lisbon", "Portugal", "Europe/Lisbon"
	ana.Attributes[AttrLoyaltyTier] = "Gold"
	ana.Attributes[AttrMobile] = "+351912345678"
	ana.PushIDs = map[string]string{"ANDROID": "fcm:user-001:android", "IOS": "apns:user-001:ios", "WEB": "web:user-001:web"}
	ana.GAID = "38400000-8cf0-11bd-b23e-10b96e40000d"
	ana.IDFA = "6D92078A-8246-4BA4-AE5B-76104861E7DC"
	ana.OptedOut = false
	ana.Events = append(ana.Events, Event{Name: "cart_abandoned", Time: now.Add(-2 * time.Hour),
		Attributes: map[string]any{"item": "Running Shoes", "price": 89.9}})

	ben := &us[1]
	ben.Attributes[AttrCity], ben.Attributes[AttrCountry], ben.Attributes[AttrTimezone] = "London", "United Kingdom", "Europe/London"
	ben.Attributes[AttrLoyaltyTier] = "Bronze"
	ben.PushIDs = map[string]string{"ANDROID": "fcm:user-002:android"}
	ben.IDFA = ""
	ben.OptedOut = true

	chloe := &us[2]
	chloe.Attributes[AttrCity], chloe.Attributes[AttrCountry], chloe.Attributes[AttrTimezone] = "Paris", "France", "Europe/Paris"
	chloe.PushIDs = map[string]string{}
	chloe.GAID, chloe.IDFA = "", ""
}

func demoSegments(us []User) []Segment {
	vip := Segment{ID: "seg-vip", Name: "VIP customers"}
	beta := Segment{ID: "seg-beta", Name: "Beta testers"}
	staff := Segment{ID: "seg-staff", Name: "Internal staff"}
	for i := range us {
		u := &us[i]
		if t := u.Attributes[AttrLoyaltyTier]; t == "Gold" || t == "Platinum" {
			vip.Members = append(vip.Members, u.ID)
		}
		if i%5 == 0 {
			beta.Members = append(beta.Members, u.ID)
		}
		if i < 3 {
			staff.Members = append(staff.Members, u.ID)
		}
	}
	segs := []Segment{vip, beta, staff}
	for _, s := range segs {
		for _, id := range s.Members {
			for i := range us {
				if us[i].ID == id {
					us[i].Segments = append(us[i].Segments, s.ID)
				}
			}
		}
	}
	return segs
}

func anyKey(r *rand.Rand, m map[string]string, fallback string) string {
	if len(m) == 0 {
		return fallback
	}
	keys := slices.Sorted(maps.Keys(m))
	return keys[r.IntN(len(keys))]
}

// asciiFold makes a name usable in an email address.
func asciiFold(s string) string { return folder.Replace(s) }

// folder is built once: building it cost more than the 96 names it folds,
// a tenth of every sandbox's start.
var folder = strings.NewReplacer("é", "e", "í", "i", "á", "a", "ã", "a", "ç", "c")
