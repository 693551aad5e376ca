package inspector

import (
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// The inspector re-reads on its own while on show, keeps its pane, and
// tells a change of state found by that read (not one its own action made:
// the action says so itself).
func TestInspectorRefreshTellsAChangeOfState(t *testing.T) {
	c := decode(t, `{"campaign_id":"a","status":"SENDING","channel":"PUSH","campaign_delivery_type":"ONE_TIME","basic_details":{"name":"Flash"}}`)
	in := open(c, 80, 24)
	in.c.Refresh = time.Minute
	in.pane = paneJSON
	in.scheduleRefresh()
	if in.refresh(refreshMsg{gen: in.refreshGen}) == nil || !in.loading {
		t.Fatal("the timer did not re-read the campaign")
	}
	_, cmd := in.Update(campaignMsg{seq: in.seq, c: decode(t, `{"campaign_id":"a","status":"SENT","channel":"PUSH","campaign_delivery_type":"ONE_TIME","basic_details":{"name":"Flash"}}`)})
	var notice string
	for _, m := range uitest.RunBatch(cmd) {
		if n, ok := m.(common.NoticeMsg); ok {
			notice = n.Text
		}
	}
	if notice != "“Flash” is now SENT (was SENDING)" || in.pane != paneJSON {
		t.Fatalf("notice %q, pane %s", notice, in.Pane())
	}
	// A read that is not the timer's (after an action) tells nothing more.
	in.reload()
	_, cmd = in.Update(campaignMsg{seq: in.seq, c: decode(t, `{"campaign_id":"a","status":"STOPPED","channel":"PUSH","campaign_delivery_type":"ONE_TIME","basic_details":{"name":"Flash"}}`)})
	for _, m := range uitest.RunBatch(cmd) {
		if n, ok := m.(common.NoticeMsg); ok {
			t.Fatalf("a second notice: %q", n.Text)
		}
	}
}
