package dialogs

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/components/dialog"
)

// MaxTestIdentifiers is the test route's limit.
const MaxTestIdentifiers = 10

var testModes = []string{"Inline (this editor's copy)", "Saved draft (the service's copy)"}

// TestContent is what a test can be narrowed to: the campaign's channel,
// platforms, locales and variations.
type TestContent struct {
	Channel                        string
	Platforms, Locales, Variations []string
}

// TestSend sends a test: up to ten identifiers of a type the channel
// allows, inline (the editor's copy) or saved-draft mode, optionally one
// platform, locale and variation; the outcome is shown per payload key.
type TestSend struct {
	frame
	c                TestContent
	results          key.Binding // ctrl+r: the last test's results
	unsynced         bool        // edits the saved draft lacks
	row              int
	idType, mode     int
	platform, locale int
	variation        int
	ids              textinput.Model
	busy             bool
	err              string
	result           *api.TestResult
}

// NewTestSend sends a test of content c; unsynced: the service's saved
// draft lacks edits; results is the key that shows the last test's.
func NewTestSend(s themes.Styles, c TestContent, unsynced bool, results key.Binding) *TestSend {
	d := &TestSend{frame: frame{s: s}, c: c, unsynced: unsynced, results: results}
	d.ids = newInput(s)
	d.ids.Prompt = ""
	d.ids.Placeholder = s.Hint("comma separated, at most 10")
	return d
}

func (d *TestSend) ID() string { return TestSendID }

func (d *TestSend) identifierTypes() []string {
	if d.c.Channel == model.ChannelEmail {
		return model.EmailIdentifiers
	}
	return model.PushIdentifiers
}

func (d *TestSend) options(row string) []string {
	all := func(vs []string) []string { return append([]string{"(all)"}, vs...) }
	switch row {
	case "type":
		return d.identifierTypes()
	case "mode":
		return testModes
	case "platform":
		return all(d.c.Platforms)
	case "locale":
		return all(d.c.Locales)
	case "variation":
		return all(d.c.Variations)
	}
	return nil
}

// rows lists the dialog's rows. The service narrows by platform, locale
// and variation in saved-draft mode only; inline mode sends the content
// given.
func (d *TestSend) rows() []string {
	r := []string{"type", "ids", "mode"}
	if d.mode == 1 {
		if d.c.Channel == model.ChannelPush {
			r = append(r, "platform")
		}
		r = append(r, "locale", "variation")
	}
	return append(r, "send")
}

func (d *TestSend) index(row string) *int {
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

func (d *TestSend) Update(msg tea.Msg) (tea.Msg, tea.Cmd) {
	switch msg := msg.(type) {
	case TestAnswerMsg:
		d.busy = false
		if msg.Err != nil {
			d.err = msg.Err.Error()
		} else {
			d.result = &msg.Res
		}
		return nil, nil
	case SyncMsg:
		d.unsynced = msg.Unsynced
		return nil, nil
	case tea.KeyMsg:
		return d.key(msg)
	}
	return nil, nil
}

func (d *TestSend) key(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	if d.busy {
		return nil, nil
	}
	if key.Matches(msg, d.results) {
		return WantResultsMsg{}, nil
	}
	rows := d.rows()
	row := rows[min(d.row, len(rows)-1)]
	switch msg.Type {
	case tea.KeyEsc:
		return dialog.Close(nil), nil
	case tea.KeyUp, tea.KeyShiftTab:
		d.row = max(0, d.row-1)
		return nil, d.focus(rows)
	case tea.KeyDown, tea.KeyTab:
		d.row = min(len(rows)-1, d.row+1)
		return nil, d.focus(rows)
	case tea.KeyLeft, tea.KeyRight:
		if i := d.index(row); i != nil {
			n := len(d.options(row))
			step := 1
			if msg.Type == tea.KeyLeft {
				step = -1
			}
			*i = ((*i+step)%n + n) % n
			return nil, nil
		}
	case tea.KeyEnter:
		if row == "send" {
			return d.send(), nil
		}
		d.row = min(len(rows)-1, d.row+1)
		return nil, d.focus(rows)
	}
	if row == "ids" {
		var cmd tea.Cmd
		d.ids, cmd = d.ids.Update(msg)
		return nil, cmd
	}
	return nil, nil
}

func (d *TestSend) focus(rows []string) tea.Cmd {
	if rows[d.row] == "ids" {
		return d.ids.Focus()
	}
	d.ids.Blur()
	return nil
}

// meta is what the test is sent with, or what is wrong with the input.
func (d *TestSend) meta() (api.TestMeta, error) {
	var ids []string
	for _, s := range strings.Split(d.ids.Value(), ",") {
		if s = strings.TrimSpace(s); s != "" {
			ids = append(ids, s)
		}
	}
	if len(ids) == 0 {
		return api.TestMeta{}, fmt.Errorf("identifier_values: enter at least one identifier")
	}
	if len(ids) > MaxTestIdentifiers {
		return api.TestMeta{}, fmt.Errorf("identifier_values: at most %d identifiers, not %d", MaxTestIdentifiers, len(ids))
	}
	pick := func(row string, i int) string {
		if i == 0 {
			return ""
		}
		return d.options(row)[i]
	}
	meta := api.TestMeta{Identifier: d.identifierTypes()[d.idType], IdentifierValues: ids}
	if d.mode == 1 {
		meta.LocaleName, meta.Variation = pick("locale", d.locale), pick("variation", d.variation)
		if d.c.Channel == model.ChannelPush {
			meta.Platform = pick("platform", d.platform)
		}
	}
	return meta, nil
}

// send asks the editor to send the test; the answer comes back as a
// TestAnswerMsg.
func (d *TestSend) send() tea.Msg {
	meta, err := d.meta()
	if err != nil {
		d.err = err.Error()
		return nil
	}
	d.err, d.busy, d.result = "", true, nil
	return SendTestMsg{Meta: meta, Saved: d.mode == 1}
}

func (d *TestSend) ShortHelp() []key.Binding {
	return []key.Binding{dialog.Hint("↑/↓", "move"), dialog.Hint("←/→", "choose"), dialog.Hint("enter", "next/send"), dialog.Hint("esc", "close")}
}

func (d *TestSend) View() string {
	s := d.s
	var lines []string
	for i, r := range d.rows() {
		var label, val string
		switch r {
		case "ids":
			label, val = "Identifiers", d.ids.View()
		case "send":
			label = "[ Send test ]"
		default:
			label = map[string]string{"type": "Identifier type", "mode": "Mode", "platform": "Platform", "locale": "Locale", "variation": "Variation"}[r]
			val = "‹ " + d.options(r)[*d.index(r)] + " ›"
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
	if d.mode == 1 && d.unsynced {
		lines = append(lines, s.Warning.Render("The saved draft lacks your unsynced edits: ctrl+s first, or send inline."))
	}
	lines = append(lines, "")
	if d.busy {
		lines = append(lines, s.Muted.Render("Sending…"))
	}
	if d.err != "" {
		lines = append(lines, s.Error.Render("✗ "+common.Clean(d.err)))
	}
	if r := d.result; r != nil {
		if r.Message != "" {
			lines = append(lines, s.Text.Render(common.Clean(r.Message))+s.Muted.Render(" · ctrl+r: what was sent"))
		}
		keys := make([]string, 0, len(r.Data))
		for k := range r.Data {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			o := r.Data[k]
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
	return d.box("Send a test", lines...)
}
