package ui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/ui/common"
)

// duplicatedMsg is the answer of a duplicate: the new draft's id.
type duplicatedMsg struct{ id, name string }

// duplicate copies campaign id into a new draft created by the person at
// the keyboard (api.Client.Duplicate) and opens it in the editor; a
// campaign the editor could not create says why in the status line.
func (r *root) duplicate(id string) tea.Cmd {
	if r.editor == nil {
		return common.Notice("No duplicate here: the draft editor is not available (a read-only profile).", true)
	}
	client, author, ctx := r.c.Client, r.editor.Author(), r.c.Context()
	return func() tea.Msg {
		nid, err := client.Duplicate(ctx, id, "", author)
		if err != nil {
			return common.NoticeMsg{Text: "Not duplicated: " + common.ErrorText(err), Err: true}
		}
		return duplicatedMsg{id: nid}
	}
}

// duplicated opens the copy in the editor.
func (r *root) duplicated(msg duplicatedMsg) tea.Cmd {
	return tea.Batch(common.Notice("Duplicated: the copy is a new draft, opened in the editor.", false),
		common.OpenEditor(msg.id), func() tea.Msg { return common.CampaignChangedMsg{CampaignID: msg.id} })
}
