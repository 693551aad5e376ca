package api

import (
	"context"
	"encoding/json"
	"net/http"
)

// MetaRaw is Meta with each row exactly as the service sent it, unknown
// fields included (MetaRow keeps only the fields it names), for commands
// that print the service's records.
func (c *Client) MetaRaw(ctx context.Context, req MetaRequest) ([]json.RawMessage, error) {
	var out struct {
		Campaigns []json.RawMessage `json:"campaigns"`
	}
	req.RequestID = requestID(ctx, req.RequestID)
	err := c.do(ctx, call{method: http.MethodPost, path: PathMeta, body: req, rid: req.RequestID, key: true}, &out)
	return out.Campaigns, err
}
