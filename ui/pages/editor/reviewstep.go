package editor

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/components/window"
)

// The Review step's actions besides Publish: "Validate on the service"
// (the service's own verdict on the stored draft, in plain words) and the
// audience estimate beside the summary's audience; and the step's
// scrolling, since the summary is longer than 24 lines.

// Validator runs the service's publish checks on a stored draft.
type Validator interface {
	Validate(ctx context.Context, id string) (api.ValidateResult, error)
}

// Reacher estimates how many users an audience holds (the sandbox's
// /sandbox/reach; a real service answers 404: no estimate).
type Reacher interface {
	Reach(ctx context.Context, seg *model.Segmentation) (api.ReachResult, error)
}

// reviewValidate is the Review step's "Validate on the service" row.
const reviewValidate = "@review-validate"

// reachTimeout bounds the estimate: the summary never waits on it.
const reachTimeout = 5 * time.Second

// reviewState is the Review step's own state.
type reviewState struct {
	win window.Model // the summary scrolls

	// edits counts the editor's changes, to tell a verdict given before
	// the latest edits.
	edits int

	validating bool
	verdict    *api.ValidateResult
	verdictErr error
	flushErr   error // the edits could not all be sent before asking
	verdictFor int   // edits when asked

	audience  string // the audience now, as JSON (set in Update)
	reachFor  string // the audience the estimate is for
	asked     string // the audience asked about, waiting for the answer
	reach     *api.ReachResult
	noReach   bool // the service has no estimate route
	reachFail bool // it failed for this audience
}

// reviewMsg is an answer for the Review step.
type reviewMsg interface{ applyReview(m *Model) tea.Cmd }

type validatedMsg struct {
	edits         int
	res           api.ValidateResult
	err, flushErr error
}

type reachMsg struct {
	key string
	res api.ReachResult
	err error
}

// reviewRows are the Review step's action rows.
func (m *Model) reviewRows() []forms.Field {
	if m.d.state != model.StatusDraft || m.id == "" {
		return nil
	}
	// Publish first: it is what the step is for, and it validates too.
	var out []forms.Field
	if m.f.Publisher != nil {
		out = append(out, forms.Field{Path: reviewPublish, Label: "Publish…", Kind: forms.Action})
	}
	if m.f.Validator != nil {
		out = append(out, forms.Field{Path: reviewValidate, Label: "Validate on the service", Kind: forms.Action})
	}
	return out
}

// validateOnService syncs the edits, then asks the service's validate
// route for its verdict on the stored draft.
func (m *Model) validateOnService() tea.Cmd {
	if m.review.validating {
		return nil
	}
	r := &m.review
	r.validating, r.verdict, r.verdictErr, r.flushErr = true, nil, nil, nil
	m.setNotice("Validating on the service…", false)
	id, h, v, edits := m.id, m.d.h, m.f.Validator, r.edits
	ctx := m.c.Context()
	return m.own(func() tea.Msg {
		ferr := h.Flush(ctx)
		res, err := v.Validate(ctx, id)
		return validatedMsg{edits: edits, res: res, err: err, flushErr: ferr}
	})
}

func (msg validatedMsg) applyReview(m *Model) tea.Cmd {
	r := &m.review
	r.validating, r.verdictFor, r.flushErr = false, msg.edits, msg.flushErr
	if msg.err != nil {
		r.verdict, r.verdictErr = nil, msg.err
		m.setNotice("validate: "+common.ErrorText(msg.err), true)
		return nil
	}
	res := msg.res
	r.verdict, r.verdictErr = &res, nil
	if res.Valid {
		m.setNotice("The service accepts the draft: nothing stops publishing.", false)
	} else {
		m.setNotice(fmt.Sprintf("The service found %s.", model.Count(len(res.Errors), "problem")), true)
	}
	return nil
}

// askReach asks for the audience estimate when the Review step shows an
// audience it has none for. It runs in Update, on the Review step only.
func (m *Model) askReach() tea.Cmd {
	r := &m.review
	if m.step != forms.StepReview || !m.d.loaded || m.d.work == nil {
		return nil
	}
	seg := m.d.work.SegmentationDetails
	b, err := json.Marshal(seg)
	if seg == nil || err != nil {
		r.audience = ""
		return nil
	}
	r.audience = string(b)
	if m.f.Reacher == nil || r.noReach || r.audience == r.reachFor || r.audience == r.asked {
		return nil
	}
	r.asked = r.audience
	var copySeg model.Segmentation
	if err := json.Unmarshal(b, &copySeg); err != nil {
		return nil
	}
	key, rc := r.audience, m.f.Reacher
	ctx := m.c.Context()
	return m.own(func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, reachTimeout)
		defer cancel()
		res, err := rc.Reach(ctx, &copySeg)
		return reachMsg{key: key, res: res, err: err}
	})
}

func (msg reachMsg) applyReview(m *Model) tea.Cmd {
	r := &m.review
	if msg.key != r.asked {
		return nil // the audience changed since: a newer answer follows
	}
	r.asked, r.reachFor = "", msg.key
	switch {
	case msg.err == nil:
		res := msg.res
		r.reach, r.reachFail = &res, false
	case api.StatusOf(msg.err) == 404 || api.StatusOf(msg.err) == 405:
		r.noReach = true // not a sandbox: no estimate, and no more asking
	default:
		r.reach, r.reachFail = nil, true
	}
	return nil
}

// summaryOpts are the summary's options: the user's zone and the estimate
// when it is for the audience shown.
func (m *Model) summaryOpts() forms.SummaryOpts {
	loc := m.f.Local
	if loc == nil {
		loc = time.Local
	}
	o := forms.SummaryOpts{Local: loc, LocalLabel: m.f.localLabel(), Reach: -1, Problems: m.probs.publish}
	if r := &m.review; r.reach != nil && r.reachFor == r.audience && r.audience != "" {
		o.Reach, o.ReachOf, o.ReachPartial = r.reach.Count, r.reach.Total, len(r.reach.Issues) > 0
	}
	return o
}

// verdictLines show the service's verdict under the actions.
func (m *Model) verdictLines(w int) []string {
	s, r := m.c.Styles, &m.review
	wrap := func(st func(...string) string, text, first, rest string) []string {
		var out []string
		for i, l := range strings.Split(ansi.Wrap(text, max(10, w-len(first)), ""), "\n") {
			mark := rest
			if i == 0 {
				mark = first
			}
			out = append(out, st(mark+l))
		}
		return out
	}
	var out []string
	switch {
	case r.validating:
		return []string{s.Muted.Render("Asking the service…")}
	case r.verdictErr != nil:
		out = wrap(s.Error.Render, "The service could not be asked: "+common.ErrorText(r.verdictErr), "✗ ", "  ")
	case r.verdict == nil:
		return nil
	case r.verdict.Valid:
		out = wrap(s.OK.Render, "The service checked the draft: nothing stops publishing.", "✓ ", "  ")
	default:
		// The service runs the same checks: what the checklist below
		// already says is counted, not repeated; the rest is listed.
		local := map[string]bool{}
		for _, it := range m.probs.items {
			local[it.p.Target] = true
		}
		var extra []api.ValidateError
		for _, e := range r.verdict.Errors {
			if !local[e.Field] {
				extra = append(extra, e)
			}
		}
		n, same := len(r.verdict.Errors), len(r.verdict.Errors)-len(extra)
		var head string
		switch {
		case len(extra) == 0:
			head = fmt.Sprintf("The service agrees with the checklist below: %s to fix.", model.Count(n, "problem"))
		case same == 0:
			head = fmt.Sprintf("The service found %s:", model.Count(n, "problem"))
		default:
			head = fmt.Sprintf("The service found %s: the %d of the checklist below, and", model.Count(n, "problem"), same)
		}
		out = wrap(s.Warning.Render, head, "", "")
		for i, e := range extra {
			if i == 8 {
				out = append(out, s.Muted.Render(fmt.Sprintf("… and %d more", len(extra)-8)))
				break
			}
			p := forms.Describe(engine.Problem{Target: e.Field, Message: e.Issue})
			out = append(out, wrap(s.Error.Render, common.Clean(p.Text), "✗ ", "  ")...)
		}
	}
	if r.flushErr != nil {
		out = append(out, wrap(s.Warning.Render, "Some edits could not be sent first, so this is about the copy on the service: "+common.ErrorText(r.flushErr), "", "")...)
	}
	if r.verdictFor != r.edits {
		out = append(out, s.Muted.Render("(given before your latest edits: validate again)"))
	}
	return out
}

// reviewLines are the Review step's lines from the scroll position, h of
// them at most, the last saying when more follow.
func (m *Model) reviewLines(w, h int) []string {
	all := strings.Split(m.reviewView(w), "\n")
	top := min(m.review.win.Top, max(0, len(all)-h))
	out := all[top:]
	if len(out) > h && h > 1 {
		out = append(out[:h-1:h-1], m.c.Styles.Muted.Render("↓ more below (↓ or pgdown)"))
	}
	return out
}

// reviewKey scrolls the Review step: ↓ past the last action scrolls the
// summary, ↑ scrolls back before moving up the actions. It reports
// whether it took the key.
func (m *Model) reviewKey(msg tea.KeyMsg) bool {
	k, r := m.keys, &m.review
	_, w, _, h := m.layout()
	total := len(strings.Split(m.reviewView(w), "\n"))
	r.win.SetHeight(h - 1) // the "more below" line takes one
	lastAction := true
	for i := m.list.cur + 1; i < len(m.list.rows); i++ {
		if m.list.rows[i].Focusable() {
			lastAction = false
		}
	}
	switch {
	case key.Matches(msg, k.Down):
		if !lastAction {
			return false
		}
		r.win.Scroll(1, total)
	case key.Matches(msg, k.Up):
		if r.win.Top == 0 {
			return false
		}
		r.win.Scroll(-1, total)
	case key.Matches(msg, k.PageDown):
		r.win.Scroll(max(1, h-2), total)
	case key.Matches(msg, k.PageUp):
		r.win.Scroll(-max(1, h-2), total)
	default:
		return false
	}
	return true
}

// reviewPublish is the Review step's publish row.
const reviewPublish = "@review-publish"

// publishedMsg is the answer to a publish from the Review step.
type publishedMsg struct {
	state string
	err   error
}

// publishFromReview confirms with the campaign's name and when it goes
// out, then syncs, publishes through V1 and shows the new state.
func (m *Model) publishFromReview() tea.Cmd {
	if n := len(m.probs.items); n > 0 {
		m.setNotice("Fix the "+model.Count(n, "item")+" of the checklist first.", true)
		return nil
	}
	name := "this draft"
	if w := m.d.work; w.BasicDetails != nil && model.Str(w.BasicDetails.Name) != "" {
		name = "“" + model.Str(w.BasicDetails.Name) + "”"
	}
	when := forms.ScheduleTextAs(m.d.work.SchedulingDetails, m.summaryOpts().Local, m.f.localLabel())
	if when == "" {
		when = "when its trigger fires"
	}
	m.confirm("Publish "+name+"?", "It goes live and sends to real users "+when+". The edits are synced first.", publishMsg{})
	return nil
}

// publish syncs, publishes through V1 and reads the new state (the
// publish confirm's yes).
func (m *Model) publish() tea.Cmd {
	id, h, pub := m.id, m.d.h, m.f.Publisher
	ctx := m.c.Context()
	m.setNotice("Publishing…", false)
	return m.own(func() tea.Msg {
		if err := h.Flush(ctx); err != nil {
			return publishedMsg{err: err}
		}
		if err := pub.Publish(ctx, id); err != nil {
			return publishedMsg{err: err}
		}
		c, err := pub.Get(ctx, id)
		if err != nil {
			return publishedMsg{err: err}
		}
		return publishedMsg{state: model.Str(c.Status)}
	})
}

// published shows the state a publish from the Review step left.
func (m *Model) published(msg publishedMsg) tea.Cmd {
	if msg.err != nil {
		m.setNotice("publish refused: "+common.ErrorText(msg.err), true)
		return nil
	}
	// The status is the record's, not a component: the editor's state
	// follows it; the working copy changes only through the sync engine.
	m.d.state = msg.state
	m.d.locked, m.d.lockedAll = engine.Locked(m.d.state)
	m.review.verdict = nil // it was about the draft
	m.setNotice("Published: the campaign is now "+msg.state+".", false)
	m.afterChange()
	return nil
}

// The Review step's summary, drawn by forms' one renderer (the inspector's
// Summary tab draws the same).

// summaryLines renders sum in width w. Nothing is cut: long sentences wrap
// under their own column.
func summaryLines(s themes.Styles, sum forms.Summary, w int) []string {
	return sum.Render(w, forms.Paint{Head: s.Subtitle.Render, Text: s.Text.Render, OK: s.OK.Render, Bad: s.Error.Render, Muted: s.Muted.Render})
}

func (m *Model) reviewView(w int) string {
	s := m.c.Styles
	lines := []string{s.Title.Render("Review"), ""}
	// The Review step's own actions, as rows (enter runs the focused one).
	for i, f := range m.list.rows {
		if f.Kind == forms.Action {
			lines = append(lines, m.rowLine(i, w, m.labelWidth()))
		}
	}
	lines = append(lines, m.verdictLines(w)...)
	if items := m.probs.items; len(items) == 0 {
		lines = append(lines, s.OK.Render("✓ Ready to publish: every publish check passes."))
	} else {
		lines = append(lines, s.Warning.Render("Publish checklist: "+model.Count(len(items), "item")+" left"))
		for i, it := range items {
			if i == 12 {
				lines = append(lines, s.Muted.Render(fmt.Sprintf("… and %d more in the problems panel", len(items)-12)))
				break
			}
			for j, l := range strings.Split(ansi.Wrap(common.Clean(it.plain.Text), max(10, w-2), ""), "\n") {
				mark := "☐ "
				if j > 0 {
					mark = "  "
				}
				lines = append(lines, s.Error.Render(mark+l))
			}
		}
	}
	// A start or expiry already past is a warning, not a rule: the service
	// publishes it all the same.
	if m.d.state == model.StatusDraft {
		o := m.summaryOpts()
		for _, warn := range forms.PublishWarnings(m.d.work, m.c.Clock(), o.Local, o.LocalLabel) {
			for j, l := range strings.Split(ansi.Wrap(common.Clean(warn), max(10, w-2), ""), "\n") {
				mark := "⚠ "
				if j > 0 {
					mark = "  "
				}
				lines = append(lines, s.Warning.Render(mark+l))
			}
		}
	}
	// The campaign in words: who, when, what (part 4).
	sum := forms.Summarize(m.d.work, m.summaryOpts())
	lines = append(lines, "")
	lines = append(lines, summaryLines(s, sum, w)...)
	lines = append(lines, "", s.Subtitle.Render("Sync"), "  "+m.syncText())
	lines = append(lines, "", s.Subtitle.Render("Content"),
		fmt.Sprintf("  locales: %s", strings.Join(forms.Locales(m.d.work), ", ")),
		fmt.Sprintf("  variations: %d", len(forms.Variations(m.d.work))))
	if m.d.channel() == model.ChannelPush {
		lines = append(lines, "  platforms: "+strings.Join(forms.Platforms(m.d.work), ", "))
	}
	if m.f.Publisher != nil && m.d.state == model.StatusDraft {
		lines = append(lines, "")
		for _, l := range strings.Split(ansi.Wrap("enter on Publish… syncs, asks, then publishes; on Validate it asks the service for its verdict.", max(10, w), ""), "\n") {
			lines = append(lines, s.Muted.Render(l))
		}
	}
	return strings.Join(lines, "\n")
}
