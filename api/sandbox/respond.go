package sandbox

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"reflect"
	"slices"
	"strings"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// reqInfo is what the middleware learns about a request, shared with the
// handlers through the context.
type reqInfo struct {
	body       []byte // the whole body, read once (bodyLimit)
	responseID string // X-SVC-Request-Id, else body request_id, else generated
	headerID   string
	bodyID     string // request_id of the body, if any
	badBodyID  bool   // request_id sent, but not a non-empty string
	ws         Workspace
	scope      string       // the effective scope (X-SVC-Scopes or the key's)
	idem       *idemPending // the Idempotency-Key being answered, if any
}

type ctxKey struct{}

func info(r *http.Request) *reqInfo {
	if ri, ok := r.Context().Value(ctxKey{}).(*reqInfo); ok {
		return ri
	}
	id := r.Header.Get(api.HeaderRequestID)
	if id == "" {
		id = newUUID()
	}
	ri := &reqInfo{responseID: id, headerID: r.Header.Get(api.HeaderRequestID)}
	return ri
}

func withInfo(r *http.Request, ri *reqInfo) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), ctxKey{}, ri))
}

// apiError is an error answer: its status and the envelope's error object.
type apiError struct {
	status  int
	code    string
	message string
	details []api.ErrorDetail
	target  string
	header  http.Header
}

func (e *apiError) Error() string { return e.code + ": " + e.message }

func errValidation(target, message string) *apiError {
	return &apiError{status: http.StatusBadRequest, code: api.CodeValidationFailed, message: message,
		target: target, details: []api.ErrorDetail{{Target: target, Message: message}}}
}

// MaxDetails caps the details of one error answer: past it, one last
// detail says "and N more problems", so that an answer stays a few KiB
// whatever the body (a hostile one can have hundreds of thousands).
const MaxDetails = 100

// maxDetailText bounds a detail's target and message: a target repeats the
// keys of the body, and a key may be as long as the body.
const maxDetailText = 512

// boundDetails keeps an answer small whatever the body: at most MaxDetails
// details (plus the "and N more" one) of at most maxDetailText bytes each.
func boundDetails(ds []api.ErrorDetail) []api.ErrorDetail {
	if len(ds) > MaxDetails+1 {
		m := engine.MoreProblems(len(ds) - MaxDetails)
		ds = append(ds[:MaxDetails:MaxDetails], api.ErrorDetail{Target: m.Target, Message: m.Message})
	}
	for i := range ds {
		ds[i].Target, ds[i].Message = clip(ds[i].Target), clip(ds[i].Message)
	}
	return ds
}

// clip cuts s to maxDetailText bytes on a rune boundary, marking the cut.
func clip(s string) string { return api.Clip(s, maxDetailText) }

func errProblems(message string, ps []engine.Problem) *apiError {
	e := &apiError{status: http.StatusBadRequest, code: api.CodeValidationFailed, message: message}
	ps, more := engine.Omitted(ps)
	if len(ps) > MaxDetails {
		ps, more = ps[:MaxDetails], more+len(ps)-MaxDetails
	}
	for _, p := range ps {
		e.details = append(e.details, api.ErrorDetail{Target: p.Target, Message: p.Message})
	}
	if more > 0 {
		m := engine.MoreProblems(more)
		e.details = append(e.details, api.ErrorDetail{Target: m.Target, Message: m.Message})
	}
	if len(e.details) > 0 {
		e.target = e.details[0].Target
	}
	return e
}

func errNotFound() *apiError {
	return &apiError{status: http.StatusNotFound, code: api.CodeNotFound, message: "Campaign not found.", target: "campaign_id"}
}

func errConflict(message string) *apiError {
	return &apiError{status: http.StatusConflict, code: api.CodeBadRequest, message: message}
}

// errDiskFull is the answer while the disk is full: the write was not made
// (its transaction rolled back) and can be retried once there is room.
func errDiskFull() *apiError {
	return &apiError{status: http.StatusServiceUnavailable, code: api.CodeInternalError,
		message: "The service's disk is full: nothing was written. Retry once space has been freed.",
		header:  http.Header{api.HeaderRetryAfter: {"30"}}}
}

func errInternal() *apiError {
	return &apiError{status: http.StatusInternalServerError, code: api.CodeInternalError, message: "Internal server error."}
}

// writeJSON writes v with the status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"response_id":"","error":{"code":"INTERNAL_ERROR","message":"Internal server error.","target":"","details":[],"request_id":""}}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

// answer is a response worked out before it is sent, so that it can be
// stored with the write it answers (idemPut) and sent once that is durable.
type answer struct {
	status int
	header http.Header // sent, and replayed when among replayedHeaders
	body   []byte
}

// dataAnswer is a success envelope as an answer.
func dataAnswer(r *http.Request, status int, typ string, data any) *answer {
	b, err := json.Marshal(data)
	if err != nil {
		panic(err) // the wire types always encode
	}
	return &answer{status: status, header: http.Header{}, body: append(envelope(info(r).responseID, typ, b), '\n')}
}

// envelope is json.Marshal(api.Envelope{ResponseID, Type, Data}) for data
// the sandbox encoded itself (a wire type, a stored document, a page of
// them), so compact and valid: json.Marshal would scan data again to check
// and compact it, a quarter of the CPU of a 300 KiB preview's answer. Only
// its HTML escaping is kept, which changes no JSON value but the bytes.
func envelope(responseID, typ string, data []byte) []byte {
	b := make([]byte, 0, len(data)+len(responseID)+len(typ)+40)
	b = append(b, `{"response_id":`...)
	b = appendString(b, responseID)
	if typ != "" {
		b = append(b, `,"type":`...)
		b = appendString(b, typ)
	}
	if len(data) > 0 {
		buf := bytes.NewBuffer(append(b, `,"data":`...))
		json.HTMLEscape(buf, data)
		b = buf.Bytes()
	}
	return append(b, '}')
}

// appendString appends s as a JSON string, as json.Marshal writes it.
func appendString(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // a string always encodes
	return append(b, q...)
}

// storedHeader is the headers a replay repeats, as "Name: value" lines.
func (a *answer) storedHeader() string {
	var b strings.Builder
	for _, h := range replayedHeaders {
		if v := a.header.Get(h); v != "" {
			b.WriteString(h + ": " + v + "\n")
		}
	}
	return b.String()
}

// sendStored sends an answer whose idempotency record was committed with
// its write.
func (a *answer) sendStored(w http.ResponseWriter, r *http.Request) {
	if p := info(r).idem; p != nil {
		p.stored = true
	}
	for k, v := range a.header {
		w.Header()[k] = v
	}
	if len(a.body) > 0 {
		w.Header().Set("Content-Type", "application/json")
	}
	w.WriteHeader(a.status)
	_, _ = w.Write(a.body)
}

// writeData writes a success envelope.
func writeData(w http.ResponseWriter, r *http.Request, status int, typ string, data any) {
	raw, ok := data.(json.RawMessage)
	if !ok {
		b, err := json.Marshal(data)
		if err != nil {
			writeErr(w, r, errInternal())
			return
		}
		raw = b
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(append(envelope(info(r).responseID, typ, raw), '\n'))
}

// errEnvelope is the wire form of an error answer. Unlike api.ErrorBody it
// never omits target or details: every error carries both, "" and []
// when there is nothing to say (decisions.md §2 "error envelopes").
type errEnvelope struct {
	ResponseID string   `json:"response_id"`
	Error      errFully `json:"error"`
}

type errFully struct {
	Code      string            `json:"code"`
	Message   string            `json:"message"`
	Target    string            `json:"target"`
	Details   []api.ErrorDetail `json:"details"`
	RequestID string            `json:"request_id"`
}

// writeErr writes an error envelope; any error that is not an *apiError is a
// 500 whose cause goes to the log only.
func writeErr(w http.ResponseWriter, r *http.Request, err error) {
	var e *apiError
	switch {
	case errors.Is(err, errIdemTaken):
		// Another process stored an answer for this key first; the
		// idempotency middleware replays that one instead of this.
		if p := info(r).idem; p != nil {
			p.taken = true
		}
		e = errKeyConflict("A request with this Idempotency-Key was answered meanwhile; retry to get its answer.")
	case errors.As(err, new(*unavailableError)):
		e = errUnavailable()
	case errors.As(err, &e):
	case isDiskFull(err):
		e = errDiskFull()
		noteCause(r, err)
	default:
		e = errInternal()
		noteCause(r, err)
	}
	for k, v := range e.header {
		w.Header()[k] = v
	}
	ri := info(r)
	details := e.details
	if len(details) == 0 && e.target != "" {
		// error.target is the first detail's target (decisions.md §4).
		details = []api.ErrorDetail{{Target: e.target, Message: e.message}}
	}
	if details == nil {
		details = []api.ErrorDetail{}
	}
	details = boundDetails(details)
	writeJSON(w, e.status, errEnvelope{ResponseID: ri.responseID, Error: errFully{
		Code: e.code, Message: e.message, Target: clip(e.target), Details: details,
		// The originating request id, however it came (header and body must
		// match); on a GET without one, the id the service made for it.
		RequestID: cmp.Or(ri.bodyID, ri.headerID, ri.responseID),
	}})
}

// decodeStrict reads a wire-typed body: a syntax error names its line and
// column, a wrong JSON type names its field.
func decodeStrict(body []byte, dst any) error {
	if len(strings.TrimSpace(string(body))) == 0 {
		return errValidation("body", "A JSON object body is required.")
	}
	tree, err := model.Parse(body)
	if err != nil {
		return jsonError(err)
	}
	if err := json.Unmarshal(body, dst); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return elementTypeError(tree, reflect.TypeOf(dst), te)
		}
		if errors.Is(err, model.ErrNotObject) {
			// A model object (campaign_content, basic_details…) decodes
			// itself and cannot say where it sits: find it.
			if target, v, ok := notAnObject(tree, reflect.TypeOf(dst), ""); ok {
				return errValidation(target, fmt.Sprintf("%s must be an object, not %s.", target, withArticle(valueKind(v))))
			}
		}
		return jsonError(err)
	}
	return nil
}

// elementTypeError names the element of the wrong type when encoding/json
// names only its container: identifier_values[1], event_attributes.count.
// The container is known by the Go type of the field in dst.
func elementTypeError(tree any, dst reflect.Type, te *json.UnmarshalTypeError) error {
	v, t := tree, dst
	for _, key := range strings.Split(te.Field, ".") {
		m, ok := v.(map[string]any)
		if t = fieldType(t, key); !ok || t == nil {
			return jsonError(te)
		}
		v = m[key]
	}
	kind, literal, _ := strings.Cut(te.Value, " ") // "number 1.5" names the literal
	wrong := func(el any) bool { return valueKind(el) == kind && (literal == "" || fmt.Sprint(el) == literal) }
	named := func(target string) error {
		return errValidation(target, fmt.Sprintf("%s must be %s, not %s.", target, jsonKind(te.Type), withArticle(te.Value)))
	}
	switch t.Kind() {
	case reflect.Map:
		obj, _ := v.(map[string]any)
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			if wrong(obj[k]) {
				return named(te.Field + "." + k)
			}
		}
	case reflect.Slice:
		arr, _ := v.([]any)
		for i, el := range arr {
			if wrong(el) {
				return named(fmt.Sprintf("%s[%d]", te.Field, i))
			}
		}
	}
	return jsonError(te)
}

// fieldType is the Go type (pointers removed) of the field of struct t that
// the JSON key names, or nil.
func fieldType(t reflect.Type, key string) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	for i := range t.NumField() {
		f := t.Field(i)
		if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name == key {
			ft := f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			return ft
		}
	}
	return nil
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

// notAnObject finds the first field of struct type t whose Go type is a
// struct but whose value in tree is neither an object nor null.
func notAnObject(tree any, t reflect.Type, prefix string) (string, any, bool) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	obj, ok := tree.(map[string]any)
	if t.Kind() != reflect.Struct || !ok {
		return "", nil, false
	}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		v, sent := obj[name]
		if name == "" || name == "-" || !sent || v == nil {
			continue
		}
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if ft.Kind() != reflect.Struct {
			continue
		}
		if _, isObj := v.(map[string]any); !isObj {
			return prefix + name, v, true
		}
		if reflect.PointerTo(ft).Implements(unmarshalerType) {
			continue // a model object: lenient inside, the engine reports it
		}
		if target, bad, ok := notAnObject(v, ft, prefix+name+"."); ok {
			return target, bad, true
		}
	}
	return "", nil, false
}

// valueKind names a parsed JSON value as encoding/json's UnmarshalTypeError
// does.
func valueKind(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case bool:
		return "bool"
	case json.Number:
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "null"
}

// withArticle turns encoding/json's "string", "number", "array" into "a
// string", "a number", "an array".
func withArticle(kind string) string {
	if strings.HasPrefix(kind, "number") {
		return "a number"
	}
	switch kind {
	case "array", "object":
		return "an " + kind
	case "bool":
		return "a boolean"
	case "string":
		return "a string"
	}
	return kind
}

// jsonError turns a JSON decoding error into a 400 with a target.
func jsonError(err error) error {
	var se *model.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return errValidation("body", fmt.Sprintf("Malformed JSON at line %d, column %d: %s.", se.Line, se.Column, se.Msg))
	case errors.Is(err, model.ErrNotObject):
		return errValidation("body", "The body must be a JSON object.")
	case errors.As(err, &te):
		target := te.Field
		if target == "" {
			target = "body"
		}
		return errValidation(target, fmt.Sprintf("%s must be %s, not %s.", target, jsonKind(te.Type), withArticle(te.Value)))
	}
	return errValidation("body", "The body is not valid JSON: "+err.Error()+".")
}

func jsonKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "another type"
}
