package browser

import (
	"errors"
	"fmt"
	"net"
	"slices"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// OfflineRetry is how often the browser asks the service again while it
// cannot be reached (a variable so tests need not wait).
var OfflineRetry = 5 * time.Second

// Drafts kept on this computer: the sync engine's journal. The browser
// announces those with edits the service does not have yet (after a crash,
// or a quit while offline), lists them on u, and lists them on its own when
// the service cannot be reached, so they can still be opened and edited.
type (
	// localMsg is the journal's list of unsynced drafts.
	localMsg struct {
		drafts []common.LocalDraft
		err    error
	}
	// retryMsg asks the service again while offline.
	retryMsg struct{ seq int }
	// pollMsg reads the journal's list again, while it announces drafts
	// whose edits are being sent.
	pollMsg struct{}
	// backMsg: the service answered again and every local edit was sent.
	backMsg struct {
		drafts []common.LocalDraft
		err    error
	}
)

// local is the browser's view of the journal.
type local struct {
	drafts []common.LocalDraft
	// show lists the journal's drafts in place of the search's.
	show bool
	// offline: the last search could not reach the service (why says how).
	offline bool
	why     string
	retry   int  // seq of the pending retry
	polling bool // a pollMsg is on its way
}

// loadLocal asks the journal for its unsynced drafts.
func (b *Browser) loadLocal() tea.Cmd {
	j, ctx := b.c.Journal, b.c.Context()
	if j == nil {
		return nil
	}
	return common.Address(b, func() tea.Msg {
		ds, err := j.Unsynced(ctx)
		return localMsg{drafts: ds, err: err}
	})
}

// tookLocal takes the journal's list in.
func (b *Browser) tookLocal(ds []common.LocalDraft) {
	b.local.drafts = ds
	if len(ds) == 0 && !b.local.offline {
		b.local.show = false
	}
	if b.local.show {
		b.showLocalRows()
	} else {
		b.rebuildRows()
		b.clampOffset()
	}
}

// showLocalRows lists the journal's drafts, the cursor kept on the same
// campaign when it is among them.
func (b *Browser) showLocalRows() {
	keep := ""
	if sel := b.Selected(); sel != nil {
		keep = common.CampaignKey(sel)
	}
	b.rows = b.rows[:0:0]
	for _, d := range b.local.drafts {
		b.rows = append(b.rows, d.Campaign)
	}
	b.cursor = 0
	for i, r := range b.rows {
		if common.CampaignKey(r) == keep {
			b.cursor = i
		}
	}
	b.rebuildRows()
	b.clampOffset()
	b.rebuildPreview()
}

// searchFailed handles a search that got no answer: an unreachable service
// turns the browser offline (the journal's drafts listed, retried in the
// background); any other failure is shown as it is. ok is false when the
// error is not about reaching the service.
func (b *Browser) searchFailed(err error) (tea.Cmd, bool) {
	if !api.IsUnreachable(err) {
		return nil, false
	}
	b.local.offline, b.local.why = true, unreachableWhy(err)
	b.local.show = true
	b.showLocalRows()
	b.local.retry++
	seq := b.local.retry
	return tea.Batch(b.loadLocal(), common.Address(b, tea.Tick(OfflineRetry, func(time.Time) tea.Msg { return retryMsg{seq} }))), true
}

// searchWorked ends offline mode: every local edit is sent at once, then
// the list is read again (a synced draft has a new update time).
func (b *Browser) searchWorked() tea.Cmd {
	if !b.local.offline {
		return nil
	}
	b.local.offline, b.local.why = false, ""
	b.local.show = false
	j, ctx := b.c.Journal, b.c.Context()
	if j == nil {
		return nil
	}
	return common.Address(b, func() tea.Msg {
		err := j.SyncAll(ctx)
		ds, lerr := j.Unsynced(ctx)
		return backMsg{drafts: ds, err: errors.Join(err, lerr)}
	})
}

// updateLocal handles the messages of this file; ok is false for others.
func (b *Browser) updateLocal(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case localMsg:
		before := len(b.local.drafts)
		b.tookLocal(msg.drafts)
		var cmds []tea.Cmd
		if msg.err != nil {
			// A journal that could not be read, or was damaged and
			// recovered in part: said, with where the damaged copy is kept.
			cmds = append(cmds, common.Notice("Drafts kept on this computer: "+common.Clean(msg.err.Error()), true))
		}
		if before > 0 && len(msg.drafts) == 0 && !b.local.offline {
			// The announced edits reached the service in the background.
			cmds = append(cmds, common.Notice("Every edit kept on this computer is on the service now.", false), b.load(b.page))
		}
		if len(msg.drafts) > 0 && !b.local.offline && !b.local.polling {
			// Their sync runs in the background: follow it.
			b.local.polling = true
			cmds = append(cmds, common.Address(b, tea.Tick(OfflineRetry, func(time.Time) tea.Msg { return pollMsg{} })))
		}
		return tea.Batch(cmds...), true
	case pollMsg:
		b.local.polling = false
		return b.loadLocal(), true
	case retryMsg:
		if msg.seq != b.local.retry || !b.local.offline || b.loading {
			return nil, true
		}
		return b.load(b.page), true
	case backMsg:
		b.tookLocal(msg.drafts)
		note := "The service is back: every edit made offline is on it."
		if n := len(msg.drafts); n > 0 {
			note = fmt.Sprintf("The service is back; %s still not on it (see the list: u).", draftCount(n, "has edits", "have edits"))
		}
		return tea.Batch(common.Notice(note, len(msg.drafts) > 0), b.load(b.page)), true
	}
	return nil, false
}

// toggleLocal shows or hides the list of unsynced drafts (u).
func (b *Browser) toggleLocal() tea.Cmd {
	switch {
	case b.local.offline:
		return common.Notice("The service cannot be reached: only the drafts kept on this computer can be listed.", true)
	case b.local.show:
		b.local.show = false
		return b.load(b.page)
	case len(b.local.drafts) == 0:
		return common.Notice("Every draft edited here is on the service.", false)
	}
	b.local.show = true
	b.showLocalRows()
	return b.loadLocal() // as it stands now: the list may have synced since
}

// unsynced is the journal's entry of campaign c (nil when it has none).
func (b *Browser) unsynced(c *model.Campaign) *common.LocalDraft {
	id := common.CampaignKey(c)
	for i := range b.local.drafts {
		if common.CampaignKey(b.local.drafts[i].Campaign) == id {
			return &b.local.drafts[i]
		}
	}
	return nil
}

// banner is the lines above the list: offline, or the unsynced drafts
// announced, wrapped whole to the width.
func (b *Browser) banner() []string {
	st := b.c.Styles
	n := len(b.local.drafts)
	var text string
	var style lipgloss.Style
	switch {
	case b.local.offline:
		style = st.Warning
		text = "⚠ Offline: the service cannot be reached (" + b.local.why + "). "
		if n == 0 {
			text += "No draft edited here is waiting; retrying in the background."
		} else {
			text += fmt.Sprintf("Listed below: the %s kept on this computer. Open one to keep editing; edits are sent when the service is back.", draftCount(n, "", ""))
		}
	case n == 0:
		return nil
	case b.local.show:
		style = st.Warning
		text = fmt.Sprintf("● Listed: %s edits not yet on the service (sent in the background). u: every campaign", draftCount(n, "with", "with"))
	default:
		style = st.Warning
		names := make([]string, 0, 3)
		for _, d := range b.local.drafts[:min(n, 3)] {
			names = append(names, "“"+common.Clean(common.CampaignName(d.Campaign))+"”")
		}
		if n > 3 {
			names = append(names, fmt.Sprintf("%d more", n-3))
		}
		text = fmt.Sprintf("● %s edits not yet on the service: %s. u lists them", draftCount(n, "has", "have"), strings.Join(names, ", "))
	}
	w := max(b.w-2, 10)
	var out []string
	for _, l := range strings.Split(lipgloss.NewStyle().Width(w).Render(text), "\n") {
		out = append(out, " "+style.Render(strings.TrimRight(l, " ")))
	}
	return out
}

// draftCount is "1 draft has" / "2 drafts have" (verb after the noun).
func draftCount(n int, one, many string) string {
	s := fmt.Sprintf("%d draft", n)
	verb := one
	if n != 1 {
		s += "s"
		verb = many
	}
	if verb != "" {
		s += " " + verb
	}
	return s
}

// unsyncedText names the components not on the service, in the editor's
// words.
func unsyncedText(units []string) string {
	words := make([]string, 0, len(units))
	for _, u := range units {
		w, ok := unitWords[u]
		if !ok {
			w = strings.ReplaceAll(u, "_", " ")
		}
		if !slices.Contains(words, w) {
			words = append(words, w)
		}
	}
	return strings.Join(words, ", ")
}

var unitWords = map[string]string{
	"basic_details":           "details",
	"campaign_content":        "content",
	"segmentation_details":    "audience",
	"trigger_condition":       "trigger",
	"scheduling_details":      "schedule",
	"delivery_controls":       "delivery",
	"conversion_goal_details": "goals",
	"control_group_details":   "control group",
	"utm_params":              "UTM",
	drafts.DeliveryType:       "delivery type",
}

// unreachableWhy is the reason in a few words, not a dial error cut off.
func unreachableWhy(err error) string {
	var e *api.Error
	if errors.As(err, &e) && e.Status > 0 {
		return fmt.Sprintf("it answers HTTP %d", e.Status)
	}
	msg := err.Error()
	var dns *net.DNSError
	switch {
	case errors.As(err, &dns):
		return "unknown host"
	case strings.Contains(msg, "connection refused"):
		return "connection refused"
	case strings.Contains(msg, "timeout"), strings.Contains(msg, "deadline"):
		return "no answer in time"
	case strings.Contains(msg, "reset"), strings.Contains(msg, "EOF"):
		return "connection dropped"
	}
	return "no answer"
}
