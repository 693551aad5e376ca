package cli

import "github.com/campaigns-cli/campaigns/ui/cli/cmdutil"

// nameOf is a campaign record's name.
func nameOf(r map[string]any) string { return cmdutil.NameOf(r) }
