package cmdutil

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/engine"
)

// Confirm asks a yes/no question on a terminal. Without a terminal there is
// no one to ask: that is a usage error (exit 2) naming --yes.
func (s *IOStreams) Confirm(yes bool, question string) error {
	if yes {
		return nil
	}
	if !s.IsStdoutTTY() || !s.IsStdinTTY() {
		return UsageError("%s needs a confirmation: run it on a terminal, or pass --yes", strings.TrimSuffix(question, "?"))
	}
	fmt.Fprintf(s.Out, "%s [y/N] ", question)
	line, err := bufio.NewReader(s.In).ReadString('\n')
	if err != nil && line == "" {
		return UsageError("no answer: nothing was sent")
	}
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return nil
	}
	return &ExitError{Code: ExitRefused, Err: errors.New("not confirmed: nothing was sent")}
}

// IsTerminalReader reports whether r is an interactive terminal.
func IsTerminalReader(r io.Reader) bool {
	if ForceTerminal {
		return true
	}
	if t, ok := r.(FakeTerminal); ok && t.IsFakeTerminal() {
		return true
	}
	w, ok := r.(io.Writer)
	return ok && IsTerminal(w)
}

// StartBusy shows a spinner with label on stderr while work runs (only
// interactive); its Stop clears it.
func (s *IOStreams) StartBusy(label string) *Busy {
	if !s.Interactive() {
		return &Busy{stop: func() {}}
	}
	return startBusy(s.ErrOut, s.ErrStyles(), label)
}

// FeaturesFlag is --features of the commands that check locally before
// sending (publish, apply, mcp), declared once so they agree: an explicit
// value is used as given; without one, the embedded sandbox's features
// (all on) or, on a real service, none.
type FeaturesFlag struct {
	cmd   *cobra.Command
	value string
}

// AddFeaturesFlag declares --features on cmd.
func AddFeaturesFlag(cmd *cobra.Command) *FeaturesFlag {
	f := &FeaturesFlag{cmd: cmd}
	cmd.Flags().StringVar(&f.value, "features", "", "workspace features the local checks assume: audience_limit,versioning\n(default: both on the embedded sandbox, none on a real service; \"\" for none)")
	return f
}

// Check refuses a bad value before anything is opened.
func (f *FeaturesFlag) Check() error {
	_, err := f.Resolve(nil)
	return err
}

// Resolve gives the features for svc, or a usage error naming the flag.
func (f *FeaturesFlag) Resolve(svc *Service) (engine.Features, error) {
	if !f.cmd.Flags().Changed("features") {
		if svc != nil && svc.Sandbox {
			return engine.Features{AudienceLimit: true, Versioning: true}, nil
		}
		return engine.Features{}, nil
	}
	feats, err := engine.ParseFeatures(f.value)
	if err != nil {
		return feats, UsageError("--features: %v", err)
	}
	return feats, nil
}
