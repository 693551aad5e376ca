package drafts

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/model"
)

const draft = `{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"a@example.com",
 "basic_details":{"name":"Spring sale","platforms":["ANDROID"],"x_team_note":"keep me"},
 "utm_params":{"utm_source":"app","utm_medium":"push"}}`

func TestDebouncedSendOfOnlyChangedComponentWhole(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.loaded()
	for _, n := range []string{"S", "Su", "Summer sale"} {
		fx.edit(id, setName(n))
		fx.clock.Advance(300 * time.Millisecond) // typing: never a full pause
	}
	if got := fx.eng.Status(id); got.State != StatePending || !slices.Equal(got.Pending, []string{"basic_details"}) {
		t.Fatalf("while typing: %v", got)
	}
	if n := len(fx.f.patchBodies()); n != 0 {
		t.Fatalf("%d PATCHes while typing", n)
	}
	fx.clock.Advance(800 * time.Millisecond)
	bodies := fx.f.patchBodies()
	if len(bodies) != 1 {
		t.Fatalf("%d PATCHes after the pause, want 1", len(bodies))
	}
	got := keys(bodies[0])
	slices.Sort(got)
	// No author set: none is sent (the service names the credential), and
	// never the draft's created_by, who is not the person editing now; the
	// campaign's channel and type go along (a gateway's oneOf needs them).
	if !slices.Equal(got, []string{"basic_details", "campaign_delivery_type", "channel", "request_id"}) {
		t.Errorf("PATCH sent %v, want basic_details only, with no updated_by, with the campaign's channel and type", got)
	}
	var bd map[string]any
	json.Unmarshal(bodies[0]["basic_details"], &bd)
	if bd["name"] != "Summer sale" || bd["platforms"] == nil || bd["x_team_note"] != "keep me" {
		t.Errorf("basic_details not sent whole: %v", bd)
	}
	r := fx.remote(id)
	if nameOf(r) != "Summer sale" || r.BasicDetails.Extra.Unknown["x_team_note"] != "keep me" {
		t.Errorf("service holds %s", model.Encode(r.BasicDetails))
	}
	if st := fx.eng.Status(id); st.State != StateSynced || st.String() != "synced" {
		t.Errorf("after sync: %v", st)
	}
	if ids, _ := fx.eng.Journaled(); len(ids) != 0 {
		t.Errorf("journal kept after a full sync: %v", ids)
	}
}

func TestJournalReplayAfterCrashWithTornRecord(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.loaded()
	fx.edit(id, setName("first"))
	fx.edit(id, func(c *model.Campaign) { c.UTMParams.UTMCampaign = ptr("spring") })
	fx.edit(id, setName("third"))
	path := journalPath(fx.dir, id)
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	// Crash mid-write of a fourth edit: its record is cut short.
	rec, _ := frame(record{T: "edit", Units: map[string]json.RawMessage{"basic_details": json.RawMessage(`{"name":"lost"}`)}})
	f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	f.Write(rec[:len(rec)-5])
	f.Close()

	// A new process: the old engine is abandoned, never closed.
	fx.crash(fx.eng)
	fx.down() // the service is unreachable too; replay needs no network
	e2 := fx.open()
	ids, _ := e2.Journaled()
	if !slices.Equal(ids, []string{id}) {
		t.Fatalf("journaled %v", ids)
	}
	w, err := e2.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if nameOf(w) != "third" || *w.UTMParams.UTMCampaign != "spring" || w.BasicDetails.Extra.Unknown["x_team_note"] != "keep me" {
		t.Errorf("replayed %s", model.Encode(w))
	}
	if s := e2.Status(id); !slices.Equal(s.Unsynced, []string{"basic_details", "utm_params"}) {
		t.Errorf("replayed edits not marked unsynced: %v", s)
	}
	if st2, _ := os.Stat(path); st2.Size() != st.Size() {
		t.Errorf("torn tail not cut: %d bytes, want %d", st2.Size(), st.Size())
	}
	// The journal keeps working after the cut, and the edits reach the
	// service once it is back.
	if err := e2.Edit(id, setName("fourth")); err != nil {
		t.Fatal(err)
	}
	fx.up()
	fx.clock.Advance(time.Second)
	if r := fx.remote(id); nameOf(r) != "fourth" || *r.UTMParams.UTMCampaign != "spring" {
		t.Errorf("service holds %s", model.Encode(r))
	}
}

func TestOfflineThenOnline(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.loaded()
	fx.down()
	fx.edit(id, setName("offline 1"))
	fx.clock.Advance(800 * time.Millisecond)
	st := fx.eng.Status(id)
	if st.State != StateOffline || !st.OfflineSince.Equal(t0.Add(800*time.Millisecond)) || len(st.Pending) != 1 {
		t.Fatalf("status %v", st)
	}
	// Edits keep working while offline.
	fx.edit(id, setName("offline 2"))
	if w := fx.eng.Working(id); nameOf(w) != "offline 2" {
		t.Errorf("working %q", nameOf(w))
	}
	if err := fx.eng.Flush(context.Background(), id); err == nil {
		t.Error("flush while offline said nil")
	}
	fx.up()
	fx.clock.Advance(2 * time.Minute) // the background retry fires
	fx.wantSynced(id, "offline 2")
}

func TestConflictWhenChangedBehindTheEditorsBack(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		choice Choice
		want   string
	}{{"keep mine", KeepMine, "mine!"}, {"take theirs", TakeTheirs, "theirs"}, {"merge", Merge, "merged"}} {
		t.Run(tc.name, func(t *testing.T) {
			fx := newFixture(t)
			id := fx.loaded()
			theirs := fx.remote(id)
			theirs.BasicDetails.Name = ptr("theirs")
			theirs.UTMParams.UTMTerm = ptr("remote-term")
			fx.patchRemote(id, theirs, "basic_details", "utm_params")

			fx.edit(id, setName("mine"))
			fx.wantConflict(id, "theirs")
			st := fx.eng.Status(id)
			if st.State != StateConflict || !slices.Equal(st.Conflicts, []string{"basic_details"}) {
				t.Fatalf("status %v", st)
			}
			cfs := fx.eng.Conflicts(id)
			if len(cfs) != 1 || nameOf(&model.Campaign{BasicDetails: cfs[0].Local.(*model.BasicDetails)}) != "mine" ||
				nameOf(&model.Campaign{BasicDetails: cfs[0].Remote.(*model.BasicDetails)}) != "theirs" ||
				nameOf(&model.Campaign{BasicDetails: cfs[0].Base.(*model.BasicDetails)}) != "Spring sale" {
				t.Fatalf("conflicts %+v", cfs)
			}
			// utm_params changed only on the service: adopted, no conflict.
			if w := fx.eng.Working(id); w.UTMParams.UTMTerm == nil || *w.UTMParams.UTMTerm != "remote-term" {
				t.Errorf("remote-only change not adopted: %s", model.Encode(w.UTMParams))
			}
			// Typing on while the conflict is open: the conflict shows it.
			fx.edit(id, setName("mine!"))
			if cf := fx.eng.Conflicts(id); nameOf(&model.Campaign{BasicDetails: cf[0].Local.(*model.BasicDetails)}) != "mine!" {
				t.Errorf("conflict shows a stale local version")
			}
			cfs[0].Remote.(*model.BasicDetails).Name = ptr("changed by the UI")
			var merged any
			if tc.choice == Merge {
				merged = json.RawMessage(`{"name":"merged","platforms":["ANDROID"]}`)
			}
			if err := fx.eng.Resolve(id, "basic_details", tc.choice, merged); err != nil {
				t.Fatal(err)
			}
			if err := fx.eng.Flush(context.Background(), id); err != nil {
				t.Fatalf("flush after resolve: %v", err)
			}
			if w := fx.eng.Working(id); nameOf(w) != tc.want {
				t.Errorf("working name %q, want %q", nameOf(w), tc.want)
			}
			fx.wantSynced(id, tc.want)
		})
	}
}

func TestEventsNameTheCampaign(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.loaded()
	fx.edit(id, setName("x"))
	fx.eng.Flush(context.Background(), id)
	evs := drain(fx.eng)
	var kinds []EventKind
	for _, ev := range evs {
		if ev.ID != id {
			t.Errorf("event for %q", ev.ID)
		}
		kinds = append(kinds, ev.Kind)
	}
	if !slices.Contains(kinds, EventSynced) || !slices.Contains(kinds, EventStatus) {
		t.Errorf("kinds %v", kinds)
	}
	if last := evs[len(evs)-1]; last.Status.State != StateSynced {
		t.Errorf("last event %+v", last)
	}
}

func ptr[T any](v T) *T { return &v }
