package drafts

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"strconv"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
)

// TestKill9LosesNothing runs an editor in a child process that types as fast
// as it can and says which edit it has made once Commit says it is on disk
// (TestKillLosesNothingOlderThanTheWindow covers Edit alone); the test
// kills it with SIGKILL at a random moment, then replays the journal in this
// process: every edit the child was told was made must be there.
func TestKill9LosesNothing(t *testing.T) {
	// Not parallel (nor TestKillLosesNothingOlderThanTheWindow): a child
	// forked while another test reopens its journal directory holds that
	// directory's lock until it execs, and the reopen finds it in use.
	if os.Getenv("SYNC_CRASH_CHILD") != "" {
		t.Skip("running as the child")
	}
	if testing.Short() {
		t.Skip("spawns a process")
	}
	for round := range 3 {
		dir := t.TempDir()
		cmd, out, err := startChild("TestCrashChild", "SYNC_CRASH_CHILD", dir)
		if err != nil {
			t.Fatal(err)
		}
		id := ""
		acked := 0
		killAt := 20 + rand.IntN(150)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			var n int
			if _, err := fmt.Sscanf(sc.Text(), "campaign %s", &id); err == nil {
				continue
			}
			if v, err := strconv.Atoi(sc.Text()); err == nil {
				n = v
				acked = n
			}
			if acked >= killAt {
				cmd.Process.Kill() // SIGKILL: no deferred code, no Close
				break
			}
		}
		for sc.Scan() { // edits acknowledged before the kill landed
			if v, err := strconv.Atoi(sc.Text()); err == nil {
				acked = v
			}
		}
		cmd.Wait()
		if id == "" || acked == 0 {
			t.Fatalf("round %d: the child made no edit", round)
		}

		e, err := openOffline(dir)
		if err != nil {
			t.Fatal(err)
		}
		w, err := e.Load(context.Background(), id)
		if err != nil {
			t.Fatalf("round %d: replay: %v", round, err)
		}
		got := nameOf(w)
		t.Logf("round %d: killed after %d acknowledged edits; journal holds %q", round, acked, got)
		// The edit in flight at the kill may or may not have made it.
		if got != fmt.Sprintf("edit %d", acked) && got != fmt.Sprintf("edit %d", acked+1) {
			t.Errorf("round %d: after %d acknowledged edits the journal holds %q", round, acked, got)
		}
		if st := e.Status(id); len(st.Unsynced) != 1 || st.Unsynced[0] != "basic_details" {
			t.Errorf("round %d: status %v", round, st)
		}
		e.Close()
	}
}

// TestCrashChild is the child of TestKill9LosesNothing.
func TestCrashChild(t *testing.T) {
	t.Parallel()
	dir := os.Getenv("SYNC_CRASH_CHILD")
	if dir == "" {
		t.Skip("only as the child of TestKill9LosesNothing")
	}
	h, ws, key := newService(t)
	srv := httptest.NewServer(h)
	c, _ := api.New(api.Config{BaseURL: srv.URL, WorkspaceID: ws, APIKey: key})
	e, err := Open(dir, c, Options{Clock: NewFakeClock(t0)})
	if err != nil {
		t.Fatal(err)
	}
	fx := &fixture{t: t, other: c}
	id := fx.create(draft)
	if _, err := e.Load(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("campaign %s\n", id)
	for n := 1; ; n++ {
		if err := e.Edit(id, setName(fmt.Sprintf("edit %d", n))); err != nil {
			t.Fatal(err)
		}
		// Acknowledged only once on disk: Commit waits for the group commit.
		if err := e.Commit(id); err != nil {
			t.Fatal(err)
		}
		fmt.Printf("%d\n", n)
	}
}
