// Package auth is `campaigns auth`: profiles of the services a person works
// with (login, list, switch, logout, status), their keys in the OS keyring.
package auth

import (
	"bytes"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api/profile"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

const long = `Profiles keep the services you work with (staging, production…): the
service, the workspace, and the API key, so that no command needs
--base-url, --workspace-id and CAMPAIGNS_API_KEY again.

The settings live in $XDG_CONFIG_HOME/campaigns/config.toml (or
~/.config/campaigns/config.toml); the key lives in the OS keyring, or, where
there is none (a headless Linux, an SSH session), in a file only you can read
beside the config. Never in the config file.

Commands use, in this order: --base-url/--dc with --workspace-id and
CAMPAIGNS_API_KEY; --profile NAME (or CAMPAIGNS_PROFILE); the active profile
(the last one logged in or switched to); the embedded sandbox.`

// doc is what `campaigns auth --help` says.
var doc = cmdutil.Doc{
	Use:   "auth",
	Short: "Log in to services and switch between profiles",
	Long:  long,
}

// NewCmd builds `campaigns auth` and its subcommands.
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	cmd := doc.Command(cmdutil.NoArgs)
	cmd.RunE = func(cmd *cobra.Command, _ []string) error { return cmd.Help() }
	cmd.AddCommand(NewLoginCmd(f, nil), newListCmd(f), newSwitchCmd(f), newLogoutCmd(f), NewStatusCmd(f, nil))
	return cmd
}

func newListCmd(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the profiles (* marks the active one; keys are never shown)",
		Args:  cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := f.Profiles().Load()
			if err != nil {
				return cmdutil.UsageError("%v", err)
			}
			names := cfg.Names()
			if len(names) == 0 {
				fmt.Fprintln(f.Out, "No profiles yet: campaigns auth login saves one. Until then commands use the embedded sandbox.")
				return nil
			}
			var buf bytes.Buffer
			tw := tabwriter.NewWriter(&buf, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "  PROFILE\tSERVICE\tWORKSPACE\t")
			for _, n := range names {
				p, err := cfg.Get(n)
				if err != nil {
					continue
				}
				mark, ro := " ", ""
				if n == cfg.Default() {
					mark = "*"
				}
				if p.ReadOnly {
					ro = "read-only"
				}
				fmt.Fprintf(tw, "%s %s\t%s\t%s\t%s\n", mark, n, p.Service(), p.WorkspaceID, ro)
			}
			if err := tw.Flush(); err != nil {
				return err
			}
			// No padding after the last column: it shows in a pipe or a diff.
			for _, l := range strings.SplitAfter(buf.String(), "\n") {
				if l != "" {
					fmt.Fprintln(f.Out, strings.TrimRight(l, " \n"))
				}
			}
			return nil
		},
	}
}

// profileCmd is a subcommand that changes the profile it names and saves
// the config: change does the change and says what it did.
func profileCmd(f *cmdutil.Factory, use, short string, change func(store *profile.Store, cfg *profile.Config, p profile.Profile) error) *cobra.Command {
	return &cobra.Command{
		Use:               use,
		Short:             short,
		Args:              cmdutil.ExactArgs(1, "one profile NAME"),
		ValidArgsFunction: f.CompleteProfiles(),
		RunE: func(cmd *cobra.Command, args []string) error {
			store, cfg, p, _, err := f.ResolveProfile(args[0])
			if err != nil {
				return err
			}
			return change(store, cfg, p)
		},
	}
}

// save writes the config, or says why it could not.
func save(store *profile.Store, cfg *profile.Config) error {
	if err := store.Save(cfg); err != nil {
		return cmdutil.UsageError("saving %s: %v", cfg.Path(), err)
	}
	return nil
}

func newSwitchCmd(f *cmdutil.Factory) *cobra.Command {
	return profileCmd(f, "switch NAME", "Make a profile the active one", func(store *profile.Store, cfg *profile.Config, p profile.Profile) error {
		cfg.SetDefault(p.Name)
		if err := save(store, cfg); err != nil {
			return err
		}
		fmt.Fprintf(f.Out, "%s (%s, workspace %s) is now the active profile.\n", p.Name, p.Service(), p.WorkspaceID)
		return nil
	})
}

func newLogoutCmd(f *cmdutil.Factory) *cobra.Command {
	return profileCmd(f, "logout NAME", "Remove a profile and its key (from the keyring too)", func(store *profile.Store, cfg *profile.Config, p profile.Profile) error {
		if err := store.DeleteKey(p.Name); err != nil {
			return cmdutil.UsageError("%v", err)
		}
		wasActive := cfg.Default() == p.Name
		if err := cfg.Delete(p.Name); err != nil {
			return cmdutil.UsageError("%v", err)
		}
		if err := save(store, cfg); err != nil {
			return err
		}
		fmt.Fprintf(f.Out, "Removed profile %s and its key.\n", p.Name)
		switch {
		case len(cfg.Names()) == 0:
			fmt.Fprintln(f.Out, "No profiles left: commands use the embedded sandbox until campaigns auth login saves one.")
		case wasActive:
			fmt.Fprintf(f.Out, "No profile is active now (commands use the embedded sandbox): campaigns auth switch NAME picks one of %s.\n",
				strings.Join(cfg.Names(), ", "))
		}
		return nil
	})
}
