package inspector

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// checklistOpts is what the service told about the campaign besides its
// record: the estimate (meta), the newest version (search).
func (in *Inspector) checklistOpts() forms.ChecklistOpts {
	loc, label := in.c.Zone()
	o := forms.ChecklistOpts{Now: in.c.Clock(), Local: loc, LocalLabel: label, Problems: in.publishProblems()}
	if in.meta != nil && in.meta.ReachabilityDetails != nil {
		n := in.meta.ReachabilityDetails.Count
		o.Reach, o.ReachAt = &n, common.FullTime(in.meta.ReachabilityDetails.LastUpdatedTime)
	}
	if v := in.newest(); v != nil && v.VersionNumber != nil {
		o.Newest, o.NewestStatus = v.VersionNumber, model.Str(v.Status)
	}
	return o
}

// Checklist is the Summary tab's "will it send" list, as drawn.
func (in *Inspector) Checklist() []forms.Check {
	if in.camp == nil {
		return nil
	}
	return forms.Checklist(in.camp, in.checklistOpts())
}

// rebuildSummary draws the Summary tab: the checklist, then the campaign
// in words by forms' one renderer (the editor's Review draws the same).
func (in *Inspector) rebuildSummary() {
	if in.camp == nil {
		in.summary = nil
		return
	}
	st := in.c.Styles
	c := in.camp
	w := max(in.paneWidth()-2, 20)
	wrap := func(text string, width int) []string {
		return strings.Split(ansi.Wrap(common.Clean(text), max(width, 10), ""), "\n")
	}
	lines := []string{st.Subtitle.Render("Will it send?")}
	for _, ch := range in.Checklist() {
		mark, style := "✓ ", st.OK
		if !ch.OK {
			mark, style = "✗ ", st.Error
		}
		for i, l := range wrap(ch.Check+": "+ch.Detail, w-2) {
			if i > 0 {
				mark = "  "
			}
			lines = append(lines, style.Render(mark)+st.Text.Render(l))
		}
	}
	if model.Str(c.Status) == model.StatusDraft {
		loc, label := in.c.Zone()
		for _, warn := range forms.PublishWarnings(c, in.c.Clock(), loc, label) {
			for i, l := range wrap(warn, w-2) {
				mark := "⚠ "
				if i > 0 {
					mark = "  "
				}
				lines = append(lines, st.Warning.Render(mark+l))
			}
		}
	}
	loc, label := in.c.Zone()
	o := forms.SummaryOpts{Local: loc, LocalLabel: label, Reach: -1}
	if in.meta != nil && in.meta.ReachabilityDetails != nil {
		o.Reach = in.meta.ReachabilityDetails.Count
	}
	o.Problems = in.publishProblems()
	sum := forms.Summarize(c, o)
	for i := range sum.Lines {
		if sum.Lines[i].Head == "Schedule" && c.SchedulingDetails != nil {
			// A live record's read form: the client's one conversion.
			sum.Lines[i].Text = forms.ScheduleTextRead(ops.RequestForm(c, nil).SchedulingDetails, c.SchedulingDetails, loc, label)
		}
		sum.Lines[i].Text = common.Clean(sum.Lines[i].Text)
	}
	lines = append(lines, "", st.Subtitle.Render("The campaign"))
	lines = append(lines, sum.Render(w, forms.Paint{Head: st.Muted.Render, Text: st.Text.Render, OK: st.OK.Render, Bad: st.Error.Render, Muted: st.Muted.Render})...)
	lines = append(lines, "", st.Muted.Render("y copies the id · Y a report · tab: more about it"))
	in.summary = lines
}

// report is the plain-text hand-off (Y).
func (in *Inspector) report() string {
	c := in.camp
	footer := fmt.Sprintf("Service: %s · workspace %s · read %s", in.c.Service, in.c.Workspace, in.c.Clock().UTC().Format("2006-01-02 15:04:05 UTC"))
	return forms.Report(c, in.Checklist(), in.publishProblems(), footer)
}

// publishProblems are the campaign's publish-phase problems as the client
// judges a record the service returned (ops.Validate reads its read form;
// channels V5 only reads are not judged).
func (in *Inspector) publishProblems() []engine.Problem {
	switch model.Str(in.camp.Channel) {
	case model.ChannelPush, model.ChannelEmail:
		return ops.Validate(in.camp, engine.PhasePublish, engine.Options{})
	}
	return nil
}
