package editor

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// At 80 columns the status line fits whole: the sync state and the count
// of problems are never cut ("2 to fix befo"); wider windows keep the long
// wording.
func TestStatusLineFitsAt80Columns(t *testing.T) {
	c := fixture(t, "push_event_triggered.json")
	// Two problems to fix before publishing.
	c.BasicDetails.Platforms = nil
	c.SchedulingDetails = nil
	states := []drafts.Status{
		{State: drafts.StateSynced},
		{State: drafts.StatePending, Pending: []string{"a", "b"}, Unsynced: []string{"a", "b"}},
		{State: drafts.StateInvalid, Invalid: map[string][]engine.Problem{"delivery_controls": nil, "basic_details": nil, "campaign_content": nil}},
		{State: drafts.StateOffline, OfflineSince: at(10, 0, 0)},
		{State: drafts.StateConflict, Conflicts: []string{"basic_details"}},
		{State: drafts.StateFailed, Err: errors.New("409 BAD_REQUEST")},
	}
	for _, w := range []int{80, 100, 200} {
		m, _ := newTestEditor(t, c, w, 24)
		n := len(m.probs.items)
		if n == 0 {
			t.Fatal("the campaign has nothing to fix")
		}
		for _, st := range states {
			m.Update(listenMsg{ev: &drafts.Event{ID: m.id, Kind: drafts.EventStatus, Status: st}})
			lines := strings.Split(m.View(), "\n")
			last := ansiStrip(lines[len(lines)-1])
			if common.Width(last) > w {
				t.Errorf("%d columns, %v: %d cells: %q", w, st.State, common.Width(last), last)
			}
			want := []string{strings.TrimSpace(strings.SplitN(ansiStrip(m.syncText()), "(", 2)[0]), strconv.Itoa(n) + " to fix"}
			if w >= 200 {
				want = append(want, strconv.Itoa(n)+" to fix before publishing", "PUSH · EVENT_TRIGGERED · DRAFT")
			} else if st.State != drafts.StateInvalid {
				want = append(want, "DRAFT")
			}
			for _, s := range want {
				if !strings.Contains(last, s) {
					t.Errorf("%d columns, %v: %q not whole in %q", w, st.State, s, last)
				}
			}
			if strings.HasSuffix(strings.TrimSpace(last), "befo") || strings.Contains(last, "…") && st.State != drafts.StateInvalid {
				t.Errorf("%d columns, %v: cut: %q", w, st.State, last)
			}
		}
	}
}

// The status line names invalid or conflicting parts by the form's words
// ("Audience"), never by their JSON keys ("segmentation_details"), and at
// 80 columns the word is whole.
func TestStatusLineNamesPartsInPlainWords(t *testing.T) {
	c := fixture(t, "push_event_triggered.json")
	m, _ := newTestEditor(t, c, 80, 24)
	for _, tc := range []struct {
		st   drafts.Status
		want string
	}{
		{drafts.Status{State: drafts.StateInvalid, Invalid: map[string][]engine.Problem{"segmentation_details": nil}}, "not sent (to fix: Audience)"},
		{drafts.Status{State: drafts.StateConflict, Conflicts: []string{"segmentation_details"}}, "conflict in Audience"},
	} {
		m.Update(listenMsg{ev: &drafts.Event{ID: m.id, Kind: drafts.EventStatus, Status: tc.st}})
		lines := strings.Split(m.View(), "\n")
		last := ansiStrip(lines[len(lines)-1])
		if !strings.Contains(last, tc.want) {
			t.Errorf("%v: no %q in %q", tc.st.State, tc.want, last)
		}
		if strings.Contains(last, "segmentation_details") || strings.Contains(last, "_") {
			t.Errorf("%v: a JSON key in the status line: %q", tc.st.State, last)
		}
		if common.Width(last) > 80 {
			t.Errorf("%v: %d cells at 80 columns: %q", tc.st.State, common.Width(last), last)
		}
	}
}

// The status line says each sync state in words; an event of another
// campaign changes nothing.
func TestSyncStatusLine(t *testing.T) {
	m := summerSale(t, 160, 48)
	cases := []struct {
		st   drafts.Status
		want string
	}{
		{drafts.Status{State: drafts.StateSynced}, "● synced"},
		{drafts.Status{State: drafts.StatePending, Pending: []string{"a", "b"}, Unsynced: []string{"a", "b"}}, "2 components pending"},
		{drafts.Status{State: drafts.StateInvalid, Invalid: map[string][]engine.Problem{"delivery_controls": nil}}, "not sent (to fix: Delivery controls)"},
		{drafts.Status{State: drafts.StateOffline, OfflineSince: at(10, 0, 0)}, "offline since 10:00:00 (edits kept, retrying)"},
		{drafts.Status{State: drafts.StateConflict, Conflicts: []string{"basic_details"}}, "conflict in Basic details (c to resolve)"},
		{drafts.Status{State: drafts.StateRateLimited, RateLimitedUntil: at(10, 0, 5)}, "rate-limited until 10:00:05"},
		{drafts.Status{State: drafts.StateFailed, Err: errors.New("409 BAD_REQUEST")}, "not saved: 409 BAD_REQUEST"},
	}
	for _, tc := range cases {
		m.Update(listenMsg{ev: &drafts.Event{ID: m.id, Kind: drafts.EventStatus, Status: tc.st}})
		if out := m.View(); !strings.Contains(out, tc.want) {
			t.Errorf("status %v: no %q in the status line", tc.st.State, tc.want)
		}
	}
	// Another campaign's event changes nothing.
	m.Update(listenMsg{ev: &drafts.Event{ID: "other", Kind: drafts.EventStatus, Status: drafts.Status{State: drafts.StateOffline, OfflineSince: at(10, 0, 0)}}})
	if strings.Contains(m.View(), "offline") {
		t.Error("an event of another campaign was applied")
	}
}

// at is today's h:m:s in local time, as the status line shows it.
func at(h, m, s int) time.Time {
	y, mo, d := time.Now().Date()
	return time.Date(y, mo, d, h, m, s, 0, time.Local)
}
