package audience

import (
	"fmt"
	"slices"
	"strings"

	"github.com/campaigns-cli/campaigns/engine/personalize"
	"github.com/campaigns-cli/campaigns/model"
)

// Identifier types of test sends (service-reference §1.9) and previews
// (§1.10).
const (
	IDUniqueID   = "USER_ATTRIBUTE_UNIQUE_ID"
	IDUserEmail  = "USER_ATTRIBUTE_USER_EMAIL"
	IDUserMobile = "USER_ATTRIBUTE_USER_MOBILE"
	IDGAID       = "SVC_GAID"
	IDAdID       = "ADVERTISING_IDENTIFIER"
	IDPushID     = "PUSH_ID"
	IDSegment    = "CUSTOM_SEGMENT"
	IDEmail      = "EMAIL"
	IDID         = "ID"
	IDMobile     = "MOBILE_NUMBER"
)

// Find looks a user up by one identifier. Emails compare case-insensitively,
// mobile numbers ignoring spaces and dashes; CUSTOM_SEGMENT is not a user
// lookup (see Directory.Recipients) and finds nothing here.
func Find(users []User, identifierType, value string) (User, bool) {
	value = strings.TrimSpace(value)
	if value == "" {
		return User{}, false
	}
	match := func(u User) bool {
		switch identifierType {
		case IDUniqueID, IDID:
			return u.ID == value
		case IDUserEmail, IDEmail:
			return u.Email() != "" && strings.EqualFold(u.Email(), value)
		case IDUserMobile, IDMobile:
			return u.Mobile() != "" && digits(u.Mobile()) == digits(value)
		case IDGAID:
			return u.GAID != "" && strings.EqualFold(u.GAID, value)
		case IDAdID:
			return (u.GAID != "" && strings.EqualFold(u.GAID, value)) || (u.IDFA != "" && strings.EqualFold(u.IDFA, value))
		case IDPushID:
			for _, tok := range u.PushIDs {
				if tok == value {
					return true
				}
			}
		}
		return false
	}
	for _, u := range users {
		if match(u) {
			return u, true
		}
	}
	return User{}, false
}

func digits(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '+' || r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}

// IdentifierSuits reports whether a test-send identifier type can be used
// with the channel.
func IdentifierSuits(channel, identifierType string) bool {
	switch channel {
	case model.ChannelPush:
		return slices.Contains(model.PushIdentifiers, identifierType)
	case model.ChannelEmail:
		return slices.Contains(model.EmailIdentifiers, identifierType)
	}
	return false
}

// Recipient is one addressee of a test send.
type Recipient struct {
	// Identifier is the identifier value as sent (for a segment, the
	// segment's id or name).
	Identifier string
	// User is the matched profile; nil for an EMAIL recipient without a
	// profile (rendered with an empty profile) and for identifiers that
	// matched nobody (Missing).
	User *User
	// Email is the address an email goes to.
	Email string
	// Missing says why nobody was found; such a recipient fails every send.
	Missing string
}

// IdentifierError is a test request whose identifiers cannot be used at all.
type IdentifierError struct {
	Target, Message string
}

func (e *IdentifierError) Error() string { return e.Target + ": " + e.Message }

// MaxTestIdentifiers is the most identifier values one test takes.
const MaxTestIdentifiers = 10

// Recipients resolves a test send's identifiers. The identifier type must
// suit the channel and there must be 1 to 10 values (errors name
// test_campaign_meta.identifier or .identifier_values). A value that
// matches nobody is still a recipient, with Missing set, so the test reports
// it as FAILED; with EMAIL it is an address without a profile instead. A
// CUSTOM_SEGMENT value (segment id or name) expands to its members.
func (d *Directory) Recipients(channel, identifierType string, values []string) ([]Recipient, error) {
	if !IdentifierSuits(channel, identifierType) {
		want := model.PushIdentifiers
		if channel == model.ChannelEmail {
			want = model.EmailIdentifiers
		}
		return nil, &IdentifierError{"test_campaign_meta.identifier",
			fmt.Sprintf("identifier %q cannot be used with channel %s; use one of %s", identifierType, channel, strings.Join(want, ", "))}
	}
	if len(values) == 0 {
		return nil, &IdentifierError{"test_campaign_meta.identifier_values", "at least one identifier value is required"}
	}
	if len(values) > MaxTestIdentifiers {
		return nil, &IdentifierError{"test_campaign_meta.identifier_values",
			fmt.Sprintf("at most %d identifier values are allowed, got %d", MaxTestIdentifiers, len(values))}
	}
	var out []Recipient
	for i, v := range values {
		if strings.TrimSpace(v) == "" {
			return nil, &IdentifierError{fmt.Sprintf("test_campaign_meta.identifier_values[%d]", i), "an identifier value cannot be empty"}
		}
		if identifierType == IDSegment {
			s, ok := d.Segment(v)
			if !ok {
				out = append(out, Recipient{Identifier: v, Missing: fmt.Sprintf("no custom segment %q", v)})
				continue
			}
			n := 0
			for _, id := range s.Members {
				if u, ok := d.User(id); ok {
					out = append(out, Recipient{Identifier: v, User: &u, Email: u.Email()})
					n++
				}
			}
			if n == 0 {
				out = append(out, Recipient{Identifier: v, Missing: fmt.Sprintf("custom segment %q has no users", s.Name)})
			}
			continue
		}
		u, ok := Find(d.Users, identifierType, v)
		switch {
		case ok:
			out = append(out, Recipient{Identifier: v, User: &u, Email: u.Email()})
		case identifierType == IDEmail:
			out = append(out, Recipient{Identifier: v, Email: strings.TrimSpace(v)})
		default:
			out = append(out, Recipient{Identifier: v, Missing: fmt.Sprintf("no user with %s %q", identifierType, v)})
		}
	}
	return out, nil
}

// PreviewIdentifiers are the user_identification types of a preview.
var PreviewIdentifiers = []string{IDUniqueID, IDEmail, IDGAID, IDPushID}

// PreviewData is what a preview renders against: the identified user's
// profile, or an empty profile when nobody matches (decisions.md: a preview
// of an unknown user renders, attributes empty or their default), plus the
// request's event attributes. found says whether a user matched.
func (d *Directory) PreviewData(identifierType, value string, event map[string]string) (data personalize.Data, found bool) {
	ev := make(map[string]any, len(event))
	for k, v := range event {
		ev[k] = v
	}
	u, ok := Find(d.Users, identifierType, value)
	if !ok {
		return personalize.Data{User: map[string]any{}, Event: ev}, false
	}
	return u.Data(nil, ev), true
}
