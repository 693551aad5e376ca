package editor

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// testDialog sends a test: up to ten identifiers of a type the channel
// allows, inline (the editor's copy) or saved-draft mode, optionally one
// platform, locale and variation; results are shown per payload key.
type testDialog struct {
	row              int
	idType, mode     int
	platform, locale int
	variation        int
	ids              textinput.Model
	busy             bool
	err              string
	result           *api.TestResult
}

type testDoneMsg struct {
	res  api.TestResult
	err  error
	sent []api.SentTest // what was sent to whom (testresultsview.go)
	mode string         // "inline" or "saved draft"
}

var testModes = []string{"Inline (this editor's copy)", "Saved draft (the service's copy)"}

// MaxTestIdentifiers is the test route's limit.
const MaxTestIdentifiers = 10

func newTestDialog(m *Model) *testDialog {
	d := &testDialog{}
	d.ids = newInput(m.c.Styles)
	d.ids.Prompt = ""
	d.ids.Placeholder = m.c.Styles.Hint("comma separated, at most 10")
	return d
}

func (d *testDialog) identifierTypes(m *Model) []string {
	if m.d.channel() == model.ChannelEmail {
		return model.EmailIdentifiers
	}
	return model.PushIdentifiers
}

func (d *testDialog) options(m *Model, row string) []string {
	switch row {
	case "type":
		return d.identifierTypes(m)
	case "mode":
		return testModes
	case "platform":
		return append([]string{"(all)"}, forms.Platforms(m.d.work)...)
	case "locale":
		return append([]string{"(all)"}, forms.Locales(m.d.work)...)
	case "variation":
		return append([]string{"(all)"}, forms.Variations(m.d.work)...)
	}
	return nil
}

// rows lists the dialog's rows. The service narrows by platform, locale
// and variation in saved-draft mode only; inline mode sends the content given.
func (d *testDialog) rows(m *Model) []string {
	r := []string{"type", "ids", "mode"}
	if d.mode == 1 {
		if m.d.channel() == model.ChannelPush {
			r = append(r, "platform")
		}
		r = append(r, "locale", "variation")
	}
	return append(r, "send")
}

func (d *testDialog) index(row string) *int {
	switch row {
	case "type":
		return &d.idType
	case "mode":
		return &d.mode
	case "platform":
		return &d.platform
	case "locale":
		return &d.locale
	case "variation":
		return &d.variation
	}
	return nil
}

func (d *testDialog) update(m *Model, msg tea.KeyMsg) tea.Cmd {
	if d.busy {
		return nil
	}
	if key.Matches(msg, m.keys.Results) && m.lastTest != nil {
		m.dialog = newResultsView(m, m.lastTest, d)
		return nil
	}
	rows := d.rows(m)
	row := rows[min(d.row, len(rows)-1)]
	switch msg.Type {
	case tea.KeyEsc:
		m.dialog = nil
		return nil
	case tea.KeyUp, tea.KeyShiftTab:
		d.row = max(0, d.row-1)
		return d.focus(rows)
	case tea.KeyDown, tea.KeyTab:
		d.row = min(len(rows)-1, d.row+1)
		return d.focus(rows)
	case tea.KeyLeft, tea.KeyRight:
		if i := d.index(row); i != nil {
			n := len(d.options(m, row))
			step := 1
			if msg.Type == tea.KeyLeft {
				step = -1
			}
			*i = ((*i+step)%n + n) % n
			return nil
		}
	case tea.KeyEnter:
		if row == "send" {
			return d.send(m)
		}
		d.row = min(len(rows)-1, d.row+1)
		return d.focus(rows)
	}
	if row == "ids" {
		var cmd tea.Cmd
		d.ids, cmd = d.ids.Update(msg)
		return cmd
	}
	return nil
}

func (d *testDialog) focus(rows []string) tea.Cmd {
	if rows[d.row] == "ids" {
		return d.ids.Focus()
	}
	d.ids.Blur()
	return nil
}

// request builds the test request, or says what is wrong with the input.
func (d *testDialog) request(m *Model) (api.TestRequest, error) {
	var ids []string
	for _, s := range strings.Split(d.ids.Value(), ",") {
		if s = strings.TrimSpace(s); s != "" {
			ids = append(ids, s)
		}
	}
	if len(ids) == 0 {
		return api.TestRequest{}, fmt.Errorf("identifier_values: enter at least one identifier")
	}
	if len(ids) > MaxTestIdentifiers {
		return api.TestRequest{}, fmt.Errorf("identifier_values: at most %d identifiers, not %d", MaxTestIdentifiers, len(ids))
	}
	pick := func(row string, i int) string {
		if i == 0 {
			return ""
		}
		return d.options(m, row)[i]
	}
	meta := &api.TestMeta{Identifier: d.identifierTypes(m)[d.idType], IdentifierValues: ids}
	if d.mode == 1 {
		meta.LocaleName, meta.Variation = pick("locale", d.locale), pick("variation", d.variation)
		if m.d.channel() == model.ChannelPush {
			meta.Platform = pick("platform", d.platform)
		}
	}
	req := api.TestRequest{Channel: m.d.channel(), TestCampaignMeta: meta}
	if d.mode == 1 {
		req.DraftID = m.id
	} else {
		w := model.Clone(m.d.work)
		req.BasicDetails, req.CampaignContent = w.BasicDetails, w.CampaignContent
		if m.d.channel() == model.ChannelEmail {
			req.Connector = w.Connector
		}
	}
	return req, nil
}

func (d *testDialog) send(m *Model) tea.Cmd {
	req, err := d.request(m)
	if err != nil {
		d.err = err.Error()
		return nil
	}
	if m.f.Tester == nil {
		d.err = "Test sends are not available on this service."
		return nil
	}
	d.err, d.busy, d.result = "", true, nil
	t, out := m.f.Tester, &m.f.outbox
	ctx := m.c.Context()
	mode := "inline"
	if d.mode == 1 {
		mode = "saved draft"
	}
	return m.own(func() tea.Msg {
		msg := sendAndRead(ctx, t, out, req)
		msg.mode = mode
		return msg
	})
}

// done takes the answer (routed from Model.Update).
func (d *testDialog) done(msg testDoneMsg) {
	d.busy = false
	if msg.err != nil {
		d.err = msg.err.Error()
		return
	}
	d.result = &msg.res
}

func (d *testDialog) footer() []key.Binding {
	return []key.Binding{hint("↑/↓", "move"), hint("←/→", "choose"), hint("enter", "next/send"), hint("esc", "close")}
}

func (d *testDialog) view(m *Model) string {
	s := m.c.Styles
	var lines []string
	for i, r := range d.rows(m) {
		var label, val string
		switch r {
		case "ids":
			label, val = "Identifiers", d.ids.View()
		case "send":
			label = "[ Send test ]"
		default:
			label = map[string]string{"type": "Identifier type", "mode": "Mode", "platform": "Platform", "locale": "Locale", "variation": "Variation"}[r]
			val = "‹ " + d.options(m, r)[*d.index(r)] + " ›"
		}
		line := fmt.Sprintf("%-16s %s", label, val)
		if i == d.row {
			line = s.Selected.Render("▸ " + line)
		} else {
			line = "  " + line
		}
		lines = append(lines, line)
	}
	if d.mode == 0 {
		lines = append(lines, s.Muted.Render("Inline sends every platform, locale and variation of this copy."))
	}
	if d.mode == 1 && len(m.status.Unsynced) > 0 {
		lines = append(lines, s.Warning.Render("The saved draft lacks your unsynced edits: ctrl+s first, or send inline."))
	}
	lines = append(lines, "")
	if d.busy {
		lines = append(lines, s.Muted.Render("Sending…"))
	}
	if d.err != "" {
		lines = append(lines, s.Error.Render("✗ "+common.Clean(d.err)))
	}
	if d.result != nil {
		if d.result.Message != "" {
			lines = append(lines, s.Text.Render(common.Clean(d.result.Message))+s.Muted.Render(" · ctrl+r: what was sent"))
		}
		for _, k := range sortedKeys(d.result.Data) {
			o := d.result.Data[k]
			if o.Status == "SENT" {
				lines = append(lines, s.OK.Render("✓ "+common.Clean(k)+"  SENT"))
			} else {
				lines = append(lines, s.Error.Render("✗ "+common.Clean(k)+"  "+common.Clean(o.Status)+" "+common.Clean(o.FailureReason)))
			}
		}
	}
	// enter moves on from a row and sends only on [ Send test ].
	// Two short lines: one long one broke "[ Send test ]" at 80 columns.
	lines = append(lines, s.Muted.Render("↑/↓ move · ←/→ choose · esc close"), s.Muted.Render("enter: the next row; on [ Send test ] it sends"))
	return m.box("Send a test", lines...)
}
