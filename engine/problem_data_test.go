package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// TestProblemsCarryTheirData: a screen words a problem from its data, so the
// value at fault and the values allowed travel with it, not only inside the
// English message.
func TestProblemsCarryTheirData(t *testing.T) {
	for _, tc := range []struct {
		name    string
		fix     string
		set     [][2]string
		rule    RuleID
		value   string
		allowed []string
	}{
		{"enum", eOT, s(bd+".content_type", `"LOUD"`), RuleBasicContentType, "LOUD", []string{"PROMOTIONAL", "TRANSACTIONAL"}},
		{"platform", pOT, s(bd+".platforms", `["ANDROID","TV"]`), RuleBasicPlatforms, "TV", allPlatforms},
		{"weekday", pPER, s(sd+".periodic_details.sending_frequency", `"WEEKLY"`, sd+".periodic_details.repeat_on_days_of_week", `["FUNDAY"]`), RuleSchedulingWeekday, "FUNDAY", model.Weekdays},
		{"email address", eOT, s(em+".from_address", `"nobody"`), RuleEmailAddress, "nobody", nil},
		{"shares sum", pET, s(mdp, `{"variation_1": 10, "variation_2": 20}`), RuleVariationsManualSum, "30", nil},
		{"both bodies", eOT, s(em+".custom_template_id", `"t1"`), RuleEmailHTMLOrTemplate, ValueBoth, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			probs := Validate(mutated(t, tc.fix, tc.set), PhasePublish, Options{})
			for _, p := range probs {
				if p.Rule != tc.rule {
					continue
				}
				if p.Value != tc.value || !slices.Equal(p.Allowed, tc.allowed) {
					t.Fatalf("%s: value %q allowed %q, want %q %q", p.Rule, p.Value, p.Allowed, tc.value, tc.allowed)
				}
				return
			}
			t.Fatalf("no %s problem:%s", tc.rule, dump(probs))
		})
	}
}

// TestLockedFieldNamesTheState: state.locked carries the state the
// campaign is in, for the sentence a screen makes of it.
func TestLockedFieldNamesTheState(t *testing.T) {
	stored := loadFixture(t, pET)
	res := ValidatePatch(stored, decode(t, `{"segmentation_details": {"is_all_user_campaign": true}}`), "PAUSED", Options{})
	if len(res.Problems) == 0 || res.Problems[0].Rule != RuleStateLocked || res.Problems[0].Value != "PAUSED" {
		t.Fatalf("want state.locked with value PAUSED, got:%s", dump(res.Problems))
	}
}

// TestMessagePartsNameTheKeys: the message's parts mark every JSON key it
// names, and put together they are the message, word for word.
func TestMessagePartsNameTheKeys(t *testing.T) {
	probs := Validate(mutated(t, pOT, s(dc+".queuing_enabled", "true", dc+".queue_duration", "100")), PhasePublish, Options{})
	for _, p := range probs {
		if p.Rule != RuleDeliveryQueueDuration {
			continue
		}
		var keys []string
		var whole strings.Builder
		p.Parts(func(kind PartKind, s string) {
			if kind == PartKey {
				keys = append(keys, s)
			}
			if kind == PartPhrase {
				s = apiPhrases[s]
			}
			whole.WriteString(s)
		})
		if !slices.Equal(keys, []string{"queue_duration", "queuing_enabled"}) {
			t.Errorf("keys %q", keys)
		}
		if whole.String() != p.Message {
			t.Errorf("parts make %q, message is %q", whole.String(), p.Message)
		}
		return
	}
	t.Fatalf("no queue_duration problem:%s", dump(probs))
}

// TestValuesWithBackquotesStayText: a value as sent is text in a message,
// whatever it holds: a backquote (the template's key mark) in a time zone,
// a locale or a channel comes back in the message unchanged and names no
// key.
func TestValuesWithBackquotesStayText(t *testing.T) {
	for _, tc := range []struct {
		fix  string
		set  [][2]string
		rule RuleID
		want string
	}{
		{pOT, s(sd+".timezone", "\"Asia/`x`\""), RuleSchedulingTimezone, "timezone \"Asia/`x`\" is not"},
		{pOT, s(bd+".platforms", "[\"`a` b\"]"), RuleBasicPlatforms, "platform \"`a` b\" is not allowed"},
		{pOT, s("campaign_content.content.`es`", `{"variation_1": {"push": {}}}`), RuleContentLocaleUnknown, "locale \"`es`\" is not listed"},
	} {
		probs := Validate(mutated(t, tc.fix, tc.set), PhasePublish, Options{})
		found := false
		for _, p := range probs {
			if p.Rule != tc.rule {
				continue
			}
			found = true
			if !strings.Contains(p.Message, tc.want) {
				t.Errorf("%s: message %q lacks %q", tc.rule, p.Message, tc.want)
			}
			p.Parts(func(kind PartKind, s string) {
				if kind == PartKey && strings.Contains(s, "`") {
					t.Errorf("%s: a value became a key: %q", tc.rule, s)
				}
			})
		}
		if !found {
			t.Errorf("no %s problem:%s", tc.rule, dump(probs))
		}
	}
}

// TestNotApplicableRulesAreKnownByID: every problem that tells the person
// to remove a field sent where it does not apply comes from a rule whose
// id says so, so a tool (the MCP field spec) reads the id, not the words.
func TestNotApplicableRulesAreKnownByID(t *testing.T) {
	seen := 0
	for _, tc := range ruleCases {
		phase := tc.phase
		if phase == 0 {
			phase = PhasePublish
		}
		for _, p := range Validate(mutated(t, tc.fix, tc.set), phase, Options{Features: tc.feat}) {
			says := strings.Contains(p.Message, "does not apply")
			if says != p.Rule.NotApplicable() && !(p.Rule == RuleTriggerIntelligentNotApplicable) {
				t.Errorf("%s: message %q, NotApplicable() = %v", p.Rule, p.Message, p.Rule.NotApplicable())
			}
			if says {
				seen++
			}
		}
	}
	if seen == 0 {
		t.Fatal("no case reaches a not-applicable rule")
	}
}

// TestMissingFieldsAreMarked: every problem whose message says a field is
// required is marked Missing, and no other, so a tool (the MCP field spec)
// reads the mark, not the words.
func TestMissingFieldsAreMarked(t *testing.T) {
	for _, tc := range ruleCases {
		phase := tc.phase
		if phase == 0 {
			phase = PhasePublish
		}
		for _, p := range Validate(mutated(t, tc.fix, tc.set), phase, Options{Features: tc.feat}) {
			if says := strings.Contains(p.Message, "required"); says != p.Missing {
				t.Errorf("%s: message %q, Missing %v", p.Rule, p.Message, p.Missing)
			}
		}
	}
}
