package common

import (
	"context"
	"errors"
	"strings"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
)

// ErrorText is the one-line form of an error for the status line.
func ErrorText(err error) string {
	if err == nil {
		return ""
	}
	if errors.Is(err, context.Canceled) {
		return "cancelled"
	}
	var rf *ops.Refused
	if errors.As(err, &rf) {
		return rf.Reason // its problems are ErrorDetails
	}
	if body := ErrorBody(err); body != nil {
		msg := body.Message
		if msg == "" {
			msg = body.Code
		}
		if body.Target != "" && !strings.Contains(msg, body.Target) {
			msg += " (" + body.Target + ")"
		}
		return msg
	}
	return err.Error()
}

// ErrorDetails lists the problems a refusal carries (error.details).
func ErrorDetails(err error) []api.ErrorDetail {
	var rf *ops.Refused
	if errors.As(err, &rf) {
		out := make([]api.ErrorDetail, len(rf.Problems))
		for i, p := range rf.Problems {
			out[i] = api.ErrorDetail{Target: p.Target, Message: p.Message}
		}
		return out
	}
	if body := ErrorBody(err); body != nil {
		return body.Details
	}
	return nil
}

// ErrorBody finds the service's error envelope inside err, if there is one.
func ErrorBody(err error) *api.ErrorBody {
	var e *api.Error
	if errors.As(err, &e) {
		return &api.ErrorBody{Code: e.Code, Message: e.Message, Target: e.Target, Details: e.Details, RequestID: e.RequestID}
	}
	return nil
}
