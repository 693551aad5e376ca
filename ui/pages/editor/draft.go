package editor

import (
	"fmt"
	"strings"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
)

// draft is the campaign being edited, with no Bubble Tea in it: the
// service's copy (base), the editor's own (work), the values a change
// cleared (stash), and the queue that journals every change through the
// sync engine. The editor turns key presses into calls here.
type draft struct {
	id    string
	store Store
	queue *opQueue

	loaded     bool
	base, work *model.Campaign
	state      string // the campaign's status (DRAFT when unset)
	locked     []string
	lockedAll  bool

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

func newDraft(id string, store Store) *draft {
	return &draft{id: id, store: store, queue: newQueue()}
}

// load takes the copies the sync engine read.
func (d *draft) load(base, work *model.Campaign) {
	d.base, d.work, d.loaded = base, work, true
	d.state = str(work.Status)
	if d.state == "" {
		d.state = model.StatusDraft
	}
	d.locked, d.lockedAll = engine.Locked(d.state)
}

func (d *draft) channel() string  { return str(d.work.Channel) }
func (d *draft) delivery() string { return str(d.work.CampaignDeliveryType) }

// name is the campaign's name, or what to call it while it has none.
func (d *draft) name() string {
	if d.work != nil && d.work.BasicDetails != nil && str(d.work.BasicDetails.Name) != "" {
		return str(d.work.BasicDetails.Name)
	}
	if d.id == "" {
		return "new draft"
	}
	return "untitled draft"
}

// change is the one way the campaign changes: at once in the editor's copy
// (validated by the caller), and through the queue into the sync engine's
// journal on the queue's goroutine, so no key waits for an fsync or a deep
// copy. Consecutive changes with the same coalesce key (a field's path)
// journal only the latest.
func (d *draft) change(coalesce string, fn func(c *model.Campaign) error) error {
	if err := fn(d.work); err != nil {
		return err
	}
	st, id := d.store, d.id
	d.queue.push(op{key: coalesce, run: func() opResult {
		return opResult{err: st.Edit(id, func(w *model.Campaign) { _ = fn(w) })}
	}})
	return nil
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
// hold back the others.
func (d *draft) giveBack(back []stashed) error {
	return d.change("", func(c *model.Campaign) error {
		for _, v := range back {
			_ = v.field.Apply(c, v.text)
		}
		return nil
	})
}

// take copies components the service changed (no local edits) from the
// sync engine's working copy.
func (d *draft) take(names []string, from *model.Campaign) {
	for _, n := range names {
		if n == "campaign_delivery_type" {
			d.work.CampaignDeliveryType = from.CampaignDeliveryType
			continue
		}
		model.SetComponent(d.work, n, model.Component(from, n))
	}
	d.base = d.store.Base(d.id)
}

// lockReason says why a field cannot change in the campaign's state.
func (d *draft) lockReason(path string) string {
	if d.lockedAll {
		return fmt.Sprintf("Locked: a %s campaign cannot be edited.", d.state)
	}
	for _, t := range d.locked {
		if path == t || strings.HasPrefix(path, t+".") || strings.HasPrefix(path, t+"[") {
			return fmt.Sprintf("Locked: %s cannot change while the campaign is %s.", t, d.state)
		}
	}
	return ""
}

// body is the campaign as a request body: channel, delivery type and the
// components, without the record's read-only fields (status, ids, times),
// which a body must not carry. It shares memory with work: no copy per key.
func (d *draft) body() *model.Campaign {
	b := *d.work
	b.ID, b.CampaignID, b.RequestID, b.VersionNumber, b.Status = nil, nil, nil, nil, nil
	b.CreatedBy, b.UpdatedBy, b.CreatedAt, b.UpdatedAt, b.SentTime = nil, nil, nil, nil, nil
	b.FlowID, b.FlowName, b.ParentID, b.SenderName = nil, nil, nil, nil
	b.Extra = model.Extra{}
	return &b
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
	if base != nil && work != nil && str(base.CampaignDeliveryType) != str(work.CampaignDeliveryType) {
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

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
