package preview

import (
	"context"

	"github.com/campaigns-cli/campaigns/engine/personalize"
	"github.com/campaigns-cli/campaigns/model"
)

// renderMessageCtx personalises one message under ctx with the renderer the
// sandbox's preview route uses (personalize.RenderMessageCtx, which stops
// the template itself when ctx ends: the deadline, or a newer render
// superseding this one). A render superseded before it began says so at
// once.
func renderMessageCtx(ctx context.Context, m *model.Message, target string, d personalize.Data) (*model.Message, []*personalize.Error) {
	if ctx.Err() != nil {
		return m, []*personalize.Error{stopped(ctx, target)}
	}
	return personalize.RenderMessageCtx(ctx, m, target, d)
}

func stopped(ctx context.Context, target string) *personalize.Error {
	return &personalize.Error{Target: target, Line: 1, Column: 1, Message: "preview stopped: " + context.Cause(ctx).Error()}
}
