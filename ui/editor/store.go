package editor

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/api/sandbox/audience"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// The editor keeps no copy of the campaign: m.work is the sync engine's
// working copy (drafts.Draft.Working), read while the editor holds the
// draft's lock (hold) and changed only through Draft.Edit (change). The
// engine journals the edit within drafts.DurabilityWindow and sends it
// after the debounce; what the engine changes itself (a sent unit
// normalised by the service, a change made elsewhere, a resolved
// conflict) arrives as an event, after which the editor revalidates.

// hold locks the draft for one call from the program (Update, View,
// SetSize), so background work never changes the working copy while the
// editor reads it. Nested calls (Update calling Update) hold it once.
func (m *Model) hold() func() {
	d := m.d
	if d == nil || m.holding {
		return func() {}
	}
	d.Lock()
	m.holding = true
	return func() {
		m.holding = false
		d.Unlock()
	}
}

// storeEvent takes in what the sync engine reports about this campaign.
func (m *Model) storeEvent(ev drafts.Event) tea.Cmd {
	if ev.ID != m.id || !m.loaded || m.d == nil {
		return nil
	}
	if ev.Kind == drafts.EventStatus {
		m.status = ev.Status
	} else {
		m.status = m.d.Status()
	}
	if ev.Kind == drafts.EventError && ev.Err != nil {
		m.setNotice(ev.Err.Error(), true)
	}
	m.base = m.d.Base()
	var cmd tea.Cmd
	if ev.Kind == drafts.EventRemoteChange || ev.Kind == drafts.EventSynced {
		// The engine changed the working copy (a change made elsewhere, or
		// a sent unit as the service stored it): check and draw it again.
		m.afterChange()
		cmd = m.schedulePreview()
	}
	if ev.Kind == drafts.EventConflict && m.dialog == nil {
		m.openConflicts()
	}
	return cmd
}

// clientCreator creates drafts with the API client.
type clientCreator struct{ c *api.Client }

func (c clientCreator) CreateDraft(ctx context.Context, body *model.Campaign) (string, error) {
	res, err := c.c.Create(ctx, body)
	if err != nil {
		return "", err
	}
	return res.ID, nil
}

// Options configure Open.
type Options struct {
	// Validation is the workspace's features.
	Validation engine.Options
	// Debounce is the typing pause before edits are sent (default: the
	// sync engine's).
	Debounce time.Duration
	// SandboxUsers offers the embedded sandbox's demo users to the preview
	// (a real service's profiles cannot be listed; sample ones are used).
	SandboxUsers bool
}

// SandboxUsers are the embedded sandbox's demo users as preview profiles.
func SandboxUsers() []PreviewUser {
	var out []PreviewUser
	for _, u := range audience.Demo(time.Now()).Users {
		p := u.Profile()
		name := fmt.Sprint(p[audience.AttrFirstName], " ", p[audience.AttrLastName])
		out = append(out, PreviewUser{Name: strings.TrimSpace(name) + " (" + u.ID + ")", Attrs: p})
		if len(out) == 12 {
			break
		}
	}
	return append(out, PreviewUser{Name: "Empty profile"})
}

// Open builds the editor factory for a client: a sync engine journaling in
// dataDir/journal, drafts created and tests sent with the same client.
// close stops the sync engine, which writes every edit made to the journal
// first (it sends nothing: the journal keeps what is unsynced for the next
// start).
func Open(client *api.Client, dataDir string, opts Options) (*Factory, func() error, error) {
	v := opts.Validation
	e, err := drafts.Open(filepath.Join(dataDir, "journal"), client, drafts.Options{Validation: &v, Debounce: opts.Debounce})
	if err != nil {
		return nil, nil, err
	}
	f := &Factory{Drafts: e, Creator: clientCreator{client}, Tester: client, Options: v}
	if opts.SandboxUsers {
		f.Users = SandboxUsers()
	}
	return f, e.Close, nil
}
