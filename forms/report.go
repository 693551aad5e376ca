package forms

import (
	"fmt"
	"strings"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// Report is the plain-text hand-off of one campaign: name, id, state, the
// checklist and the problems, for pasting into a ticket or a chat. No
// colour, no control sequences: the strings are the service's, cleaned by
// the caller where they reach a terminal.
func Report(c *model.Campaign, checks []Check, probs []engine.Problem, footer string) string {
	var b strings.Builder
	name := "(unnamed)"
	if c.BasicDetails != nil && model.Str(c.BasicDetails.Name) != "" {
		name = model.Str(c.BasicDetails.Name)
	}
	fmt.Fprintf(&b, "Campaign: %s\n", name)
	id := model.Str(c.CampaignID)
	if id == "" {
		id = model.Str(c.ID)
	}
	fmt.Fprintf(&b, "ID: %s", id)
	if doc := model.Str(c.ID); doc != "" && doc != id {
		fmt.Fprintf(&b, " (document %s)", doc)
	}
	if c.VersionNumber != nil {
		fmt.Fprintf(&b, ", version %d", *c.VersionNumber)
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "State: %s · %s %s\n", orBlank(model.Str(c.Status)), orBlank(model.Str(c.Channel)), orBlank(model.Str(c.CampaignDeliveryType)))
	if by := model.Str(c.UpdatedBy); by != "" || model.Str(c.UpdatedAt) != "" {
		fmt.Fprintf(&b, "Last change: %s at %s\n", orBlank(by), orBlank(Stamp(model.Str(c.UpdatedAt))))
	}
	b.WriteString("\nWill it send?\n")
	b.WriteString(ChecklistText(checks, "  "))
	if len(probs) > 0 {
		fmt.Fprintf(&b, "\nProblems (%s):\n", ProblemCount(len(probs)))
		for _, p := range probs {
			fmt.Fprintf(&b, "  - %s\n", ProblemLine(p))
			if p.Target != "" {
				fmt.Fprintf(&b, "    at %s\n", p.Target)
			}
		}
	}
	if footer != "" {
		b.WriteString("\n" + footer + "\n")
	}
	return b.String()
}

// ChecklistText is the checklist as plain lines, "✓ state: …", each
// indented by indent: the terminal form of `campaigns status` and `get`.
func ChecklistText(checks []Check, indent string) string {
	var b strings.Builder
	for _, c := range checks {
		mark := "✓"
		if !c.OK {
			mark = "✗"
		}
		fmt.Fprintf(&b, "%s%s %s: %s\n", indent, mark, c.Check, c.Detail)
	}
	return b.String()
}
