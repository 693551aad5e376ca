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
// rules_test.go holds a failing case for every id.
//
// Targets follow decisions.md §4 and are built only when a rule fails (see
// path.go), so validating a clean campaign builds no strings.
//
// # Rulings where the spec and decisions.md are silent
//
//   - Date-times are local ISO 8601 without an offset (2024-06-21T12:59:00,
//     optional fractional seconds): the zone is scheduling_details.timezone.
//   - A URI needs a scheme; http(s) URIs need a host. {{…}} personalisation is
//     allowed inside.
//   - "Fields that do not apply" are reported when sent with any non-null
//     value, false and 0 included: send_to_triggered_platform_only applies to
//     EVENT_TRIGGERED only; business_event to BUSINESS_EVENT_TRIGGERED only;
//     trigger_condition does not apply to ONE_TIME, PERIODIC and
//     BUSINESS_EVENT_TRIGGERED; queuing is Push-only; limit_send_config does
//     not apply to TRANSACTIONAL email.
//   - Publish needs an audience (is_all_user_campaign or an included filter)
//     for ONE_TIME, PERIODIC and BUSINESS_EVENT_TRIGGERED; triggered campaigns
//     get theirs from the trigger. scheduling_details is needed for ONE_TIME
//     and PERIODIC; basic_details.platforms for Push.
//   - At publish every locale listed in locales needs content, and every
//     locale present needs every variation 1..no_of_variations.
//   - Push content for a platform not in basic_details.platforms is a problem
//     in every phase (when platforms is known); missing content for a listed
//     platform only at publish. Title and message are publish-time, except
//     for Custom templates (the template holds them).
//   - manual_distribution_percentage needs a positive share for every
//     variation, keys exactly variation_1..variation_N, summing to 100.
//   - A default_click_action (and a slide's image_click_action) needs its
//     value; buttons need btn_name and click_action_type; Web buttons need
//     title and url; a carousel needs at least one slide.
//   - At most one goal is primary.
//   - In a patch, channel cannot change, and a draft cannot become
//     BROADCAST_LIVE_ACTIVITY (a stored live-activity campaign keeps its type).
//   - The state table compares a locked field with its stored value
//     (model.Equal): resending the stored value is not an edit.

package engine
