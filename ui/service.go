package ui

import (
	"context"

	"campaigns/api"
	"campaigns/model"
)

// Service is what the shell needs from the service client. *api.Client
// satisfies it; tests may too.
type Service interface {
	Search(ctx context.Context, req api.SearchRequest) (*api.SearchResult, error)
	Get(ctx context.Context, campaignID string) (*model.Campaign, error)
	Meta(ctx context.Context, req api.MetaRequest) (*api.MetaResult, error)
	Validate(ctx context.Context, campaignID string) (*api.ValidateResult, error)
	SetStatus(ctx context.Context, campaignID, action string) (*api.StatusResult, error)
	Publish(ctx context.Context, campaignID string) error
	Create(ctx context.Context, body *model.Campaign) (*api.CreateResult, error)
}
