// Package api is `campaigns api`: one request to the service with its
// headers added, like gh api.
package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

const apiLong = `Sends one request to the service and prints the answer's body, like gh api:
the service's headers are added (Basic auth, SVC-APPKEY, a request id, and a
fresh Idempotency-Key on POST and PATCH), and requests are paced under the
rate limits (a 429 is waited out as the service asks).

The body is --input FILE ("-" for standard input), or built from the fields:
-f key=value adds a string, -F key=value a JSON value (true, 12, null,
["a"]); a dotted key (-f basic_details.name=X) nests. With --input, or on a
GET, the fields go in the query string instead.

Exit status: 0 on a 2xx answer, 1 on a 4xx or 5xx answer (the body is still
printed), 2 bad usage or an unreachable service.`

// Options are the request `campaigns api` sends.
type Options struct {
	IO      *cmdutil.IOStreams
	Service *cmdutil.ServiceFlags
	Method  string // upper-case
	Path    string // with the query the fields make
	Body    []byte // nil: none
}

// doc is what `campaigns api --help` says.
var doc = cmdutil.Doc{
	Use:   "api METHOD PATH",
	Short: "Send one request to the service with its headers added (like gh api)",
	Long:  apiLong,
	Example: `  campaigns api GET /v5/campaigns/6b0489…
  campaigns api POST /v5/campaigns/search -F limit=15 -F page=1
  campaigns api PATCH /v5/campaigns/6b0489… --input patch.json`,
}

// NewCmd is `campaigns api`; runF, when given, runs instead of the command
// (tests check the flags with it).
func NewCmd(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams}
	cmd := doc.Command(cmdutil.ExactArgs(2, "METHOD and PATH"))
	opts.Service = cmdutil.AddServiceFlags(cmd, f)
	input := cmd.Flags().String("input", "", `the request body: a JSON file, or "-" for standard input`)
	var strFields, rawFields []string
	cmd.Flags().StringArrayVarP(&strFields, "field", "f", nil, "add a string field key=value (repeatable)")
	cmd.Flags().StringArrayVarP(&rawFields, "raw-field", "F", nil, "add a JSON field key=value: true, 12, null, [\"a\"] (repeatable)")
	_ = cmd.RegisterFlagCompletionFunc("input", cobra.FixedCompletions(nil, cobra.ShellCompDirectiveDefault))
	cmd.RunE = cmdutil.RunE(opts, func(args []string) error {
		opts.Method = strings.ToUpper(args[0])
		if !slices.Contains([]string{http.MethodGet, http.MethodPost, http.MethodPatch, http.MethodPut, http.MethodDelete}, opts.Method) {
			return cmdutil.UsageError("unknown method %q: use GET, POST, PATCH, PUT or DELETE", args[0])
		}
		opts.Path = args[1]
		if !strings.HasPrefix(opts.Path, "/") {
			opts.Path = "/" + opts.Path
		}
		fields, err := apiFields(strFields, rawFields)
		if err != nil {
			return err
		}
		switch {
		case *input != "":
			if opts.Body, err = readInput(*input, opts.IO.In); err != nil {
				return cmdutil.UsageError("--input: %v", err)
			}
			opts.Path = withQuery(opts.Path, fields)
		case opts.Method == http.MethodGet || opts.Method == http.MethodDelete:
			opts.Path = withQuery(opts.Path, fields)
		case len(fields) > 0:
			opts.Body, _ = json.Marshal(fields)
		}
		return nil
	}, runF, run)
	return cmd
}

func run(opts *Options) error {
	svc, err := opts.Service.Connect()
	if err != nil {
		return err
	}
	if writes(opts.Method, opts.Path) {
		if err := svc.RequireWrite(); err != nil {
			return err
		}
	}
	var resp api.Response
	err = svc.Pacer().Do(opts.Service.Context(), apiClass(opts.Method, opts.Path), func(ctx context.Context) error {
		var err error
		// (The client itself waits out a 429 as the service asks.)
		resp, err = svc.Client.Send(ctx, opts.Method, opts.Path, opts.Body, bodyRequestID(opts.Body))
		return err
	})
	if err != nil {
		return cmdutil.ServiceError(svc, err)
	}
	if len(bytes.TrimSpace(resp.Body)) > 0 {
		var out bytes.Buffer
		if json.Indent(&out, resp.Body, "", "  ") != nil {
			out.Reset()
			out.Write(resp.Body)
		}
		out.WriteByte('\n')
		_, _ = opts.IO.Out.Write(out.Bytes())
	}
	if resp.Status < 200 || resp.Status >= 300 {
		fmt.Fprintf(opts.IO.ErrOut, "%s %s %s: %d %s\n", opts.IO.ErrStyles().Error.Render("error:"), opts.Method, opts.Path, resp.Status, http.StatusText(resp.Status))
		return &cmdutil.ExitError{Code: cmdutil.ExitRefused, Err: cmdutil.ErrSilent}
	}
	return nil
}

// apiFields builds the fields of -f and -F; a dotted key nests.
func apiFields(str, raw []string) (map[string]any, error) {
	out := map[string]any{}
	set := func(kv string, parse bool) error {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return cmdutil.UsageError("field %q: use key=value", kv)
		}
		var val any = v
		if parse {
			if err := json.Unmarshal([]byte(v), &val); err != nil {
				val = v // not JSON: a string, as gh does
			}
		}
		m := out
		parts := strings.Split(k, ".")
		for _, p := range parts[:len(parts)-1] {
			next, ok := m[p].(map[string]any)
			if !ok {
				next = map[string]any{}
				m[p] = next
			}
			m = next
		}
		m[parts[len(parts)-1]] = val
		return nil
	}
	for _, kv := range str {
		if err := set(kv, false); err != nil {
			return nil, err
		}
	}
	for _, kv := range raw {
		if err := set(kv, true); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func withQuery(path string, fields map[string]any) string {
	if len(fields) == 0 {
		return path
	}
	q := url.Values{}
	for k, v := range fields {
		q.Set(k, fmt.Sprint(v))
	}
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	return path + sep + q.Encode()
}

func readInput(name string, stdin io.Reader) ([]byte, error) {
	var b []byte
	var err error
	if name == "-" {
		b, err = io.ReadAll(stdin)
	} else {
		b, err = os.ReadFile(name)
	}
	if err != nil {
		return nil, err
	}
	if !json.Valid(b) {
		return nil, fmt.Errorf("%s is not JSON", name)
	}
	return b, nil
}

// bodyRequestID is the body's request_id, so the header carries the same.
func bodyRequestID(body []byte) string {
	var m struct {
		RequestID string `json:"request_id"`
	}
	_ = json.Unmarshal(body, &m)
	return m.RequestID
}

// writes: the request can change the service (a read-only profile refuses
// it before sending). Search, meta, validate and preview are POSTs that
// only read.
func writes(method, path string) bool {
	p := strings.SplitN(path, "?", 2)[0]
	switch {
	case method == http.MethodGet:
		return false
	case method == http.MethodPost && (p == api.PathSearch || p == api.PathMeta || p == api.PathPreview || strings.HasSuffix(p, "/validate")):
		return false
	}
	return true
}

// apiClass is the rate-limit class a request counts in.
func apiClass(method, path string) ops.Class {
	p := strings.SplitN(path, "?", 2)[0]
	switch {
	case method == http.MethodPost && p == api.PathCampaigns:
		return ops.ClassCreate
	case p == api.PathSearch || p == api.PathMeta:
		return ops.ClassSearch
	case method == http.MethodGet:
		return ops.ClassRead
	}
	return ops.ClassUpdate
}
