// Package api holds the wire types of the Campaigns V5 service and the HTTP
// client that speaks them. The sandbox (api/sandbox) serves the same types.
package api

import (
	"encoding/json"

	"github.com/campaigns-cli/campaigns/model"
)

// Route paths, relative to the base URL.
const (
	PathCampaigns = "/v5/campaigns"
	PathSearch    = "/v5/campaigns/search"
	PathMeta      = "/v5/campaigns/meta"
	PathTest      = "/v5/campaigns/test"
	PathPreview   = "/v5/personalization/preview"
	PathV1Publish = "/core-services/v1/campaigns/" // + campaign_id
)

// Header names.
const (
	HeaderAppKey         = "SVC-APPKEY"
	HeaderRequestID      = "X-SVC-Request-Id"
	HeaderIdempotencyKey = "Idempotency-Key"
	HeaderScopes         = "X-SVC-Scopes"
	HeaderRetryAfter     = "Retry-After"
	HeaderRateLimit      = "X-RateLimit-Limit"
	HeaderRateRemaining  = "X-RateLimit-Remaining"
	HeaderRateReset      = "X-RateLimit-Reset"
)

// Error codes of the error envelope.
const (
	CodeValidationFailed    = "VALIDATION_FAILED"
	CodeUnprocessableEntity = "UNPROCESSABLE_ENTITY"
	CodeBadRequest          = "BAD_REQUEST"
	CodeRateLimited         = "RATE_LIMITED"
	CodeUnauthorized        = "UNAUTHORIZED"
	CodeInternalError       = "INTERNAL_ERROR"
	CodeForbidden           = "FORBIDDEN"
	CodeNotFound            = "NOT_FOUND"
)

// Envelope is every V5 response body: data on success, error on failure.
type Envelope struct {
	ResponseID string          `json:"response_id"`
	Type       string          `json:"type,omitempty"`
	Data       json.RawMessage `json:"data,omitempty"`
	Error      *ErrorBody      `json:"error,omitempty"`
}

// ErrorBody is the error object of the envelope.
type ErrorBody struct {
	Code      string        `json:"code"`
	Message   string        `json:"message"`
	Target    string        `json:"target,omitempty"`
	Details   []ErrorDetail `json:"details,omitempty"`
	RequestID string        `json:"request_id,omitempty"`
}

// ErrorDetail is one problem of an error envelope.
type ErrorDetail struct {
	Target  string `json:"target"`
	Message string `json:"message"`
}

// CreateResult is data of a successful create (201).
type CreateResult struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// PatchResult is data of a successful component update (200).
type PatchResult struct {
	ID string `json:"id"`
}

// ValidateRequest is the body of POST /v5/campaigns/{id}/validate.
type ValidateRequest struct {
	RequestID string `json:"request_id,omitempty"`
}

// ValidateResult is data of /validate (always 200).
type ValidateResult struct {
	Valid  bool            `json:"valid"`
	Errors []ValidateError `json:"errors"` // [] when valid: the body always has both
}

// ValidateError is one publish problem.
type ValidateError struct {
	Field string `json:"field"`
	Issue string `json:"issue"`
}

// StatusRequest is the body of PATCH /v5/campaigns/{id}/status.
type StatusRequest struct {
	RequestID string `json:"request_id,omitempty"`
	Action    string `json:"action"`
}

// StatusResult is data of a status action.
type StatusResult struct {
	ID     string `json:"id"`
	Action string `json:"action"`
}

// PublishRequest is the body of the V1 publish PATCH.
type PublishRequest struct {
	RequestID string `json:"request_id"`
	Status    string `json:"status"` // always "PUBLISH"
}

// SearchRequest is the body of POST /v5/campaigns/search.
type SearchRequest struct {
	RequestID               string        `json:"request_id,omitempty"`
	CampaignFields          *SearchFields `json:"campaign_fields,omitempty"`
	Limit                   int           `json:"limit"`
	Page                    int           `json:"page"`
	IncludeChildCampaigns   bool          `json:"include_child_campaigns,omitempty"`
	IncludeArchiveCampaigns bool          `json:"include_archive_campaigns,omitempty"`
}

// SearchFields filter a search.
type SearchFields struct {
	IDs                  []string   `json:"ids,omitempty"`
	Channels             []string   `json:"channels,omitempty"`
	CreatedBy            []string   `json:"created_by,omitempty"`
	CreatedDate          *DateRange `json:"created_date,omitempty"`
	CampaignDeliveryType []string   `json:"campaign_delivery_type,omitempty"`
	Name                 string     `json:"name,omitempty"`
	Status               []string   `json:"status,omitempty"`
	Tags                 []string   `json:"tags,omitempty"`
	VersionNumber        *int64     `json:"version_number,omitempty"`
}

// DateRange bounds created_date.
type DateRange struct {
	FromDate string `json:"from_date,omitempty"`
	ToDate   string `json:"to_date,omitempty"`
}

// SearchResult is data of a search. The reference has no total count (a
// page with fewer than limit rows is the last); a service that tells one
// as total_count has it read.
type SearchResult struct {
	Campaigns  []*model.Campaign `json:"campaigns"`
	TotalCount *int64            `json:"total_count,omitempty"`
}

// MetaRequest is the body of POST /v5/campaigns/meta.
type MetaRequest struct {
	RequestID             string      `json:"request_id,omitempty"`
	CampaignFields        *MetaFields `json:"campaign_fields,omitempty"`
	IncludeChildCampaigns bool        `json:"include_child_campaigns,omitempty"`
	Limit                 int         `json:"limit"`
	Page                  int         `json:"page"`
}

// MetaFields filter a meta request; id and delivery_type are single values.
type MetaFields struct {
	ID           string     `json:"id,omitempty"`
	Channels     []string   `json:"channels,omitempty"`
	CreatedBy    []string   `json:"created_by,omitempty"`
	CreatedDate  *DateRange `json:"created_date,omitempty"`
	DeliveryType string     `json:"delivery_type,omitempty"`
	Name         string     `json:"name,omitempty"`
	Status       []string   `json:"status,omitempty"`
	Tags         []string   `json:"tags,omitempty"`
}

// MetaResult is data of a meta request.
type MetaResult struct {
	Campaigns []MetaRow `json:"campaigns"`
}

// MetaRow is the lightweight metadata of one campaign.
type MetaRow struct {
	CampaignID           string        `json:"campaign_id"`
	VersionNumber        int64         `json:"version_number"`
	Channel              string        `json:"channel"`
	Platform             []string      `json:"platform,omitempty"`
	CreatedBy            string        `json:"created_by,omitempty"`
	CampaignDeliveryType string        `json:"campaign_delivery_type"`
	CampaignName         string        `json:"campaign_name,omitempty"`
	CampaignTeam         string        `json:"campaign_team,omitempty"`
	CampaignTags         []string      `json:"campaign_tags,omitempty"`
	CampaignStatus       string        `json:"campaign_status"`
	CampaignStartTime    string        `json:"campaign_start_time,omitempty"`
	ParentCampaignID     string        `json:"parent_campaign_id,omitempty"`
	TotalChildCampaigns  *int64        `json:"total_child_campaigns,omitempty"`
	RejectionComment     string        `json:"rejection_comment,omitempty"`
	ReachabilityDetails  *Reachability `json:"reachability_details"`
}

// Reachability is the cached audience estimate.
type Reachability struct {
	Count           int64  `json:"count"`
	LastUpdatedTime string `json:"last_updated_time"`
}

// TestRequest is the body of POST /v5/campaigns/test, inline or draft mode.
type TestRequest struct {
	RequestID              string                 `json:"request_id,omitempty"`
	Channel                string                 `json:"channel,omitempty"`
	DraftID                string                 `json:"draft_id,omitempty"`
	BasicDetails           *model.BasicDetails    `json:"basic_details,omitempty"`
	Connector              *model.Connector       `json:"connector,omitempty"`
	CampaignContent        *model.CampaignContent `json:"campaign_content,omitempty"`
	PersonalizationDetails *Personalization       `json:"personalization_details,omitempty"`
	TestCampaignMeta       *TestMeta              `json:"test_campaign_meta,omitempty"`
}

// Personalization overrides profile values when a test renders.
type Personalization struct {
	UserAttributes  map[string]any `json:"user_attributes,omitempty"`
	EventAttributes map[string]any `json:"event_attributes,omitempty"`
}

// TestMeta says who gets the test and which payloads.
type TestMeta struct {
	Identifier       string   `json:"identifier"`
	IdentifierValues []string `json:"identifier_values"`
	Variation        string   `json:"variation,omitempty"`
	LocaleName       string   `json:"locale_name,omitempty"`
	Platform         string   `json:"platform,omitempty"`
}

// TestResult is data of a test send: one outcome per
// "<PLATFORM>_<locale>_<variation>" key (EMAIL_default_variation_1 for Email).
type TestResult struct {
	Data    map[string]TestOutcome `json:"data"`
	Message string                 `json:"message"`
}

// TestOutcome is the result of one test payload.
type TestOutcome struct {
	Status        string `json:"status"` // SENT or FAILED
	FailureReason string `json:"failure_reason,omitempty"`
}

// PreviewRequest is the body of POST /v5/personalization/preview.
type PreviewRequest struct {
	RequestID          string                 `json:"request_id"`
	Channel            string                 `json:"channel"`
	UserIdentification *UserIdentification    `json:"user_identification"`
	EventAttributes    map[string]string      `json:"event_attributes,omitempty"`
	CampaignContent    *model.CampaignContent `json:"campaign_content"`
}

// UserIdentification names the user a preview renders for.
type UserIdentification struct {
	Type  string `json:"type"` // USER_ATTRIBUTE_UNIQUE_ID, EMAIL, SVC_GAID, PUSH_ID
	Value string `json:"value"`
}

// PreviewResult is data of a preview: the campaign_content with every
// personalisation expression rendered for the user.
type PreviewResult struct {
	PersonalizedContent *model.CampaignContent `json:"personalized_content"`
}
