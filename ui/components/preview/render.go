package preview

import (
	"context"

	"github.com/campaigns-cli/campaigns/engine/personalize"
	"github.com/campaigns-cli/campaigns/model"
)

// renderMessageCtx personalises one message under ctx: when ctx ends first
// (the deadline, or a newer render superseding this one) the preview shows
// that the render was stopped instead of waiting.
//
// TODO(merge): swap for personalize.RenderMessageCtx (branch engine), which
// has this signature and stops the template itself; this wrapper can only
// stop waiting for it.
func renderMessageCtx(ctx context.Context, m *model.Message, target string, d personalize.Data) (*model.Message, []*personalize.Error) {
	if ctx.Err() != nil { // superseded before it began
		return m, []*personalize.Error{stopped(ctx, target)}
	}
	type result struct {
		m    *model.Message
		errs []*personalize.Error
	}
	done := make(chan result, 1)
	go func() {
		out, errs := personalize.RenderMessage(m, target, d)
		done <- result{out, errs}
	}()
	select {
	case r := <-done:
		return r.m, r.errs
	case <-ctx.Done():
		return m, []*personalize.Error{stopped(ctx, target)}
	}
}

func stopped(ctx context.Context, target string) *personalize.Error {
	return &personalize.Error{Target: target, Line: 1, Column: 1, Message: "preview stopped: " + context.Cause(ctx).Error()}
}
