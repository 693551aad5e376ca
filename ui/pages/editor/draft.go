package editor

import (
	"fmt"
	"strings"

	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
)

// draft is the campaign being edited, with no Bubble Tea in it: the sync
// engine's draft (h), its service copy (base) and working copy (work, the
// one copy, read and changed only while the editor holds h: see hold), and
// the values a change cleared (stash). The editor turns key presses into
// calls here.
type draft struct {
	id string
	h  *drafts.Draft // nil until loaded

	loaded     bool
	base, work *model.Campaign
	state      string // the campaign's status (DRAFT when unset)
	locked     []string
	lockedAll  bool
	// viewOnly: a live campaign shown, not edited, until the person asks
	// (live.go).
	viewOnly bool

	// stash keeps values a change cleared along with their rows (a template
	// switch clears what the new template does not use), by path, to give
	// them back when a row with that path shows again, empty.
	stash map[string]stashed
}

// stashed is a value a change cleared, as its field's text (applied again,
// it gives each copy of the campaign its own value).
type stashed struct {
	field forms.Field
	text  string
}

// load takes the sync engine's draft; the caller holds it.
func (d *draft) load(h *drafts.Draft) {
	d.h = h
	d.base, d.work, d.loaded = h.Base(), h.Working(), true
	d.state = model.Str(d.work.Status)
	if d.state == "" {
		d.state = model.StatusDraft
	}
	d.locked, d.lockedAll = engine.Locked(d.state)
}

func (d *draft) channel() string  { return model.Str(d.work.Channel) }
func (d *draft) delivery() string { return model.Str(d.work.CampaignDeliveryType) }

// name is the campaign's name, or what to call it while it has none.
func (d *draft) name() string {
	if d.work != nil && d.work.BasicDetails != nil && model.Str(d.work.BasicDetails.Name) != "" {
		return model.Str(d.work.BasicDetails.Name)
	}
	if d.id == "" {
		return "new draft"
	}
	return "untitled draft"
}

// change is the one way the campaign changes: in the sync engine's working
// copy, in place, through drafts.Draft.Edit (the caller holds the draft and
// validates). err is fn's own (a value that does not fit); journal is the
// journal's, when the edit could not be recorded.
func (d *draft) change(fn func(c *model.Campaign) error) (err, journal error) {
	journal = d.h.Edit(func(c *model.Campaign) error { err = fn(c); return nil })
	return err, journal
}

// values are the texts of the value rows shown that hold one, by path:
// what a change may clear.
func (d *draft) values(rows []forms.Field) map[string]stashed {
	out := make(map[string]stashed, len(rows))
	for _, f := range rows {
		if f.IsValue() {
			if t := f.Format(d.work); t != "" {
				out[f.Path] = stashed{f, t}
			}
		}
	}
	return out
}

// restash keeps what a change cleared along with its row (before are the
// values before it, rows the rows after it) and returns the kept values
// whose rows show again, empty (switching a template back).
func (d *draft) restash(before map[string]stashed, rows []forms.Field) []stashed {
	shown := make(map[string]bool, len(rows))
	for _, f := range rows {
		shown[f.Path] = true
	}
	for p, v := range before {
		if !shown[p] && v.field.Format(d.work) == "" {
			if d.stash == nil {
				d.stash = map[string]stashed{}
			}
			d.stash[p] = v
		}
	}
	var back []stashed
	for _, f := range rows {
		if v, ok := d.stash[f.Path]; ok && f.Format(d.work) == "" {
			back = append(back, stashed{f, v.text})
			delete(d.stash, f.Path)
		}
	}
	return back
}

// giveBack applies kept values again; one that no longer fits does not
// hold back the others. The error is the journal's.
func (d *draft) giveBack(back []stashed) error {
	_, journal := d.change(func(c *model.Campaign) error {
		for _, v := range back {
			_ = v.field.Apply(c, v.text)
		}
		return nil
	})
	return journal
}

// refresh takes the sync engine's copies again after it changed them (a
// sent unit as the service stored it, a change made elsewhere, a resolved
// conflict).
func (d *draft) refresh() {
	if d.h != nil {
		d.base, d.work = d.h.Base(), d.h.Working()
	}
}

// editReason says why a field cannot be edited now: view mode (only the
// locale, variation and platform being looked at may change), or the
// campaign state's lock.
func (d *draft) editReason(path string) string {
	if d.viewOnly && !strings.HasPrefix(path, "@sel:") {
		if d.state == model.StatusDraft {
			return "View mode: nothing can be written here."
		}
		return fmt.Sprintf("View mode: this %s campaign is live. E edits it.", d.state)
	}
	return d.lockReason(path)
}

// lockReason says why a field cannot change in the campaign's state.
func (d *draft) lockReason(path string) string {
	if d.lockedAll {
		return fmt.Sprintf("Locked: a %s campaign cannot be edited.", d.state)
	}
	for _, t := range d.locked {
		if engine.Under(path, t) {
			return fmt.Sprintf("Locked: %s cannot change while the campaign is %s.", t, d.state)
		}
	}
	return ""
}

// body is the campaign as a request body: channel, delivery type and the
// components, without the record's read-only fields (status, ids, times),
// which a body must not carry. It shares memory with work: no copy per key.
func (d *draft) body() *model.Campaign {
	b := model.WithoutServiceOwned(d.work)
	b.SenderName, b.Extra = nil, model.Extra{}
	return b
}

// nextPatch is the component PATCH the sync engine will send: every changed
// component, whole, that passes DRAFT_PATCH (invalid names those that do
// not).
func nextPatch(base, work *model.Campaign, invalid map[string]bool) *model.Campaign {
	var p *model.Campaign
	for _, n := range model.Components {
		a, b := model.Component(base, n), model.Component(work, n)
		if invalid[n] || (a == nil && b == nil) || (a != nil && b != nil && model.Equal(a, b)) {
			continue
		}
		if p == nil {
			p = &model.Campaign{}
		}
		if b == nil {
			continue // removing a component is not something a PATCH can say
		}
		model.SetComponent(p, n, b)
	}
	if base != nil && work != nil && model.Str(base.CampaignDeliveryType) != model.Str(work.CampaignDeliveryType) {
		if p == nil {
			p = &model.Campaign{}
		}
		p.CampaignDeliveryType = work.CampaignDeliveryType
	}
	return p
}

// component is the top-level component a target path lies in.
func component(target string) string {
	if i := strings.IndexAny(target, ".["); i >= 0 {
		return target[:i]
	}
	return target
}

// The editor keeps no copy of the campaign: draft.work is the sync engine's
// working copy (drafts.Draft.Working), read while the editor holds the
// draft's lock (hold) and changed only through Draft.Edit (draft.change).
// The engine journals the edit within drafts.DurabilityWindow and sends it
// after the debounce; what the engine changes itself (a sent unit
// normalised by the service, a change made elsewhere, a resolved conflict)
// arrives as an event, after which the editor revalidates.

// hold locks the draft for one call from the program (Update, View,
// SetSize), so background work never changes the working copy while the
// editor reads it. Nested calls (Update calling Update) hold it once.
func (m *Model) hold() func() {
	h := m.d.h
	if h == nil || m.holding {
		return func() {}
	}
	h.Lock()
	m.holding = true
	return func() {
		m.holding = false
		h.Unlock()
	}
}
