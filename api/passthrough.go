package api

import (
	"context"
	"errors"
	"net/http"
	"strings"
)

// Response is a service's answer as it came: status and body.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// Send makes one request as given (`campaigns api`): the client adds the
// service's headers — Basic auth and SVC-APPKEY, a request id (the body's
// request_id when it has one), and a fresh Idempotency-Key on POST and
// PATCH except /validate — and retries a 429 or 5xx as every call does.
// Any answer is returned, errors included; only a request that got no
// answer is an error (*TransportError).
func (c *Client) Send(ctx context.Context, method, path string, body []byte, bodyRequestID string) (Response, error) {
	method = strings.ToUpper(method)
	rid := requestID(ctx, bodyRequestID)
	headers := map[string]string{HeaderRequestID: rid}
	if (method == http.MethodPost || method == http.MethodPatch) && !strings.HasSuffix(strings.SplitN(path, "?", 2)[0], "/validate") {
		headers[HeaderIdempotencyKey] = idempotencyKey(ctx)
	}
	if len(body) > 0 {
		headers["Content-Type"] = "application/json"
	}
	if err := ctx.Err(); err != nil {
		return Response{}, err
	}
	req := c.r.R().SetContext(ctx).SetHeaders(headers)
	if len(body) > 0 {
		req.SetBody(body)
	}
	resp, err := req.Execute(method, path)
	if ctx.Err() != nil {
		return Response{}, ctx.Err()
	}
	if resp == nil || resp.RawResponse == nil {
		if err == nil {
			err = errors.New("no response")
		}
		return Response{}, &TransportError{Method: method, Path: path, Err: err}
	}
	return Response{Status: resp.StatusCode(), Header: resp.Header(), Body: resp.Body()}, nil
}
