package refcheck

import "strings"

// Kind says which side of an exchange broke the schema.
type Kind string

const (
	KindRequest  Kind = "request"
	KindResponse Kind = "response"
)

// Exchange is one violation found.
type Exchange struct {
	Kind    Kind
	Op      string // "PATCH /v5/campaigns/{campaign_id}"
	Status  int
	Message string
	Body    []byte
}

// Defect is a known way the reference OpenAPI disagrees with the service it
// describes (or with decisions.md), and so a violation that is not ours.
type Defect struct {
	ID, Why  string
	Explains func(Exchange) bool
}

// Defects of the reference, each explained. Keep them here, in one place:
// a violation none of them explains fails the test that caused it.
var Defects = []Defect{
	{ID: "refused-invalid-request",
		Why:      "not a defect: the test sent an invalid request on purpose and the sandbox refused it (4xx), as the reference would",
		Explains: func(x Exchange) bool { return x.Kind == KindRequest && x.Status >= 400 && x.Status < 500 }},
	{ID: "date-time-without-offset",
		Why: "the reference declares start_time, expiry_time and the timebounds as format date-time (RFC 3339, which needs an offset), " +
			"but its own examples (\"2024-06-21T12:59:00\") and campaigns-v5.md use ISO 8601 date-times without offset, read in `timezone`",
		Explains: func(x Exchange) bool { return contains(x.Message, `doesn't match the format "date-time"`) }},
	{ID: "component-oneof-ambiguous",
		Why: "CampaignDetailsResponse gives basic_details, campaign_content, trigger_condition and delivery_controls as oneOf a Push and an Email " +
			"schema with no required property: a record that matches one matches both, so oneOf fails on every valid record",
		Explains: func(x Exchange) bool {
			return x.Kind == KindResponse && contains(x.Message, "input matches more than one oneOf schemas") &&
				anyOf(x.Message, "/basic_details\"", "/delivery_controls\"", "/campaign_content\"", "/trigger_condition\"")
		}},
	{ID: "read-form-delivery-type",
		Why: "the response's scheduling_details is allOf the request's SchedulingDetails, whose delivery_type enum lacks SCHEDULED and PERIODIC, " +
			"though the same property's description (and the GET examples) say the service returns them (decisions.md §2 \"read form\")",
		Explains: func(x Exchange) bool {
			return x.Kind == KindResponse && contains(x.Message, "/scheduling_details/delivery_type\"") && anyOf(x.Message, `Value: "SCHEDULED"`, `Value: "PERIODIC"`)
		}},
	{ID: "not-found-code",
		Why: "the error code enum lacks NOT_FOUND, which the reference's own 404 example uses (decisions.md §2 row 18)",
		Explains: func(x Exchange) bool {
			return x.Kind == KindResponse && x.Status == 404 && contains(x.Message, "/error/code\"", `Value: "NOT_FOUND"`)
		}},
	{ID: "test-draft-discriminator",
		Why: "TestV5Request's discriminator needs channel, but the same schema says draft mode's draft_id is mutually exclusive with channel " +
			"(decisions.md §2 row 15 allows either)",
		Explains: func(x Exchange) bool {
			return x.Kind == KindRequest && x.Op == "POST /v5/campaigns/test" && contains(x.Message, `discriminator property "channel"`)
		}},
	{ID: "android-slider-transition-case",
		Why: "decisions.md §2 row 2: Android's carousel slider_transition is lowercase (manual, automatic), iOS's uppercase; the reference's " +
			"Android enum is uppercase",
		Explains: func(x Exchange) bool {
			return contains(x.Message, "/android/basic_details/carousel_content/slider_transition\"") && anyOf(x.Message, `Value: "manual"`, `Value: "automatic"`)
		}},
	{ID: "auto-distribution-metric-spaces",
		Why: "decisions.md §2 row 3: auto_distribution_metric is OPEN RATE, CLICK RATE, BOTH (with spaces); the reference's enum has underscores",
		Explains: func(x Exchange) bool {
			return contains(x.Message, "/auto_distribution_metric\"") && anyOf(x.Message, `Value: "OPEN RATE"`, `Value: "CLICK RATE"`)
		}},
	{ID: "sms-content-not-described",
		Why: "GET and search return SMS campaigns (the reference says so), but campaign_content's response schema is oneOf Push and Email " +
			"content only: an SMS message (content.sms) matches neither",
		Explains: func(x Exchange) bool {
			return x.Kind == KindResponse && contains(x.Message, "/campaign_content/content/sms")
		}},
	{ID: "android-button-actions",
		Why: "campaigns-v5.md (which wins) lists SNOOZE and REMIND_LATER as Android click_action_type values; the reference's enum leaves them out",
		Explains: func(x Exchange) bool {
			return contains(x.Message, "/click_action_type\"") && anyOf(x.Message, `Value: "SNOOZE"`, `Value: "REMIND_LATER"`)
		}},
}

// otherBranch reports the channel mismatch of the oneOf branch a body was
// never meant for (a Push body against the Email schema): kin-openapi lists
// every branch's errors when none matches, and only the intended branch's
// say what is wrong.
func otherBranch(x Exchange) bool {
	return contains(x.Message, `Error at "/channel"`) &&
		(contains(x.Message, `["EMAIL"]`, `Value: "PUSH"`) || contains(x.Message, `["PUSH"]`, `Value: "EMAIL"`))
}

func contains(s string, subs ...string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

func anyOf(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
