// Package editor is the draft editor: guided steps over the forms field
// model, live validation with the engine on every key press, a preview
// beside the form, sync through the sync engine, conflicts and test sends.
//
// A step is a list of rows (forms.Field) drawn by the editor, not a huh
// group: rows appear and vanish as values change (a template, a delivery
// type, a toggle), and a group redraws every field on each key (about 2 ms
// at 25 fields). Editing a row opens one small huh form holding one field
// for it (rowForm): huh.Input for one-line values, drawn in the row;
// huh.Text for long text, huh.Select for a choice (with "(not set)") and
// huh.MultiSelect for a subset, drawn as a dialog. Only one huh form lives
// at a time (two would both take the keys), built on the session's styles
// (huh's own themes use the process's renderer, wrong over SSH). huh
// validates on blur, so after every key the editor reads the bound value
// and applies it at once: the engine judges each key press, and a hovered
// choice is applied as it is hovered (esc puts the old one back). Time
// zones keep a picker of their own (see picker). The new-draft dialog is a
// huh form too.
//
// Switching a template clears the fields the new one does not use; those
// values are kept by path for the session (draft.stash) and come back when
// a template that uses them is chosen again.
//
// The campaign the editor shows is the sync engine's one working copy
// (store.go): a key press changes it in memory through drafts.Draft.Edit,
// validated in Update; the engine's committer puts the edit on disk within
// drafts.DurabilityWindow (one fsync for the edits of a few milliseconds),
// so no key waits for an fsync or a deep copy, and closing the engine
// writes what is left, so quitting loses nothing typed.
//
// Files: editor.go routes messages and keys; draft.go is the campaign being
// edited (no Bubble Tea); rows.go the row list; panel.go the problems
// panel; edit.go the changes a row makes; sync.go the sync engine's side;
// previewpane.go the preview beside the form; view.go assembles the screen;
// dialogs.go, rowform.go, newdraft.go, testsend.go and conflict.go the
// dialogs; link.go keeps a push message's platforms in step ("Platforms
// linked"); nav.go the keys between values (tab to the next field with
// its text selected, ⌫ to clear and type, n to the next field to fill);
// defaults.go the values that follow from one just typed.
package editor
