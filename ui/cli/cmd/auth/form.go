package auth

import (
	"cmp"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/huh"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/profile"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

var colorRE = regexp.MustCompile(`^(#[0-9A-Fa-f]{6}|#[0-9A-Fa-f]{3})$`)

// checkColor accepts #rrggbb, #rgb or an ANSI colour number 0–255.
func checkColor(c string) error {
	if c == "" || colorRE.MatchString(c) {
		return nil
	}
	if n, err := strconv.Atoi(c); err == nil && n >= 0 && n <= 255 {
		return nil
	}
	return fmt.Errorf("colour %q: use #rrggbb, #rgb or an ANSI colour number 0-255", c)
}

// checkService: a base URL or a data centre, and a client can be built.
func checkService(p profile.Profile) error {
	_, err := api.New(api.Config{BaseURL: p.BaseURL, DC: p.DC, WorkspaceID: cmp.Or(p.WorkspaceID, "x"), APIKey: "x"})
	if err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "api: "))
	}
	return nil
}

// loginForm asks, on the terminal, for what the flags did not give.
func loginForm(io *cmdutil.IOStreams, p *profile.Profile) (string, error) {
	lf := newLoginForm(p)
	if err := lf.form.WithInput(io.In).WithOutput(io.ErrOut).Run(); err != nil {
		return "", err
	}
	return lf.apply(p), nil
}

// loginFormState is the form and the strings it fills.
type loginFormState struct {
	form                      *huh.Form
	name, service, key, color string
	readOnly                  bool
	workspace                 string
}

func newLoginForm(p *profile.Profile) *loginFormState {
	lf := &loginFormState{name: cmp.Or(p.Name, "default"), service: cmp.Or(p.BaseURL, p.DC),
		workspace: p.WorkspaceID, color: p.Color, readOnly: p.ReadOnly}
	needed := func(what string) func(string) error {
		return func(s string) error {
			if strings.TrimSpace(s) == "" {
				return errors.New(what + " is needed")
			}
			return nil
		}
	}
	// Two pages, so each fits a 24-line terminal.
	service := huh.NewGroup(
		huh.NewInput().Title("Profile name").Description("e.g. staging, prod").Value(&lf.name).
			Validate(func(s string) error { return profile.CheckName(strings.TrimSpace(s)) }),
		huh.NewInput().Title("Service").Description("its base URL (https://…) or data centre (01-06, 101)").Value(&lf.service).
			Validate(func(s string) error { return checkService(serviceProfile(s)) }),
		huh.NewInput().Title("Workspace id").Value(&lf.workspace).Validate(needed("the workspace id")),
		huh.NewInput().Title("API key").Description("kept in the OS keyring").EchoMode(huh.EchoModePassword).Value(&lf.key).
			Validate(needed("the API key")),
	)
	options := huh.NewGroup(
		huh.NewConfirm().Title("Read-only?").Description("refuse every write through this profile").Value(&lf.readOnly),
		huh.NewInput().Title("Header colour (optional)").Description("#rrggbb or 0-255; empty for the theme's").Value(&lf.color).
			Validate(func(s string) error { return checkColor(strings.TrimSpace(s)) }),
	)
	lf.form = huh.NewForm(service, options)
	return lf
}

// apply copies the answers into p and returns the key.
func (lf *loginFormState) apply(p *profile.Profile) string {
	sp := serviceProfile(lf.service)
	p.Name, p.BaseURL, p.DC = strings.TrimSpace(lf.name), sp.BaseURL, sp.DC
	p.WorkspaceID, p.Color, p.ReadOnly = strings.TrimSpace(lf.workspace), strings.TrimSpace(lf.color), lf.readOnly
	return strings.TrimSpace(lf.key)
}

// serviceProfile reads the form's one service field: a data centre or a URL.
func serviceProfile(s string) profile.Profile {
	s = strings.TrimSpace(s)
	if slices.Contains(cmdutil.DataCenters, s) {
		return profile.Profile{DC: s}
	}
	return profile.Profile{BaseURL: s}
}
