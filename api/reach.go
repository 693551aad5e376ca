package api

import (
	"context"
	"errors"
	"net/http"

	"github.com/campaigns-cli/campaigns/model"
)

// PathSandboxReach estimates an audience on the sandbox's demo users
// (sandbox only; a real service answers 404).
const PathSandboxReach = "/sandbox/reach"

// ReachRequest is the body of POST /sandbox/reach.
type ReachRequest struct {
	RequestID           string              `json:"request_id,omitempty"`
	SegmentationDetails *model.Segmentation `json:"segmentation_details"`
}

// ReachResult is data of POST /sandbox/reach: how many of the demo users
// the audience holds, of how many, and what in it could not be evaluated
// (such parts match nobody).
type ReachResult struct {
	Count  int64        `json:"count"`
	Total  int64        `json:"total"`
	Issues []ReachIssue `json:"issues"`
}

// ReachIssue is a part of the audience the estimate could not evaluate.
type ReachIssue struct {
	Field string `json:"field"`
	Issue string `json:"issue"`
}

// Reach estimates how many users an audience holds. The route is the
// sandbox's: on a service without it the error is a 404 (StatusOf),
// which callers show as "no estimate".
func (c *Client) Reach(ctx context.Context, seg *model.Segmentation) (ReachResult, error) {
	var out ReachResult
	if seg == nil {
		return out, errors.New("api: a reach estimate needs segmentation_details")
	}
	rid := requestID(ctx, "")
	err := c.do(ctx, call{method: http.MethodPost, path: PathSandboxReach,
		body: ReachRequest{RequestID: rid, SegmentationDetails: seg}, rid: rid}, &out)
	return out, err
}
