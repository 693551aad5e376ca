package inspector

import (
	"cmp"
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

const actValidate, actPublish = "VALIDATE", "PUBLISH"

// statusActions are the STOP, PAUSE and RESUME the spec allows for c: by
// delivery type and state (engine.Actions), and for Push and Email only.
func statusActions(c *model.Campaign) []string {
	switch model.Str(c.Channel) {
	case model.ChannelPush, model.ChannelEmail:
		return engine.Actions(model.Str(c.CampaignDeliveryType), model.Str(c.Status))
	}
	return nil
}

// statusKeys are the menu's keys for the status actions (p is Pause on a
// published campaign, Publish on a draft).
var statusKeys = map[string]string{"s": model.ActionStop, "u": model.ActionResume, "p": model.ActionPause}

// refusal says in one line why the menu key k does nothing for this
// campaign ("" for a key that is no action at all).
func (in *Inspector) refusal(k string) string {
	c := in.camp
	state := model.Str(c.Status)
	if k == "p" && state == model.StatusDraft {
		return "Publish is not offered: " + cmp.Or(in.readOnly, "this draft cannot be published from here") + "."
	}
	action, ok := statusKeys[k]
	if !ok {
		return ""
	}
	if in.c.ReadOnly != "" {
		return strings.ToUpper(action[:1]) + strings.ToLower(action[1:]) + " is not offered: " + in.c.ReadOnly + "."
	}
	return forms.ActionRefusal(model.Str(c.Channel), model.Str(c.CampaignDeliveryType), state, action)
}

func (in *Inspector) menuItems() []menuItem {
	items := []menuItem{{key: "v", action: actValidate, label: "Validate", desc: "check the publish rules; changes nothing"}}
	st := model.Str(in.camp.Status)
	if st == model.StatusDraft && in.readOnly == "" {
		items = append(items, menuItem{key: "p", action: actPublish, label: "Publish", desc: "make the draft live (asks first)"})
	}
	if in.c.ReadOnly != "" {
		return items // validating changes nothing; every other action writes
	}
	for _, a := range statusActions(in.camp) {
		switch a {
		case model.ActionStop:
			items = append(items, menuItem{key: "s", action: a, label: "Stop", desc: "end the campaign for good (asks first)"})
		case model.ActionPause:
			items = append(items, menuItem{key: "p", action: a, label: "Pause", desc: "halt sending until resumed (asks first)"})
		case model.ActionResume:
			items = append(items, menuItem{key: "u", action: a, label: "Resume", desc: "start sending again (asks first)"})
		}
	}
	return items
}

// choose runs a menu choice: validation at once, everything that changes
// the campaign after a confirmation.
func (in *Inspector) choose(action string) tea.Cmd {
	if action == actValidate {
		return in.run(action)
	}
	in.confirm = &confirm{action: action, text: in.consequence(action)}
	return nil
}

func (in *Inspector) consequence(action string) string {
	c := in.camp
	name := "“" + common.Clean(common.CampaignName(c)) + "”"
	what := fmt.Sprintf("%s (%s %s, now %s)", name, common.Clean(model.Str(c.Channel)), common.Clean(model.Str(c.CampaignDeliveryType)), common.Clean(model.Str(c.Status)))
	switch action {
	case model.ActionStop:
		return "Stop " + what + "?\n\nRemaining sends are halted; messages already dispatched are still delivered. A stopped campaign cannot be resumed or edited again."
	case model.ActionPause:
		return "Pause " + what + "?\n\nIt sends nothing until you resume it. " + forms.EditNote(model.StatusPaused)
	case model.ActionResume:
		return "Resume " + what + "?\n\nIt starts sending to real users again (SCHEDULED if its start time is still ahead, else ACTIVE)."
	case actPublish:
		text := "Publish " + what + "?\n\nThe service checks the publish rules first. If they pass, the campaign goes live and will send to real users: SCHEDULED when its start time lies ahead, else ACTIVE. A published campaign is no longer a draft."
		loc, label := in.c.Zone()
		for _, w := range forms.PublishWarnings(c, in.c.Clock(), loc, label) {
			text += "\n\n⚠ " + common.Clean(w)
		}
		return text
	}
	return action + " " + what + "?"
}

func (in *Inspector) run(action string) tea.Cmd {
	id, name, client, core, ctx := in.id, common.CampaignName(in.camp), in.c.Client, in.c.Writer(), in.c.Ctx
	channel, state := model.Str(in.camp.Channel), model.Str(in.camp.Status)
	switch action {
	case actValidate:
		in.busy = "validating…"
	case actPublish:
		in.busy = "publishing…"
	default:
		in.busy = strings.ToLower(action) + "…"
	}
	do := func() tea.Msg {
		m := actionDoneMsg{action: action, name: name, channel: channel, state: state}
		switch action {
		case actValidate:
			m.valid, m.err = client.Validate(ctx, id)
		case actPublish:
			m.res, m.err = core.Publish(ctx, id)
		default:
			m.res, m.err = core.SetStatus(ctx, id, action)
		}
		return m
	}
	return common.Address(in, do, in.spin.Tick)
}

var pastTense = map[string]string{model.ActionStop: "Stopped", model.ActionPause: "Paused", model.ActionResume: "Resumed", actPublish: "Published"}

func (in *Inspector) actionDone(m actionDoneMsg) tea.Cmd {
	in.busy = ""
	name := "“" + common.Clean(m.name) + "”"
	var ch check
	var note tea.Cmd
	switch {
	case m.action == actValidate && m.err == nil:
		ch.title = "Validate " + name + ": " + forms.ValidateVerdict(m.channel, m.state, len(m.valid.Errors))
		ch.ok = m.valid.Valid
		if !m.valid.Valid {
			for _, e := range m.valid.Errors {
				ch.problems = append(ch.problems, api.ErrorDetail{Target: e.Field, Message: e.Issue})
			}
		}
		note = common.Notice(ch.title, !ch.ok)
	case m.err != nil:
		verb := strings.ToLower(m.action)
		if m.action == actValidate {
			verb = "validation"
		}
		ch.title = fmt.Sprintf("%s of %s refused: %s", capitalize(verb), name, common.ErrorText(m.err))
		ch.problems = common.ErrorDetails(m.err)
		note = common.Notice(ch.title, true)
	default:
		ch.ok = true
		ch.title = pastTense[m.action] + " " + name + " in " + m.res.Target.String()
		note = common.Notice(ch.title+"; re-reading it", false)
	}
	in.checks = append([]check{ch}, in.checks...)
	in.pcursor = 0
	in.rebuildChecks()
	if len(ch.problems) > 0 || m.action == actValidate {
		in.pane = paneChecks
		in.win[paneChecks].GotoTop()
	}
	in.clamp()
	cmds := []tea.Cmd{note}
	if m.action != actValidate {
		// Whatever the answer, show the campaign as the service has it now.
		cmds = append(cmds, in.reload(), common.CampaignChanged(in.id))
	}
	return tea.Batch(cmds...)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
