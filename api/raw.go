package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
)

// rawCampaigns is the data of a search or meta answer, each record as sent.
type rawCampaigns struct {
	Campaigns []json.RawMessage `json:"campaigns"`
}

// MetaRaw is Meta with each row exactly as the service sent it, unknown
// fields included (MetaRow keeps only the fields it names), for commands
// that print the service's records.
func (c *Client) MetaRaw(ctx context.Context, req MetaRequest) ([]json.RawMessage, error) {
	out, err := post[rawCampaigns](ctx, c, PathMeta, &req, &req.RequestID)
	return out.Campaigns, err
}

// SearchRaw is Search with each record exactly as the service sent it
// (key order included).
func (c *Client) SearchRaw(ctx context.Context, req SearchRequest) ([]json.RawMessage, error) {
	out, err := post[rawCampaigns](ctx, c, PathSearch, &req, &req.RequestID)
	return out.Campaigns, err
}

// GetRaw is Get with the record exactly as the service sent it.
func (c *Client) GetRaw(ctx context.Context, id string) (json.RawMessage, error) {
	if id == "" {
		return nil, errors.New("api: get needs a campaign id")
	}
	var out json.RawMessage
	err := c.do(ctx, call{method: http.MethodGet, path: campaignPath(id), rid: requestID(ctx, "")}, &out)
	return out, err
}

// JSONKind names the kind of a decoded JSON value for messages ("an
// array", "a string", …), e.g. "the document is an array, not an object".
func JSONKind(v any) string {
	switch v.(type) {
	case []any:
		return "an array"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case nil:
		return "null"
	case map[string]any:
		return "an object"
	}
	return "a number"
}
