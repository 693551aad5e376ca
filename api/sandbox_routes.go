package api

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
)

// Sandbox-only routes (same credentials as the V5 routes). A real service
// answers them 404: callers treat that as "not a sandbox".
const (
	PathSandboxUsers  = "/sandbox/users"
	PathSandboxOutbox = "/sandbox/outbox"
)

// SandboxUser is one demo user of the sandbox.
type SandboxUser struct {
	ID         string            `json:"id"`
	Attributes map[string]any    `json:"attributes"`
	PushIDs    map[string]string `json:"push_ids,omitempty"`
	GAID       string            `json:"gaid,omitempty"`
	Segments   []string          `json:"segments,omitempty"`
}

// SandboxSegment is one demo segment.
type SandboxSegment struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Members int    `json:"members"`
}

// SandboxUsersResult is data of GET /sandbox/users.
type SandboxUsersResult struct {
	Users    []SandboxUser    `json:"users"`
	Segments []SandboxSegment `json:"segments"`
}

// OutboxMessage is one test message the sandbox "sent", with the payload
// rendered for its recipient.
type OutboxMessage struct {
	Seq        int64  `json:"seq"`
	At         string `json:"at"`
	Key        string `json:"key"` // ANDROID_default_variation_1 …
	Channel    string `json:"channel"`
	Platform   string `json:"platform,omitempty"`
	Locale     string `json:"locale"`
	Variation  string `json:"variation"`
	Identifier string `json:"identifier"`
	Value      string `json:"identifier_value"`
	UserID     string `json:"user_id,omitempty"`
	Address    string `json:"address,omitempty"`
	Status     string `json:"status"`
	Reason     string `json:"failure_reason,omitempty"`
	DraftID    string `json:"draft_id,omitempty"`
	Message    any    `json:"message,omitempty"`
}

// OutboxResult is data of GET /sandbox/outbox.
type OutboxResult struct {
	Messages []OutboxMessage `json:"messages"`
}

// SandboxUsers lists the sandbox's demo users and segments.
func (c *Client) SandboxUsers(ctx context.Context) (SandboxUsersResult, error) {
	var out SandboxUsersResult
	err := c.do(ctx, call{method: http.MethodGet, path: PathSandboxUsers, rid: requestID(ctx, "")}, &out)
	return out, err
}

// Outbox lists the sandbox's test messages after seq (oldest first), at most
// limit of them (the sandbox caps it at 1000).
func (c *Client) Outbox(ctx context.Context, after int64, limit int) (OutboxResult, error) {
	var out OutboxResult
	q := url.Values{}
	if after > 0 {
		q.Set("after", strconv.FormatInt(after, 10))
	}
	if limit > 0 {
		q.Set("limit", strconv.Itoa(limit))
	}
	p := PathSandboxOutbox
	if len(q) > 0 {
		p += "?" + q.Encode()
	}
	err := c.do(ctx, call{method: http.MethodGet, path: p, rid: requestID(ctx, "")}, &out)
	return out, err
}
