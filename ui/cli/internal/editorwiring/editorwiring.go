// Package editorwiring plugs the editor into a service, for the two
// commands that run it (the root, `campaigns`, and `campaigns ssh`): the
// ui.Config of the service chosen, the draft editor's sync engine and its
// journals, the names the workspace uses offered while typing, and the
// embedded sandbox's demo users for the preview.
package editorwiring

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/api/sandbox/audience"
	namesuggest "github.com/campaigns-cli/campaigns/api/suggest"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/pages/editor"
)

// embedded is the header's name of the embedded sandbox.
const embedded = "embedded sandbox"

// Config is the editor's view of the selected service: header label,
// profile name and colour, read-only.
func Config(svc *cmdutil.Service, theme themes.Theme, dataDir string) ui.Config {
	cfg := ui.Config{Theme: theme, DataDir: dataDir, Client: svc.Client, Workspace: svc.Workspace,
		Service: svc.Client.BaseURL(), Profile: svc.Profile, ProfileColor: svc.Color, ReadOnly: svc.ReadOnly, Author: svc.Author}
	if svc.Sandbox {
		cfg.Service = embedded
	}
	return cfg
}

// suggestEvery is how often the editor's name suggestions are read again.
const suggestEvery = 3 * time.Minute

// The provider offers names and pairs segment ids with names.
var (
	_ editor.NameSource   = (*namesuggest.Provider)(nil)
	_ editor.SegmentPairs = (*namesuggest.Provider)(nil)
)

// Wire plugs the draft editor into cfg, with the names the workspace uses
// offered while typing: read through the session's client in the
// background now and every few minutes (a key press reads the cache); the
// refreshes stop with the editor, when the returned func is called.
func Wire(cfg *ui.Config) (func() error, error) {
	closeFn, err := wireDrafts(cfg)
	if err != nil || cfg.Editor == nil || cfg.Client == nil {
		return closeFn, err
	}
	names := namesuggest.New(cfg.Client)
	ctx, stop := context.WithCancel(context.Background())
	names.Start(ctx, suggestEvery, nil)
	cfg.Editor.Names = names
	return func() error { stop(); return closeFn() }, nil
}

// wireDrafts plugs the draft editor into the shell: one sync engine per
// program, journaling under the data directory in a directory of its own
// per service and workspace (ids are unique only there). Every workspace
// feature is assumed on for local checks, so only the service refuses what
// a workspace lacks.
func wireDrafts(cfg *ui.Config) (func() error, error) {
	dir := filepath.Join(cfg.DataDir, "drafts", drafts.DirName(cfg.Service, cfg.Workspace))
	service := cfg.Service
	if service == embedded {
		service = "the embedded sandbox"
	}
	if cfg.Profile != "" {
		service = "profile " + cfg.Profile
	}
	f, closeFn, err := editor.Open(cfg.Client, dir, editor.Options{
		Validation: engine.Options{Features: engine.Features{AudienceLimit: true, Versioning: true}},
		Users:      previewUsers(cfg.Service == embedded),
		Target:     ops.Target{Service: service, Workspace: cfg.Workspace, BaseURL: cfg.Client.BaseURL(), Profile: cfg.Profile},
		Author:     cfg.Author,
		ReadOnly:   readOnlyReason(cfg),
	})
	if err != nil {
		return nil, err
	}
	f.Local = common.LocalZone() // by its name, not "Local"
	cfg.Editor = f
	return closeFn, nil
}

// readOnlyReason is why a read-only profile writes nothing ("" otherwise).
func readOnlyReason(cfg *ui.Config) string {
	if !cfg.ReadOnly {
		return ""
	}
	return "the profile " + cfg.Profile + " is read-only"
}

// previewUsers are the profiles the editor's preview personalises for: the
// embedded sandbox's demo users (the command line is the one place that
// knows the sandbox runs in-process), or nil for a real service, whose
// profiles cannot be listed, so the editor offers its sample ones.
func previewUsers(embedded bool) editor.UserSource {
	if !embedded {
		return nil
	}
	var out editor.UserList
	for _, u := range audience.Demo(time.Now()).Users {
		p := u.Profile()
		name := fmt.Sprint(p[audience.AttrFirstName], " ", p[audience.AttrLastName])
		// Who lets the sandbox's preview route render for this user; Attrs
		// give the instant local draw the same profile.
		out = append(out, editor.PreviewUser{Name: strings.TrimSpace(name) + " (" + u.ID + ")", Attrs: p,
			Who: &api.UserIdentification{Type: audience.IDUniqueID, Value: u.ID}})
		if len(out) == 12 {
			break
		}
	}
	return append(out, editor.PreviewUser{Name: "Empty profile"})
}
