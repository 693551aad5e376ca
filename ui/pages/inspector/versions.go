package inspector

import (
	"fmt"
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// versionsMsg answers the search for every version of the campaign.
type versionsMsg struct {
	seq  int
	rows []*model.Campaign
	err  error
}

// maxVersionPages bounds the versions read (15 a page).
const maxVersionPages = 20

// loadVersions searches every version of the campaign: search by id finds
// each document of it, in every state (versioning on).
func (in *Inspector) loadVersions() tea.Cmd {
	if in.c.Client == nil {
		return nil
	}
	in.verSeq++
	seq, id, client, ctx := in.verSeq, in.id, in.c.Client, in.c.Ctx
	return common.Address(in, func() tea.Msg {
		var rows []*model.Campaign
		for page := 1; page <= maxVersionPages; page++ {
			res, err := client.Search(ctx, api.SearchRequest{Limit: 15, Page: page, IncludeArchiveCampaigns: true,
				CampaignFields: &api.SearchFields{IDs: []string{id}, Status: model.Statuses}})
			if err != nil {
				return versionsMsg{seq: seq, err: err}
			}
			for _, r := range res.Campaigns {
				if common.CampaignKey(r) == id {
					rows = append(rows, r)
				}
			}
			if len(res.Campaigns) < 15 {
				break
			}
		}
		return versionsMsg{seq: seq, rows: rows}
	})
}

// sortVersions orders versions newest first.
func sortVersions(rows []*model.Campaign) {
	slices.SortStableFunc(rows, func(a, b *model.Campaign) int { return int(verOf(b) - verOf(a)) })
}

func verOf(c *model.Campaign) int64 {
	if c == nil || c.VersionNumber == nil {
		return 0
	}
	return *c.VersionNumber
}

// newest is the newest version known (nil: none read).
func (in *Inspector) newest() *model.Campaign {
	if len(in.versions) == 0 {
		return nil
	}
	return in.versions[0]
}

// Versions lists the versions shown, newest first.
func (in *Inspector) Versions() []*model.Campaign { return in.versions }

// Diff is the comparison on show (nil: none).
func (in *Inspector) Diff() []forms.ComponentDiff { return in.diff }

// rebuildVersions draws the Versions tab: one line per version (state,
// who changed it and when), the marked one and the cursor, then the
// comparison when one was asked for.
func (in *Inspector) rebuildVersions() {
	st := in.c.Styles
	var out []string
	switch {
	case in.verErr != "":
		out = append(out, st.Error.Render("✗ versions could not be read: "+common.Clean(in.verErr)))
	case !in.verDone:
		out = append(out, st.Muted.Render("reading the versions…"))
	case len(in.versions) == 0:
		out = append(out, st.Muted.Render("The service lists no version of this campaign."))
	case len(in.versions) == 1:
		out = append(out, st.Muted.Render("One version only: versioning is off, or nothing was changed after publishing."))
	}
	for i, v := range in.versions {
		mark := "  "
		if i == in.vmark {
			mark = "◆ "
		}
		// Who comes last: an author can be long, the rest must show whole.
		line := fmt.Sprintf("%-4s %-9s %s", common.Version(v), common.Clean(model.Str(v.Status)), common.ShortTime(model.Str(v.UpdatedAt), true))
		if i > 0 {
			line += " · superseded by " + common.Version(in.versions[i-1])
		} else {
			line += " · newest"
		}
		if in.doc != nil && model.Str(in.doc.ID) == model.Str(v.ID) || in.doc == nil && i == 0 {
			line += " · shown"
		}
		line += " · by " + common.Clean(common.OrUnset(model.Str(v.UpdatedBy)))
		line = ansi.Truncate(line, max(in.paneWidth()-4, 10), "…")
		if i == in.vcursor && in.pane == paneVersions {
			out = append(out, st.Cursor.Render("▌")+st.Selected.Render(mark+line))
		} else {
			out = append(out, " "+st.Text.Render(mark+line))
		}
	}
	if len(in.versions) > 1 {
		out = append(out, "")
		for _, l := range strings.Split(ansi.Wrap("enter opens a version (read-only) · space marks one · d compares the marked one (else the one before) with the cursor's", max(in.paneWidth()-4, 10), ""), "\n") {
			out = append(out, st.Muted.Render(l))
		}
	}
	out = append(out, in.diffLines()...)
	in.versionLines = out
}

// diffLines draws the comparison: in words, component by component, then
// as a unified diff.
func (in *Inspector) diffLines() []string {
	if in.diffTitle == "" {
		return nil
	}
	st := in.c.Styles
	w := max(in.paneWidth()-4, 20)
	out := []string{"", st.Subtitle.Render(common.Clean(in.diffTitle))}
	if len(in.diff) == 0 {
		return append(out, st.OK.Render("✓ the two versions are the same"))
	}
	for _, d := range in.diff {
		out = append(out, st.Title.Render(forms.Label(d.Component)+" ("+d.Component+")"))
		for _, ch := range d.Changes {
			for i, l := range strings.Split(ansi.Wrap(common.Clean(ch), w, ""), "\n") {
				mark := "  • "
				if i > 0 {
					mark = "    "
				}
				out = append(out, st.Text.Render(mark+l))
			}
		}
	}
	out = append(out, "", st.Subtitle.Render("As a diff"))
	for _, d := range in.diff {
		for _, l := range strings.Split(strings.TrimRight(d.Unified, "\n"), "\n") {
			out = append(out, st.DiffLine(common.Clean(l)))
		}
	}
	return out
}

// compare diffs the marked version (else the one before the cursor's) with
// the cursor's.
func (in *Inspector) compare() tea.Cmd {
	if len(in.versions) < 2 {
		return common.Notice("Nothing to compare: this campaign has one version.", true)
	}
	to := in.versions[in.vcursor]
	from := in.vmark
	if from < 0 || from == in.vcursor {
		from = in.vcursor + 1 // the one before, in time
		if from >= len(in.versions) {
			from = in.vcursor - 1
		}
	}
	a, b := in.versions[from], to
	if verOf(a) > verOf(b) {
		a, b = b, a
	}
	in.diff = forms.CompareVersions(a, b)
	in.diffTitle = fmt.Sprintf("%s → %s: %s", common.Version(a), common.Version(b), forms.Count(len(in.diff), "component")+" differ")
	if len(in.diff) == 1 {
		in.diffTitle = fmt.Sprintf("%s → %s: 1 component differs", common.Version(a), common.Version(b))
	}
	in.rebuildVersions()
	in.clamp()
	return common.Notice("Compared "+common.Version(a)+" with "+common.Version(b)+": "+strings.TrimPrefix(in.diffTitle, common.Version(a)+" → "+common.Version(b)+": "), false)
}

// openVersion shows the cursor's version read-only in an inspector of its
// own.
func (in *Inspector) openVersion() tea.Cmd {
	if in.vcursor >= len(in.versions) {
		return nil
	}
	v := in.versions[in.vcursor]
	return common.Push(NewVersion(in.c, v, in.versions))
}

// NewVersion shows one version document as the search returned it,
// read-only: the service reads only the newest, so an older one is never
// edited or acted on here.
func NewVersion(c *common.Common, doc *model.Campaign, versions []*model.Campaign) *Inspector {
	in := New(c, common.CampaignKey(doc), doc.VersionNumber)
	in.doc = doc
	in.versions = slices.Clone(versions)
	in.verDone = true
	return in
}

// versionNote says which version a document inspector shows.
func (in *Inspector) versionNote() string {
	if in.doc == nil {
		return ""
	}
	n := in.newest()
	if n != nil && verOf(n) > verOf(in.doc) {
		return fmt.Sprintf("%s · superseded by %s · read-only", common.Version(in.doc), common.Version(n))
	}
	return common.Version(in.doc) + " · as searched · read-only"
}
