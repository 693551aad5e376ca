package sync

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	gosync "sync"
	"testing"

	"campaigns/engine"
	"campaigns/model"
)

// newService is a minimal stand-in for the sandbox: create, get, patch.
func newService(t *testing.T) (http.Handler, string, string) {
	var mu gosync.Mutex
	store := map[string]*model.Campaign{}
	n := 0
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		id := strings.TrimPrefix(r.URL.Path, "/v5/campaigns/")
		b, _ := io.ReadAll(r.Body)
		reply := func(status int, data any) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			d, _ := json.Marshal(data)
			fmt.Fprintf(w, `{"response_id":"r","type":"campaign","data":%s}`, d)
		}
		switch {
		case r.Method == http.MethodPost && r.URL.Path == "/v5/campaigns":
			c, _ := model.Decode(b)
			n++
			cid := fmt.Sprintf("%024x", n)
			st := "DRAFT"
			c.ID, c.CampaignID, c.Status, c.RequestID = &cid, &cid, &st, nil
			store[cid] = c
			reply(201, map[string]string{"id": cid, "status": "DRAFT"})
		case r.Method == http.MethodGet && store[id] != nil:
			reply(200, store[id])
		case r.Method == http.MethodPatch && store[id] != nil:
			p, _ := model.Decode(b)
			p.RequestID = nil
			store[id] = engine.Merge(store[id], p)
			reply(200, map[string]string{"id": id})
		default:
			w.WriteHeader(404)
			io.WriteString(w, `{"error":{"code":"NOT_FOUND","message":"Campaign not found."}}`)
		}
	})
	return h, "WS", "key"
}
