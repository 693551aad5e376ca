// Package editor is the draft editor: guided steps over the forms field
// model, live validation with the engine on every key press, a preview
// beside the form, sync through the sync engine, conflicts and test sends.
//
// A step is a list of rows (forms.Field) drawn by the editor, not a huh
// group: rows appear and vanish as values change (a template, a delivery
// type, a toggle), and a group redraws every field on each key (about 2 ms
// at 25 fields). Editing a row opens one small huh form holding one field
// for it (rowform): huh.Input for one-line values, drawn in the row;
// huh.Text for long text, huh.Select for a choice (with "(not set)") and
// huh.MultiSelect for a subset, drawn as a dialog. Only one huh form lives
// at a time (two would both take the keys), built on the session's styles
// (huh's own themes use the process's renderer, wrong over SSH). huh
// validates on blur, so after every key the editor reads the bound value
// and applies it at once: the engine judges each key press, and a hovered
// choice is applied as it is hovered (esc puts the old one back). Time
// zones keep a search of their own (dialogs.Zone). The new-draft dialog is a
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
// Files: editor.go is the screen (Model, Update, help); keys.go routes
// every key press (the open dialog, the row being edited and its
// suggestions, a letter typed on a row, the editor's commands); draft.go
// is the campaign being edited and its lock (no Bubble Tea); factory.go
// builds editors and their doors to the service; rows.go the row list;
// edit.go the changes a row or an action makes and the row form's
// answers; nav.go the keys between values (tab to the next field with its
// text selected, ⌫ to clear and type, n to the next field to fill, + to
// add an item, a/i/w to a platform); pick.go letters that pick a choice;
// link.go keeps a push message's platforms in step ("Platforms linked");
// suggestions.go the names offered while a field is typed; panel.go the
// problems panel; previewpane.go the preview beside the form; view.go
// assembles the screen; reviewstep.go the Review step and publishing;
// sync.go the sync engine's side (status, leaving, conflicts); live.go
// editing a live campaign; testsend.go sending a test; resume.go where a
// draft was left; dialogs.go opens the dialogs and acts on their answers.
//
// The dialogs are components (package dialogs, on the dialog stack of
// ui/components/dialog) and a row's huh form is one too (package
// rowform): they are given what they show and answer with messages; none
// changes the editor.
package editor
