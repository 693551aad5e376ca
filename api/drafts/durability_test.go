package drafts

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/model"
)

// TestKillLosesNothingOlderThanTheWindow kills (SIGKILL) a child process
// that types into a draft as fast as it can, with nothing but Edit (no
// Commit: the group commit alone), at a random moment, then replays the
// journal: every edit made more than DurabilityWindow before the kill must
// be back. The child prints each edit's number and the time Edit returned.
func TestKillLosesNothingOlderThanTheWindow(t *testing.T) {
	if os.Getenv("SYNC_WINDOW_CHILD") != "" {
		t.Skip("running as the child")
	}
	if raceOn {
		t.Skip("timing under the race detector measures the detector")
	}
	// 200 kill rounds take about 40 s: in full under CI (CAMPAIGNS_STRESS=1,
	// .ci/run), 10 otherwise.
	rounds := 10
	if stress() {
		rounds = 200
	}
	// Rounds in lanes side by side: a round mostly waits on its child.
	var mu sync.Mutex
	var lostYoung int       // edits lost that were younger than the window (allowed)
	var worst time.Duration // age at the kill of the oldest edit lost
	// Rounds by the age of their oldest lost edit: ≤10 ms, ≤30, ≤100, more.
	var hist [4]int
	const lanes = 5
	var wg sync.WaitGroup
	for lane := range lanes {
		wg.Go(func() {
			for round := lane; round < rounds; round += lanes {
				young, oldest, err := killRound(t, round)
				mu.Lock()
				if err != nil {
					t.Errorf("round %d: %v", round, err)
				}
				lostYoung += young
				worst = max(worst, oldest)
				switch {
				case oldest <= 10*time.Millisecond:
					hist[0]++
				case oldest <= 30*time.Millisecond:
					hist[1]++
				case oldest <= 100*time.Millisecond:
					hist[2]++
				default:
					hist[3]++
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	t.Logf("%d kills: no edit older than %v lost; %d younger edits lost, the oldest %v before its kill; "+
		"rounds whose oldest lost edit was ≤10 ms old: %d, ≤30 ms: %d, ≤100 ms: %d, more: %d",
		rounds, DurabilityWindow, lostYoung, worst, hist[0], hist[1], hist[2], hist[3])
}

// killRound runs one round of TestKillLosesNothingOlderThanTheWindow: a
// child typing, killed at a random moment, its journal replayed. It
// returns how many edits younger than the window were lost and the age of
// the oldest lost one. It runs off the test's goroutine: it reports a lost
// edit with t.Errorf, and returns what stops the round.
func killRound(t *testing.T, round int) (lostYoung int, oldest time.Duration, err error) {
	dir := t.TempDir()
	cmd, out, err := startChild("TestWindowChild", "SYNC_WINDOW_CHILD", dir)
	if err != nil {
		return 0, 0, err
	}
	type made struct {
		n  int
		at time.Time
	}
	var edits []made
	sc := bufio.NewScanner(out)
	var killed time.Time
	deadline := time.Now().Add(30 * time.Second)
	wantAfter := 5 + rand.IntN(300) // edits before the kill
	for sc.Scan() {
		var n int
		var ns int64
		if _, err := fmt.Sscanf(sc.Text(), "%d %d", &n, &ns); err == nil {
			edits = append(edits, made{n, time.Unix(0, ns)})
		}
		if len(edits) >= wantAfter || time.Now().After(deadline) {
			// A random moment within the next few ms, not right after a line.
			time.Sleep(time.Duration(rand.IntN(3000)) * time.Microsecond)
			killed = time.Now()
			cmd.Process.Kill()
			break
		}
	}
	for sc.Scan() { // lines written before the kill landed
		var n int
		var ns int64
		if _, err := fmt.Sscanf(sc.Text(), "%d %d", &n, &ns); err == nil {
			edits = append(edits, made{n, time.Unix(0, ns)})
		}
	}
	cmd.Wait()
	if len(edits) == 0 {
		return 0, 0, errors.New("the child made no edit")
	}

	e, err := openOffline(dir)
	if err != nil {
		return 0, 0, err
	}
	got := 0
	if w, err := e.Load(context.Background(), "window"); err == nil {
		fmt.Sscanf(nameOf(w), "edit %d", &got)
	}
	e.Close()
	for _, ed := range edits {
		if ed.n <= got {
			continue
		}
		age := killed.Sub(ed.at)
		if age > DurabilityWindow {
			t.Errorf("round %d: edit %d, made %v before the kill, is lost (the journal holds edit %d)", round, ed.n, age, got)
		} else {
			lostYoung++
		}
		oldest = max(oldest, age)
	}
	return lostYoung, oldest, nil
}

// TestWindowChild is the child of TestKillLosesNothingOlderThanTheWindow:
// a draft adopted without a service, edited in a loop.
func TestWindowChild(t *testing.T) {
	dir := os.Getenv("SYNC_WINDOW_CHILD")
	if dir == "" {
		t.Skip("only as the child of TestKillLosesNothingOlderThanTheWindow")
	}
	e, err := openOffline(dir)
	if err != nil {
		t.Fatal(err)
	}
	c, err := model.Decode([]byte(draft))
	if err != nil {
		t.Fatal(err)
	}
	c.CampaignID = ptr("window")
	if _, err := e.Adopt(c); err != nil {
		t.Fatal(err)
	}
	for n := 1; ; n++ {
		if err := e.Edit("window", setName(fmt.Sprintf("edit %d", n))); err != nil {
			t.Fatal(err)
		}
		fmt.Printf("%d %d\n", n, time.Now().UnixNano())
		// A fast typist: a key every 200 µs.
		time.Sleep(200 * time.Microsecond)
	}
}
