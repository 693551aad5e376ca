package forms

import (
	"fmt"
	"strings"
	"time"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// Check is one line of the "will it send / why didn't it send" checklist:
// what was looked at, whether it lets the campaign send, and why in words.
// The JSON names are the `campaigns status --json` contract.
type Check struct {
	Check  string `json:"check"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail"`
}

// Check names, stable: scripts and tests look for them.
const (
	CheckState    = "state"
	CheckWindow   = "send window"
	CheckChanged  = "changed by"
	CheckProblems = "publish problems"
	CheckReach    = "audience reach"
	CheckVersion  = "version"
)

// ChecklistOpts is what the checklist knows besides the campaign: all of
// it from the service's answers, none of it read here (no I/O).
type ChecklistOpts struct {
	Now time.Time
	// Local and LocalLabel show times in the reader's zone too (nil: the
	// campaign's zone only).
	Local      *time.Location
	LocalLabel string
	// Reach is the service's cached estimate (nil: it has none); ReachAt,
	// when it was computed.
	Reach   *int64
	ReachAt string
	// Newest is the newest version of the campaign the service knows, and
	// NewestStatus its state (nil: not known, or no versioning).
	Newest       *int64
	NewestStatus string
	// Problems are the campaign's publish-phase problems, found by the
	// caller on the request form (ops.Validate reads a live record's read
	// form); nil: none.
	Problems []engine.Problem
}

// Checklist says whether c will send, or why it did not, from what the
// service returned. The same campaign and options give the same list: the
// CLI, MCP and every screen show this one.
func Checklist(c *model.Campaign, o ChecklistOpts) []Check {
	if c == nil {
		return nil
	}
	state := model.Str(c.Status)
	out := []Check{stateCheck(c, state)}
	if w, ok := windowCheck(c, state, o); ok {
		out = append(out, w)
	}
	if how, by := HaltedBy(c); by != "" {
		out = append(out, Check{CheckChanged, false, strings.ToLower(how) + " " + by})
	}
	out = append(out, problemsCheck(c, state, o.Problems))
	if o.Reach != nil {
		ch := Check{Check: CheckReach, OK: *o.Reach > 0}
		if ch.OK {
			ch.Detail = "about " + Thousands(*o.Reach) + " users"
		} else {
			ch.Detail = "the audience reaches nobody"
		}
		if o.ReachAt != "" {
			ch.Detail += " (estimated " + o.ReachAt + ")"
		}
		out = append(out, ch)
	}
	if c.VersionNumber != nil && o.Newest != nil {
		ch := Check{Check: CheckVersion, OK: *o.Newest <= *c.VersionNumber}
		if ch.OK {
			ch.Detail = fmt.Sprintf("version %d is the newest", *c.VersionNumber)
		} else {
			ch.Detail = fmt.Sprintf("version %d is superseded: version %d is the newest", *c.VersionNumber, *o.Newest)
			if o.NewestStatus != "" {
				ch.Detail += " (" + o.NewestStatus + ") and is the one that sends"
			}
		}
		out = append(out, ch)
	}
	return out
}

// stateCheck words the state and what it means next.
// HaltedBy says how c was halted ("Paused", "Stopped") and by whom and when
// ("by sam@example.com on 2026-11-26 17:48 UTC (its last change)"); both
// "" when it is neither. The service records only the last change, whoever
// made it (a pause is the credential's: its body names nobody), so the
// words say so.
func HaltedBy(c *model.Campaign) (how, by string) {
	switch model.Str(c.Status) {
	case model.StatusPaused:
		how = "Paused"
	case model.StatusStopped:
		how = "Stopped"
	default:
		return "", ""
	}
	when := "at a time not recorded"
	if at := model.Str(c.UpdatedAt); at != "" {
		when = "on " + Stamp(at)
	}
	return how, "by " + orBlank(model.Str(c.UpdatedBy)) + " " + when + " (its last change)"
}

func stateCheck(c *model.Campaign, state string) Check {
	ch := Check{Check: CheckState, OK: true}
	switch state {
	case model.StatusDraft:
		ch.OK, ch.Detail = false, "DRAFT: nothing sends until it is published"
	case model.StatusScheduled:
		ch.Detail = "SCHEDULED: published; it sends when its start time comes"
	case model.StatusActive:
		ch.Detail = "ACTIVE: live; it sends as its schedule or trigger says"
	case model.StatusSending:
		ch.Detail = "SENDING: going out now"
	case model.StatusSent:
		ch.Detail = "SENT: it went out; a one-time campaign does not send again"
	case model.StatusPaused:
		ch.OK, ch.Detail = false, "PAUSED: it sends nothing until it is resumed"
	case model.StatusStopped:
		ch.OK, ch.Detail = false, "STOPPED: it will not send again (messages already dispatched were delivered)"
	case model.StatusArchived:
		ch.OK, ch.Detail = false, "ARCHIVED: it will not send again"
	case "":
		ch.OK, ch.Detail = false, "no state: the service returned none"
	default:
		ch.OK, ch.Detail = false, state+": a state this tool does not know"
	}
	return ch
}

// phase of a send window against now.
const (
	windowAhead = iota
	windowOpen
	windowPast
)

// windowCheck compares the send window with now: past, in progress or
// ahead, with both times in the campaign's zone and the reader's. false
// when the campaign has no window (no scheduling, or sent as soon as
// published with no expiry).
func windowCheck(c *model.Campaign, state string, o ChecklistOpts) (Check, bool) {
	w := WindowOf(c.SchedulingDetails)
	start, hasStart := w.Time(w.Start)
	end, hasEnd := w.Time(w.Expiry)
	if !hasStart && !hasEnd {
		return Check{}, false
	}
	at := func(v string) string { return w.At(v, o.Local, o.LocalLabel) }
	phase := windowOpen
	switch {
	case hasEnd && !o.Now.Before(end):
		phase = windowPast
	case hasStart && o.Now.Before(start):
		phase = windowAhead
	}
	ch := Check{Check: CheckWindow, OK: true}
	switch phase {
	case windowPast:
		ch.Detail = "past: it closed " + at(w.Expiry) + ", " + ago(o.Now.Sub(end))
		// A finished campaign's window being past is how it ended, not
		// why it did not send.
		ch.OK = state == model.StatusSent || state == model.StatusStopped || state == model.StatusArchived
	case windowAhead:
		ch.Detail = "ahead: it opens " + at(w.Start) + ", in " + span(start.Sub(o.Now))
	default:
		ch.Detail = "in progress"
		if hasStart {
			ch.Detail += ": opened " + at(w.Start)
		}
		if hasEnd {
			ch.Detail += "; closes " + at(w.Expiry)
		}
		if state == model.StatusDraft && hasStart && model.Str(c.CampaignDeliveryType) == model.DeliveryOneTime {
			ch.Detail += "; its start is already past, so publishing sends at once"
		}
	}
	return ch, true
}

// problemsCheck runs the publish rules. On a draft they block publishing;
// on a live campaign they are what the service refuses on its next edit;
// SMS and other read-only channels are not checked (their rules are not
// V5's).
func problemsCheck(c *model.Campaign, state string, probs []engine.Problem) Check {
	ch := Check{Check: CheckProblems, OK: true}
	switch model.Str(c.Channel) {
	case model.ChannelPush, model.ChannelEmail:
	default:
		ch.Detail = "not checked: " + orBlank(model.Str(c.Channel)) + " campaigns are read-only in V5"
		return ch
	}
	if len(probs) == 0 {
		ch.Detail = "none: every publish rule passes"
		return ch
	}
	var texts []string
	for i, p := range probs {
		if i == 3 {
			texts = append(texts, fmt.Sprintf("and %d more", len(probs)-3))
			break
		}
		texts = append(texts, ProblemLine(p))
	}
	if state == model.StatusDraft {
		ch.OK = false
		ch.Detail = ValidateVerdict(model.Str(c.Channel), state, len(probs)) + ": " + strings.Join(texts, "; ")
		return ch
	}
	// Published already: they do not stop this campaign sending.
	ch.Detail = ProblemCount(len(probs)) + " the service would refuse on the next edit: " + strings.Join(texts, "; ")
	return ch
}

// ProblemCount counts problems in words: "1 problem", "2 problems".
func ProblemCount(n int) string { return Count(n, "problem") }

// PublishWarnings are what publishing c now would do that its author may
// not expect: a start or expiry already past. Warnings, not rules: the
// service publishes it all the same.
func PublishWarnings(c *model.Campaign, now time.Time, local *time.Location, label string) []string {
	if c == nil {
		return nil
	}
	w := WindowOf(c.SchedulingDetails)
	var out []string
	if end, ok := w.Time(w.Expiry); ok && !now.Before(end) {
		out = append(out, "Its expiry, "+w.At(w.Expiry, local, label)+", is already past: published now, it will send nothing.")
	} else if start, ok := w.Time(w.Start); ok && now.After(start) && w.Delivery != model.ScheduleASAP {
		out = append(out, "Its start, "+w.At(w.Start, local, label)+", is already past: published now, it sends at once.")
	}
	return out
}

// ago words a duration back from now: "3 days ago".
func ago(d time.Duration) string { return span(d) + " ago" }

// span words a duration roughly, in its largest whole unit.
func span(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "less than a minute"
	case d < time.Hour:
		return Count(int(d/time.Minute), "minute")
	case d < 48*time.Hour:
		return Count(int(d/time.Hour), "hour")
	}
	return Count(int(d/(24*time.Hour)), "day")
}
