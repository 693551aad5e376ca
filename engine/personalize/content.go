package personalize

import (
	"context"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

// RenderContent renders every text field of every payload of cc (push
// titles, messages, summaries, subtitles, buttons, backups, carousel slides,
// key-value pairs, URLs; email subject, preview text, sender, HTML,
// addresses and attachment URLs) and returns a rendered copy. cc is not
// changed. Unknown fields inside the push and email payloads are copied
// unrendered; a payload of a channel the model does not type ({"sms":
// {"message": …}} for an SMS preview) has all its strings rendered. Each failing
// field leaves its text as it was in the copy and adds an *Error whose
// Target is the field's path, e.g.
// campaign_content.content.default.variation_1.push.android.basic_details.title.
// Errors come in locale, variation and field order.
func RenderContent(cc *model.CampaignContent, d Data) (*model.CampaignContent, []*Error) {
	return RenderContentCtx(context.Background(), cc, d)
}

// RenderContentCtx is RenderContent under ctx: each field renders within
// ctx's deadline (about 100 ms each when ctx has none), and a cancelled ctx
// stops the fields left (each then fails with "rendering was cancelled").
func RenderContentCtx(ctx context.Context, cc *model.CampaignContent, d Data) (*model.CampaignContent, []*Error) {
	if cc == nil {
		return nil, nil
	}
	out := model.Clone(cc)
	if out.Content == nil {
		return out, nil
	}
	vars := d.context()
	var errs []*Error
	if m := out.Content.Flat; m != nil {
		errs = renderValue(ctx, reflect.ValueOf(m).Elem(), "campaign_content.content", vars, errs)
	}
	// A flat payload of an untyped channel ({"content": {"sms": {…}}}) is
	// kept by the model among the content's unparsed keys.
	for _, ch := range []string{"sms", "whatsapp"} {
		if v, ok := out.Content.Bad[ch]; ok {
			out.Content.Bad[ch], errs = renderTree(ctx, v, "campaign_content.content."+ch, vars, errs)
		}
	}
	for _, loc := range model.LocaleOrder(out.Content.Keyed) {
		vs := out.Content.Keyed[loc]
		for _, v := range model.VariationOrder(vs) {
			if m := vs[v]; m != nil {
				errs = renderValue(ctx, reflect.ValueOf(m).Elem(), "campaign_content.content."+loc+"."+v, vars, errs)
			}
		}
	}
	return out, errs
}

// RenderMessage renders one payload ({push} or {email}) in place of a copy,
// as RenderContent does; target is the payload's path, e.g.
// campaign_content.content.fr.variation_2. The editor's preview renders only
// the payload on screen with it.
func RenderMessage(m *model.Message, target string, d Data) (*model.Message, []*Error) {
	return RenderMessageCtx(context.Background(), m, target, d)
}

// RenderMessageCtx is RenderMessage under ctx (see RenderContentCtx); the
// editor calls it from a tea.Cmd with a deadline.
func RenderMessageCtx(ctx context.Context, m *model.Message, target string, d Data) (*model.Message, []*Error) {
	if m == nil {
		return nil, nil
	}
	out := model.Clone(m)
	return out, renderValue(ctx, reflect.ValueOf(out).Elem(), target, d.context(), nil)
}

var (
	extraT   = reflect.TypeFor[model.Extra]()
	messageT = reflect.TypeFor[model.Message]()
)

// renderTree renders the strings of a generic JSON value.
func renderTree(ctx context.Context, v any, path string, vars map[string]any, errs []*Error) (any, []*Error) {
	switch x := v.(type) {
	case string:
		if !NeedsRendering(x) {
			return x, errs
		}
		out, err := renderVars(ctx, x, vars)
		if err != nil {
			err.Target = path
			return x, append(errs, err)
		}
		return out, errs
	case map[string]any:
		for _, k := range sortedKeys(x) {
			x[k], errs = renderTree(ctx, x[k], path+"."+k, vars, errs)
		}
	case []any:
		for i := range x {
			x[i], errs = renderTree(ctx, x[i], path+"["+strconv.Itoa(i)+"]", vars, errs)
		}
	}
	return v, errs
}

func sortedKeys(m map[string]any) []string {
	return slices.Sorted(maps.Keys(m))
}

// renderValue walks a model value and renders every string in place.
func renderValue(ctx context.Context, v reflect.Value, path string, vars map[string]any, errs []*Error) []*Error {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return errs
		}
		return renderValue(ctx, v.Elem(), path, vars, errs)
	case reflect.String:
		src := v.String()
		if !NeedsRendering(src) {
			return errs
		}
		out, err := renderVars(ctx, src, vars)
		if err != nil {
			err.Target = path
			return append(errs, err)
		}
		v.SetString(out)
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			errs = renderValue(ctx, v.Index(i), path+"["+strconv.Itoa(i)+"]", vars, errs)
		}
	case reflect.Struct:
		if v.Type() == messageT {
			// Channels without a typed payload (sms, whatsapp) are content too.
			m := v.Addr().Interface().(*model.Message)
			for _, k := range sortedKeys(m.Extra.Unknown) {
				m.Extra.Unknown[k], errs = renderTree(ctx, m.Extra.Unknown[k], path+"."+k, vars, errs)
			}
		}
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if f.Type == extraT || !f.IsExported() {
				continue // unknown and wrong-typed keys stay as sent
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" {
				continue
			}
			errs = renderValue(ctx, v.Field(i), path+"."+name, vars, errs)
		}
	}
	return errs
}

// renderVars is Render with the variables already built.
func renderVars(ctx context.Context, src string, vars map[string]any) (string, *Error) {
	t, perr := compile(src)
	if perr != nil {
		return "", perr
	}
	return t.execute(ctx, vars)
}
