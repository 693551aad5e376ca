package auth

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// StatusOptions are `auth status`'s flags.
type StatusOptions struct {
	F       *cmdutil.Factory
	Ctx     context.Context
	Profile string // "": the active one
	// Timeout bounds the check against the service.
	Timeout time.Duration
}

// NewStatusCmd builds `campaigns auth status`; runF, when set, receives
// the options instead of runStatus (tests).
func NewStatusCmd(f *cmdutil.Factory, runF func(*StatusOptions) error) *cobra.Command {
	opts := &StatusOptions{F: f, Timeout: 20 * time.Second}
	cmd := &cobra.Command{
		Use:   "status",
		Short: "Check a profile's credentials against its service",
		Long: `Checks the active profile (or --profile NAME) with a cheap read: a search for
one campaign. Exit 0 when the service accepts the key, 1 when it refuses it
(401, 403), 2 when it cannot be reached or the profile is unusable.`,
		Args: cmdutil.NoArgs,
	}
	cmd.Flags().StringVar(&opts.Profile, "profile", f.Getenv("CAMPAIGNS_PROFILE"), "the profile to check (default: the active one)")
	_ = cmd.RegisterFlagCompletionFunc("profile", f.CompleteProfiles())
	cmd.RunE = cmdutil.RunE(opts, func([]string) error {
		opts.Ctx = cmd.Context()
		return nil
	}, runF, runStatus)
	return cmd
}

func runStatus(opts *StatusOptions) error {
	f := opts.F
	store, _, p, ok, err := f.ResolveProfile(opts.Profile)
	if err != nil {
		return err
	}
	if !ok {
		fmt.Fprintln(f.Out, "No active profile: commands use the embedded sandbox. campaigns auth login saves one.")
		return nil
	}
	key, err := store.Key(p.Name)
	if err != nil {
		return cmdutil.UsageError("%v", err)
	}
	base, err := probeKey(opts.Ctx, f, p, key, opts.Timeout)
	if base == "" {
		return cmdutil.UsageError("profile %s: %v", p.Name, err)
	}
	fmt.Fprintf(f.Out, "Profile %s: %s, workspace %s\n", p.Name, base, p.WorkspaceID)
	switch st := api.StatusOf(err); {
	case err == nil:
		ro := ""
		if p.ReadOnly {
			ro = " This profile is read-only: writes are refused before they are sent."
		}
		fmt.Fprintf(f.Out, "The service accepts the key.%s\n", ro)
		return nil
	case st == http.StatusUnauthorized:
		return cmdutil.RefusedError(fmt.Errorf("the service rejected the key of profile %s (401): check the workspace id and the key, then campaigns auth login --profile %s", p.Name, p.Name))
	case st == http.StatusForbidden:
		return cmdutil.RefusedError(fmt.Errorf("the key of profile %s is valid but may not read campaigns in workspace %s (403): %v", p.Name, p.WorkspaceID, err))
	case api.IsUnreachable(err) || st == 0:
		return cmdutil.UsageError("cannot reach %s: %v", base, err)
	default:
		return cmdutil.RefusedError(fmt.Errorf("the service answered %v", err))
	}
}
