package drafts_test

import (
	"context"
	"fmt"
	"log"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/model"
)

// How an editor uses the engine: load, edit on every keystroke, save on
// ctrl+s, and turn events into messages (in Bubble Tea, a tea.Cmd that
// reads one event and returns it as a tea.Msg).
func Example() {
	client, err := api.New(api.Config{BaseURL: "http://127.0.0.1:8787", WorkspaceID: "SANDBOX", APIKey: "sandbox-key"})
	if err != nil {
		log.Fatal(err)
	}
	eng, err := drafts.Open(drafts.DefaultDir(client.BaseURL(), client.WorkspaceID()), client, drafts.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer eng.Close()

	// After a crash, these campaigns have edits the service may not have.
	unsynced, _ := eng.Journaled()
	fmt.Println("unsynced:", unsynced)

	ctx := context.Background()
	id := "665f0a1b2c3d4e5f6a7b8c9d"
	if _, err := eng.Load(ctx, id); err != nil {
		log.Fatal(err)
	}
	// A keystroke: made in memory at once, on disk within
	// DurabilityWindow (group commit), sent after a pause. An editor holds
	// the Draft instead and reads its Working copy under Lock.
	title := "Summer sale"
	if err := eng.Edit(id, func(c *model.Campaign) { c.BasicDetails.Name = &title }); err != nil {
		log.Fatal(err) // the disk refused an earlier write: tell the user
	}
	// ctrl+s
	if err := eng.Flush(ctx, id); err != nil {
		fmt.Println(eng.Status(id)) // "conflict in basic_details", "offline since 15:04:05, pending 1 component", …
	}
	for ev := range eng.Events() {
		switch ev.Kind {
		case drafts.EventConflict:
			// Show ev.Conflict.Local and ev.Conflict.Remote; then one of:
			_ = eng.Resolve(ev.ID, ev.Conflict.Component, drafts.KeepMine, nil)
		case drafts.EventStatus:
			fmt.Println(ev.ID, ev.Status)
		}
	}
}
