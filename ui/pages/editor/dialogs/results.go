package dialogs

import (
	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
)

// The answers the dialogs give the editor, and the news it gives them.

// The ids of the dialogs the editor finds on its stack.
const (
	ConflictID = "conflict"
	NewDraftID = "new-draft"
	RowID      = "row"
	TestSendID = "test"
)

// ChooseMsg: a value chosen for a field (the time zone search).
type ChooseMsg struct {
	Field forms.Field
	Value string
}

// UserMsg: the preview's user, by index in the list the dialog was given,
// or typed as an id or email (Typed != "").
type UserMsg struct {
	Index int
	Typed string
}

// CopyMsg: copy the content of From to the targets To.
type CopyMsg struct {
	From forms.Selection
	To   []forms.Selection
}

// ResolveMsg: resolve the conflict in Component (Merged: the JSON typed).
type ResolveMsg struct {
	Component string
	Choice    drafts.Choice
	Merged    any
}

// LeaveMsg: leave the editor (Quit: quit the program), after a sync when
// Sync; Settled: every edit reached the service while the dialog was open.
type LeaveMsg struct{ Sync, Quit, Settled bool }

// SendLiveMsg: send the live campaign's changes (Force: though they break
// it).
type SendLiveMsg struct{ Force bool }

// SendTestMsg: send a test with Meta; Saved: the service's saved draft,
// not the editor's copy. The dialog stays open, waiting for TestAnswerMsg.
type SendTestMsg struct {
	Meta  api.TestMeta
	Saved bool
}

// TestAnswerMsg is the answer to SendTestMsg, for the test dialog.
type TestAnswerMsg struct {
	Res api.TestResult
	Err error
}

// WantResultsMsg: show the last test's results (ctrl+r in the test dialog).
type WantResultsMsg struct{}

// CreateMsg: create the new draft Body; By is its author; Name, when set,
// is the first edit (a draft of that delivery type cannot be created with
// one).
type CreateMsg struct {
	Body     *model.Campaign
	By, Name string
}

// CreateFailedMsg is a refused create, for the new-draft dialog.
type CreateFailedMsg struct{ Err error }

// SyncMsg is the sync status, for the dialogs that show it: Text in words,
// Synced when the service has every edit, Unsynced when some are only here.
type SyncMsg struct {
	Text             string
	Synced, Unsynced bool
}
