package sandbox

import (
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
)

// TestNullKnownFieldIsAbsent walks every field of every publish-valid
// fixture, sends it as null in a create and in a PATCH, and checks that no
// record the sandbox returns (GET, search) or stores holds null for a known
// field, while an unknown field keeps its null (decisions.md §2 "null
// values"). Without CAMPAIGNS_STRESS=1 it sends a field once per channel
// (not once per fixture) and a model type's fields once (not at every place
// the type stands): about half the requests, every field still sent.
func TestNullKnownFieldIsAbsent(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "campaigns", "*.json"))
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	// The short form sends a field the fixtures of a channel share in the
	// first of them only; CAMPAIGNS_STRESS=1 (.ci/run) in each.
	owner := map[string]string{} // channel and path → the first fixture holding it
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		base := fixture(t, name)
		for _, path := range leafAndObjectPaths(base, "") {
			if k := fmt.Sprint(base["channel"], " ", path); owner[k] == "" {
				owner[k] = name
			}
		}
	}
	var walked, accepted, fixtureFields atomic.Int64
	// Each walk on its own sandbox, the walks side by side.
	t.Run("walks", func(t *testing.T) {
		for _, f := range files {
			name := strings.TrimSuffix(filepath.Base(f), ".json")
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				w, a := walkFixtureNulls(newEnv(t, nil), name, func(channel any, path string) bool {
					return stress() || owner[fmt.Sprint(channel, " ", path)] == name
				})
				fixtureFields.Add(int64(w))
				walked.Add(int64(w))
				accepted.Add(int64(a))
			})
		}
		// Every known field of the model, by its JSON name at every depth
		// (content under the default locale and first variation), sent as
		// null in a PATCH of its component onto a full draft.
		for _, name := range []string{"push_one_time", "email_one_time"} {
			t.Run("model/"+name, func(t *testing.T) {
				t.Parallel()
				w, a := walkModelNulls(newEnv(t, nil), name)
				walked.Add(int64(w))
				accepted.Add(int64(a))
			})
		}
	})
	if fixtureFields.Load() < 100 {
		t.Fatalf("walked %d fields only", fixtureFields.Load())
	}
	if accepted.Load() < walked.Load()/2 {
		t.Fatalf("%d of %d nulls were accepted: too few to say anything", accepted.Load(), walked.Load())
	}
	t.Logf("%d nulls sent, %d accepted and checked", walked.Load(), accepted.Load())
}

// walkFixtureNulls sends each field of the fixture that walk takes as
// null, in a create and in a PATCH of a draft made from it.
func walkFixtureNulls(e *env, name string, walk func(channel any, path string) bool) (walked, accepted int) {
	base := fixture(e.t, name)
	target := e.create(base)
	created := &searchBatch{e: e} // the created campaigns' search records, a page at a time
	for _, path := range leafAndObjectPaths(base, "") {
		if !walk(base["channel"], path) {
			continue
		}
		walked++
		body := nulled(base, path)
		body["x_custom"] = nil
		if r := e.do("POST", api.PathCampaigns, body); r.status == http.StatusCreated {
			var d api.CreateResult
			r.data(e.t, &d)
			accepted++
			what := name + " create " + path
			e.checkNoKnownNullIn(d.ID, what, "GET", e.get(d.ID))
			created.add(d.ID, what)
		} else if r.status != http.StatusBadRequest {
			e.t.Fatalf("%s create with %s null: %s", name, path, r.raw)
		}
		top := strings.SplitN(path, ".", 2)[0]
		if top == "channel" || top == "campaign_delivery_type" || top == "created_by" {
			continue
		}
		patch := map[string]any{top: nulled(base, path)[top], "x_custom": nil}
		if e.patchNull(target, patch, name+" PATCH "+path) {
			accepted++
		}
	}
	created.flush()
	return walked, accepted
}

// walkModelNulls sends every known field of the model as null in a PATCH
// of a draft made from the fixture.
func walkModelNulls(e *env, name string) (walked, accepted int) {
	base := fixture(e.t, name)
	target := e.create(base)
	// Each type's fields once in the short form; at every place they
	// stand under CAMPAIGNS_STRESS=1 (.ci/run).
	var seen map[reflect.Type]bool
	if !stress() {
		seen = map[reflect.Type]bool{}
	}
	for _, path := range modelPaths(reflect.TypeOf(model.Campaign{}), "", 0, seen) {
		top := strings.SplitN(path, ".", 2)[0]
		if serverOwnedKeys[top] {
			continue
		}
		walked++
		patch := map[string]any{top: withNull(base[top], strings.Split(path, ".")[1:]), "x_custom": nil}
		if e.patchNull(target, patch, name+" PATCH "+path) {
			accepted++
		}
	}
	return walked, accepted
}

// serverOwnedKeys are set by the service, never by a PATCH.
var serverOwnedKeys = map[string]bool{"id": true, "campaign_id": true, "version_number": true, "status": true,
	"created_by": true, "created_at": true, "updated_at": true, "sent_time": true, "flow_id": true, "flow_name": true,
	"parent_id": true, "request_id": true, "channel": true, "campaign_delivery_type": true, "updated_by": true}

// modelPaths lists the dotted JSON path of every known field of t. With
// seen, a struct type's fields are listed at the first place it stands only
// (a Button's under the first button, not under every platform's).
func modelPaths(t reflect.Type, prefix string, depth int, seen map[reflect.Type]bool) []string {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	if t == reflect.TypeOf(model.Content{}) {
		return modelPaths(reflect.TypeOf(model.Message{}), prefix+".default.variation_1", depth+1, seen)
	}
	if t.Kind() != reflect.Struct || depth > 12 || seen[t] {
		return nil
	}
	if seen != nil {
		seen[t] = true
	}
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		p := strings.TrimPrefix(prefix+"."+name, ".")
		out = append(out, p)
		out = append(out, modelPaths(f.Type, p, depth+1, seen)...)
	}
	return out
}

// withNull is v (a component as sent) with null at path inside it, the
// objects on the way made when missing.
func withNull(v any, path []string) any {
	if len(path) == 0 {
		return nil
	}
	cp, _ := model.CloneTree(v).(map[string]any)
	if cp == nil {
		cp = map[string]any{}
	}
	cp[path[0]] = withNull(cp[path[0]], path[1:])
	return cp
}

// patchNull sends patch (holding a null) and, when it is accepted, checks
// no null for a known field came back; a refusal stores nothing.
func (e *env) patchNull(id string, patch map[string]any, what string) (accepted bool) {
	e.t.Helper()
	switch r := e.do("PATCH", api.PathCampaigns+"/"+id, patch); r.status {
	case http.StatusOK:
		e.checkNoKnownNull(id, what)
		return true
	case http.StatusBadRequest:
		return false
	default:
		e.t.Fatalf("%s: %s", what, r.raw)
		return false
	}
}

// checkNoKnownNull fails when the GET or search record of id, or its stored
// document, holds null anywhere but under the unknown key x_custom.
func (e *env) checkNoKnownNull(id, what string) {
	e.t.Helper()
	e.checkNoKnownNullIn(id, what, "GET", e.get(id))
	e.checkNoKnownNullIn(id, what, "search", e.searchRecord(id, "DRAFT"))
}

// checkNoKnownNullIn fails when m, the src record of id, or id's stored
// document holds null anywhere but under the unknown key x_custom.
func (e *env) checkNoKnownNullIn(id, what, src string, m map[string]any) {
	e.t.Helper()
	rec, err := e.s.store.Latest(e.t.Context(), e.user, id)
	if err != nil {
		e.t.Fatal(err)
	}
	var stored map[string]any
	_ = json.Unmarshal(rec.Doc, &stored)
	for src, m := range map[string]map[string]any{src: m, "stored": stored} {
		if p := nullAt(m, ""); p != "" {
			e.t.Errorf("%s: %s record holds null at %s", what, src, p)
		}
		if v, ok := m["x_custom"]; !ok || v != nil {
			e.t.Errorf("%s: %s lost the unknown field's null", what, src)
		}
	}
}

// searchBatch checks the search records of campaigns that no longer
// change a page (MaxPage ids) at a time: one search for fifteen creates.
type searchBatch struct {
	e    *env
	ids  []string
	what map[string]string
}

func (b *searchBatch) add(id, what string) {
	if b.what == nil {
		b.what = map[string]string{}
	}
	b.ids = append(b.ids, id)
	b.what[id] = what
	if len(b.ids) == MaxPage {
		b.flush()
	}
}

func (b *searchBatch) flush() {
	e := b.e
	e.t.Helper()
	if len(b.ids) == 0 {
		return
	}
	r := e.do("POST", api.PathSearch, map[string]any{"limit": MaxPage, "page": 1,
		"campaign_fields": map[string]any{"ids": b.ids, "status": []string{"DRAFT"}}})
	want(e.t, r, http.StatusOK)
	var res struct{ Campaigns []map[string]any }
	r.data(e.t, &res)
	if len(res.Campaigns) != len(b.ids) {
		e.t.Fatalf("search for %d ids found %d: %s", len(b.ids), len(res.Campaigns), r.raw)
	}
	for _, m := range res.Campaigns {
		id, _ := m["id"].(string)
		what, ok := b.what[id]
		if !ok {
			e.t.Fatalf("search for %v found %q", b.ids, id)
		}
		delete(b.what, id)
		e.checkNoKnownNullIn(id, what, "search", m)
	}
	b.ids = b.ids[:0]
}

// nullAt is the first path holding null, x_custom aside, or "".
func nullAt(v any, path string) string {
	switch x := v.(type) {
	case nil:
		return path
	case map[string]any:
		for k, c := range x {
			if k == "x_custom" && path == "" {
				continue
			}
			if p := nullAt(c, strings.TrimPrefix(path+"."+k, ".")); p != "" {
				return p
			}
		}
	case []any:
		for i, c := range x {
			if p := nullAt(c, fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p
			}
		}
	}
	return ""
}

// leafAndObjectPaths lists the dotted path of every key in m, objects
// included (array elements by their first element only).
func leafAndObjectPaths(m map[string]any, prefix string) []string {
	var out []string
	for k, v := range m {
		p := strings.TrimPrefix(prefix+"."+k, ".")
		out = append(out, p)
		switch x := v.(type) {
		case map[string]any:
			out = append(out, leafAndObjectPaths(x, p)...)
		case []any:
			if len(x) > 0 {
				if o, ok := x[0].(map[string]any); ok {
					out = append(out, leafAndObjectPaths(o, p+".0")...)
				}
			}
		}
	}
	return out
}

// nulled is a deep copy of m with the key at path set to null.
func nulled(m map[string]any, path string) map[string]any {
	cp := model.CloneTree(m).(map[string]any)
	var cur any = cp
	parts := strings.Split(path, ".")
	for i, k := range parts {
		last := i == len(parts)-1
		switch x := cur.(type) {
		case map[string]any:
			if last {
				x[k] = nil
			}
			cur = x[k]
		case []any:
			if last {
				x[0] = nil
			}
			cur = x[0]
		}
	}
	return cp
}
