package editor

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/campaigns-cli/campaigns/ui/common"
)

// keyMap is the editor's view of the one keymap (common.KeyMap): its own
// bindings and the ones it shares with every screen, under one name each.
type keyMap struct {
	common.EditorKeys
	Up, Down, NextPane, PrevPane key.Binding
	// Complete, OtherName: suggestions; Results: the last test's results.
	Complete, OtherName, Results key.Binding
}

func keysOf(k common.KeyMap) keyMap {
	return keyMap{EditorKeys: k.Editor, Up: k.Up, Down: k.Down, NextPane: k.NextPane, PrevPane: k.PrevPane,
		Complete: k.Complete, OtherName: k.OtherName, Results: k.Results}
}
