package browser

// What the browser keeps besides the page: how many campaigns the filter
// matches (told by the service, or counted from the pages seen), which rows
// a newer version supersedes, and the refresh that re-reads the page on its
// own.

import (
	"cmp"
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// counts is what is known of the filter's size.
type counts struct {
	key   string // the filter counted (its search body at page 0)
	seen  int    // campaigns up to the end of the furthest page read
	total int    // how many match: -1 until the service says or the last page shows
}

// count takes a page's answer into the counts.
func (b *Browser) count(page, rows int, total *int64) {
	key := fmt.Sprint(b.filter.Request(0))
	if b.counts.key != key {
		b.counts = counts{key: key, total: -1}
	}
	end := (page-1)*PageSize + rows
	b.counts.seen = max(b.counts.seen, end)
	switch {
	case total != nil:
		b.counts.total = int(*total)
	case rows < PageSize && (rows > 0 || page == 1):
		b.counts.total = end // a short page is the last
	}
}

// countText ends the page line's range: "16–30 of 87" when the total is
// known (the service tells, or the last page was read), "16–30 of 30+"
// when only the pages seen are.
func (b *Browser) countText() string {
	c := b.counts
	if c.total >= 0 {
		return fmt.Sprintf(" of %d", c.total)
	}
	return fmt.Sprintf(" of %d+", c.seen)
}

// supersededMsg answers which rows of a page a newer version supersedes.
type supersededMsg struct {
	seq    int
	newest map[string]int64 // campaign_id → newest version number
}

// DefaultPageWait is how long a page stays on show before its versions
// are asked for (Common.PageWait): paging through quickly costs one search
// a page, not two (the search limit is 10 a second).
const DefaultPageWait = 400 * time.Millisecond

// supersedeAskMsg is the wait's end for the page of seq.
type supersedeAskMsg struct{ seq int }

// askSuperseded waits, then asks for the page's versions if it is still
// the page on show.
func (b *Browser) askSuperseded() tea.Cmd {
	b.supSeq++
	seq := b.supSeq
	wait := cmp.Or(b.c.PageWait, DefaultPageWait)
	return common.Address(b, tea.Tick(wait, func(time.Time) tea.Msg { return supersedeAskMsg{seq} }))
}

// loadSuperseded asks, after a page is shown (never holding the page
// turn), for every version of the page's campaigns: a row whose campaign
// has a newer version is marked "v1 · superseded by v2".
func (b *Browser) loadSuperseded() tea.Cmd {
	var ids []string
	seen := map[string]bool{}
	for _, r := range b.rows {
		if id := common.CampaignKey(r); r.VersionNumber != nil && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 || b.c.Client == nil {
		return nil
	}
	b.supSeq++
	seq, client, ctx := b.supSeq, b.c.Client, b.c.Context()
	return common.Address(b, func() tea.Msg {
		newest := map[string]int64{}
		for page := 1; page <= 4; page++ {
			res, err := client.Search(ctx, api.SearchRequest{Limit: PageSize, Page: page, IncludeArchiveCampaigns: true, IncludeChildCampaigns: true,
				CampaignFields: &api.SearchFields{IDs: ids, Status: model.Statuses}})
			if err != nil {
				break // the marks are a help: without them the rows still read
			}
			for _, r := range res.Campaigns {
				if r.VersionNumber != nil && *r.VersionNumber > newest[common.CampaignKey(r)] {
					newest[common.CampaignKey(r)] = *r.VersionNumber
				}
			}
			if len(res.Campaigns) < PageSize {
				break
			}
		}
		return supersededMsg{seq: seq, newest: newest}
	})
}

// supersededBy is the newer version that supersedes row r (0: none known).
func (b *Browser) supersededBy(r *model.Campaign) int64 {
	if r.VersionNumber == nil {
		return 0
	}
	n := b.newest[common.CampaignKey(r)]
	for _, o := range b.rows {
		if common.CampaignKey(o) == common.CampaignKey(r) && o.VersionNumber != nil {
			n = max(n, *o.VersionNumber)
		}
	}
	if n > *r.VersionNumber {
		return n
	}
	return 0
}

// versionText is a row's version in words: "v1 · superseded by v2".
func (b *Browser) versionText(r *model.Campaign) string {
	if n := b.supersededBy(r); n > 0 {
		return fmt.Sprintf("%s · superseded by v%d", common.Version(r), n)
	}
	return common.Version(r)
}

// refreshMsg is the browser's refresh timer; gen tells a superseded one.
type refreshMsg struct{ gen int }

func (b *Browser) scheduleRefresh() tea.Cmd {
	if b.c.Refresh <= 0 {
		return nil
	}
	b.refreshGen++
	gen := b.refreshGen
	return common.Address(b, tea.Tick(b.c.Refresh, func(time.Time) tea.Msg { return refreshMsg{gen: gen} }))
}

// refresh re-reads the page shown while the browser is on show and no
// form or search is open; the cursor stays on its campaign.
func (b *Browser) refresh(m refreshMsg) tea.Cmd {
	if m.gen != b.refreshGen {
		return nil
	}
	next := b.scheduleRefresh()
	if !b.c.Visible(b) || b.form != nil || b.loading || b.local.show {
		return next
	}
	b.refreshing = true
	return tea.Batch(b.load(b.page), next)
}

// stateChanges words the rows whose state changed since the last read of
// this page: "“Spring sale” is now SENT (was SENDING)".
func stateChanges(before, after []*model.Campaign) string {
	was := map[string]string{}
	for _, r := range before {
		was[model.Str(r.ID)] = model.Str(r.Status)
	}
	var out []string
	for _, r := range after {
		if old, ok := was[model.Str(r.ID)]; ok && old != model.Str(r.Status) {
			out = append(out, fmt.Sprintf("“%s” is now %s (was %s)", common.Clean(common.CampaignName(r)), common.Clean(model.Str(r.Status)), common.Clean(old)))
		}
	}
	if len(out) > 2 {
		out = append(out[:2], fmt.Sprintf("and %d more", len(out)-2))
	}
	return strings.Join(out, "; ")
}
