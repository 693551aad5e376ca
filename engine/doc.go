// Rules, ids and targets
//
// Every problem carries a stable rule id, "<component>.<rule>" (for example
// push.ios.audience_flags, delivery.queue_duration, content.default_required),
// and the json.type rule for a known key sent with the wrong JSON type. Rules
// are small functions grouped by component, one file each: top.go (top-level
// keys, the component table, publish completeness), basic.go, connector.go,
// trigger.go (and filters, segmentation), content.go (locales, variations,
// content shape), push.go (Android, iOS, Web), email.go, scheduling.go,
// delivery.go, other.go (advanced, goals, control group, UTM, audience limit).
// Every id is a RuleID constant in rules.go, with a short label (Label);
// rules_test.go holds a failing case for every id and checks that every
// constant is used.
//
// Targets follow decisions.md §4 and are built only when a rule fails (see
// path.go), so validating a clean campaign builds no strings.
//
// # Rulings, audited against "rules the spec does not state"
//
// decisions.md §2 says the engine does not invent restrictions: where neither
// campaigns-v5.md nor decisions.md (nor, where the spec says "not shown",
// service-reference.md) states one, what the real service accepts is
// accepted. Every ruling this file used to list was checked against that;
// each one that stays names its source.
//
// Kept:
//   - Date-times are local ISO 8601 without an offset (2024-06-21T12:59:00,
//     optional fractional seconds); the zone is scheduling_details.timezone.
//     Source: service-reference §1.0, decisions.md §3 (formats).
//   - A URI needs a scheme and http(s) URIs a host; {{…}} personalisation is
//     allowed inside. Source: decisions.md §3 (formats: URI).
//   - Fields that do not apply are reported when sent with any value, false
//     and 0 included. Source: decisions.md §2 "fields that do not apply".
//     Which fields: send_to_triggered_platform_only (event-triggered,
//     campaigns-v5 basic_details), business_event (BUSINESS_EVENT_TRIGGERED,
//     service-reference §3.2 and §3.3), trigger_condition not on ONE_TIME,
//     PERIODIC, BUSINESS_EVENT_TRIGGERED (service-reference §3.2), queuing
//     and the other Push delivery controls only on Push (campaigns-v5
//     "delivery_controls (Push)"), limit_send_config on PERIODIC and
//     EVENT_TRIGGERED (service-reference §2.16, §3.10).
//   - timezone: required at DRAFT_PUBLISH for AT_FIXED_TIME and SEND_IN_BTS,
//     optional at create and patch, an IANA name when present. Source:
//     decisions.md §2 row 14.
//   - Publish needs an audience (is_all_user_campaign or an included filter)
//     for ONE_TIME, PERIODIC and BUSINESS_EVENT_TRIGGERED, scheduling_details
//     for ONE_TIME and PERIODIC, and basic_details.platforms for Push.
//     Source: decisions.md §3 (DRAFT_PUBLISH), service-reference §3.2, §3.13.
//   - Every locale listed in locales needs content and every locale present
//     needs variation_1..no_of_variations. Source: campaigns-v5
//     campaign_content ("other locale keys must match locales", "the
//     variation key names follow no_of_variations").
//   - Missing content for a platform in basic_details.platforms is a publish
//     problem; title and message are publish-time, except for Custom
//     templates. Source: service-reference §3.13.
//   - manual_distribution_percentage: keys exactly variation_1..N, positive
//     shares summing to 100. Source: service-reference §3.6.
//   - A slide's image_click_action needs image_click_action_value; the named
//     button actions need click_action_name. Source: campaigns-v5 Android
//     carousel and buttons ("required when", "for SET_USER_ATTRIBUTE, …";
//     "used when" means "required when", decisions.md §2).
//   - A goal needs goal_name and goal_event_name. Source: campaigns-v5
//     conversion_goal_details (the goal object's fields).
//   - In a patch, channel cannot change, and a draft cannot become
//     BROADCAST_LIVE_ACTIVITY. Source: service-reference §3.1 (BLA), the
//     component PATCH replacing components of one campaign (decisions.md §3).
//   - The state table compares a locked field with its stored value
//     (model.Equal): resending the stored value is not an edit. Source:
//     decisions.md §2 row 1.
//   - Personalisation that does not parse is a DRAFT_PUBLISH problem at its
//     field (content.personalization), with line and column; unknown
//     attribute names are not. Source: decisions.md §2 "personalisation
//     syntax". It is checked with engine/personalize, the renderer of the
//     preview and the sandbox; parses are cached by text in a bounded LRU,
//     a process-wide package variable memoizing a pure function of the
//     text (with check.go's per-type field plans, the engine's only state:
//     it changes speed and memory, never an answer).
//
// Dropped (no spec line states them; the real service's examples or
// reference accept them):
//   - limit_send_config on a TRANSACTIONAL email (decisions.md §2; the
//     reference's email_event_triggered example sends one).
//   - minimum_delay_between_two_notification_in_hour on an Email campaign
//     of a type other than EVENT_TRIGGERED (decisions.md §2).
//   - Push content for a platform that basic_details.platforms does not
//     list: kept as sent.
//   - btn_name and click_action_type on every Android button, button_category
//     on every iOS button, title and url on every Web button: the schemas
//     list these fields without requiring them.
//   - default_click_action_value whenever default_click_action is set, and at
//     least one slide in a carousel: not stated.
//   - At most one primary goal: not stated.
//   - timezone at create and patch (now publish-only, see above).

package engine
