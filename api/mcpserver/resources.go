package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// Resource addresses.
const (
	SpecIndexURI     = "campaigns://spec/components"
	specComponentURI = "campaigns://spec/components/" // + component
	examplesURI      = "campaigns://examples/"        // + file name
)

const mimeJSON = "application/json"

func (s *Server) addResources() error {
	s.srv.AddResource(&mcp.Resource{URI: CompactSpecURI, Name: "spec", Title: "Campaign specification (compact)",
		Description: "Start here: every field of a campaign in one small text, one line each with its type, format (start_time: \"2027-11-20T09:30:00\", no offset, read in timezone), allowed values, where it applies and what it is.",
		MIMEType:    "text/plain", Size: int64(len(CompactSpec()))}, s.readCompact)
	s.srv.AddResource(&mcp.Resource{URI: SpecIndexURI, Name: "components", Title: "Campaign components",
		Description: "Index of the campaign components: for each, its resource address and its top-level fields; also the channels and delivery types a campaign can be created with.",
		MIMEType:    mimeJSON}, s.readIndex)
	for _, c := range model.Components {
		s.srv.AddResource(&mcp.Resource{URI: specComponentURI + c, Name: c, Title: "Component " + c,
			Description: "Every field of " + c + " (nested ones included, by target path): JSON type, allowed values, and the channels and delivery types it applies to — generated from the model and the validation engine.",
			MIMEType:    mimeJSON}, s.readComponent)
	}
	s.srv.AddResource(&mcp.Resource{URI: specComponentURI + topLevel, Name: topLevel, Title: "Top-level campaign fields",
		Description: "The top-level fields of a campaign (channel, campaign_delivery_type, created_by, ...) and which are set by the service.",
		MIMEType:    mimeJSON}, s.readComponent)
	if s.opts.Examples == nil {
		return nil
	}
	files, err := fs.Glob(s.opts.Examples, "*.json")
	if err != nil {
		return err
	}
	for _, f := range files {
		b, err := fs.ReadFile(s.opts.Examples, f)
		if err != nil {
			return err
		}
		c, err := model.Decode(b)
		if err != nil {
			return fmt.Errorf("mcpserver: example %s: %w", f, err)
		}
		name := ""
		if c.BasicDetails != nil {
			name = model.Str(c.BasicDetails.Name)
		}
		s.srv.AddResource(&mcp.Resource{URI: examplesURI + f, Name: strings.TrimSuffix(f, ".json"), Size: int64(len(b)), MIMEType: mimeJSON,
			Title:       fmt.Sprintf("Example %s %s campaign", model.Str(c.Channel), model.Str(c.CampaignDeliveryType)),
			Description: fmt.Sprintf("A complete, publishable create body (%s, %s): %q. Use it as a model for create_draft.", model.Str(c.Channel), model.Str(c.CampaignDeliveryType), name),
		}, s.readExample)
	}
	return nil
}

func jsonResource(uri string, v any) (*mcp.ReadResourceResult, error) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: mimeJSON, Text: string(b)}}}, nil
}

func (s *Server) readIndex(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	type entry struct {
		Component string   `json:"component"`
		URI       string   `json:"uri"`
		Fields    []string `json:"fields"`
	}
	var comps []entry
	for _, c := range Spec() {
		e := entry{Component: c.Component, URI: specComponentURI + c.Component}
		for _, f := range c.Fields {
			// Direct children only: the component resource has the rest.
			rest := strings.TrimPrefix(f.Path, c.Component+".")
			if c.Component == topLevel {
				rest = f.Path
			}
			if !strings.ContainsAny(rest, ".[") {
				e.Fields = append(e.Fields, rest)
			}
		}
		comps = append(comps, e)
	}
	return jsonResource(req.Params.URI, map[string]any{
		"channels":       map[string][]string{model.ChannelPush: model.PushCreateDeliveryTypes, model.ChannelEmail: model.EmailCreateDeliveryTypes},
		"states":         model.Statuses,
		"status_actions": statusActions(),
		"components":     comps,
		"targets":        "Problems name fields by target: the dotted JSON path from the body's root, array indices in brackets (campaign_content.content.default.variation_1.push.android.buttons[1].click_action_type).",
		"examples":       examplesURI + "<file>.json (see resources/list)",
	})
}

// statusActions lists, per delivery type, which action each state allows.
func statusActions() map[string]map[string][]string {
	out := map[string]map[string][]string{}
	types := slices.Concat(model.PushCreateDeliveryTypes, []string{model.DeliveryLiveActivity})
	for _, dt := range types {
		for _, st := range model.Statuses {
			if as := engine.Actions(dt, st); len(as) > 0 {
				if out[dt] == nil {
					out[dt] = map[string][]string{}
				}
				out[dt][st] = as
			}
		}
	}
	return out
}

func (s *Server) readComponent(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	name := strings.TrimPrefix(req.Params.URI, specComponentURI)
	for _, c := range Spec() {
		if c.Component == name {
			return jsonResource(req.Params.URI, c)
		}
	}
	return nil, mcp.ResourceNotFoundError(req.Params.URI)
}

func (s *Server) readExample(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	f := path.Base(strings.TrimPrefix(req.Params.URI, examplesURI))
	b, err := fs.ReadFile(s.opts.Examples, f)
	if err != nil {
		return nil, mcp.ResourceNotFoundError(req.Params.URI)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: mimeJSON, Text: string(b)}}}, nil
}
