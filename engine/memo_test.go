package engine

import (
	"reflect"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/model/fuzzseeds"
)

// TestMemoMatchesValidate edits the large campaign in place, one edit after
// another as the editor does, tells the memo what changed, and checks after
// each edit that the memo's verdict is the engine's full one, in both
// phases and in the same order.
func TestMemoMatchesValidate(t *testing.T) {
	c := largeCampaign(t)
	msg := func(loc, v string) *model.Message { return c.CampaignContent.Content.Keyed[loc][v] }
	android := func(loc, v string) *model.Android { return msg(loc, v).Push.Android }
	const es3 = "campaign_content.content.es-ES.variation_3"
	edits := []struct {
		name   string
		target string // what the editor says changed ("-": nothing)
		edit   func(opts *Options)
	}{
		{"nothing", "", func(*Options) {}},
		{"a title typed", es3 + ".push.android.basic_details.title", func(*Options) {
			*android("es-ES", "variation_3").BasicDetails.Title += "x"
		}},
		{"a personalisation opened", es3 + ".push.android.basic_details.title", func(*Options) {
			*android("es-ES", "variation_3").BasicDetails.Title += " {{ user."
		}},
		{"a second message broken", "campaign_content.content.fr-FR.variation_1.push.web.basic_details.message", func(*Options) {
			msg("fr-FR", "variation_1").Push.Web.BasicDetails.Message = ptr("{% if %}")
		}},
		{"a title emptied", es3 + ".push.android.basic_details.title", func(*Options) {
			android("es-ES", "variation_3").BasicDetails.Title = ptr(" ")
		}},
		{"an image address broken", es3 + ".push.android.basic_details.image_url", func(*Options) {
			android("es-ES", "variation_3").BasicDetails.ImageURL = ptr("not a uri")
		}},
		{"the personalisation closed", es3 + ".push.android.basic_details.title", func(*Options) {
			android("es-ES", "variation_3").BasicDetails.Title = ptr("Hello {{ user.name }}")
		}},
		{"the content adopted from the service, a message fewer (not announced)", "-", func(*Options) {
			c.CampaignContent = model.Clone(c.CampaignContent)
			delete(c.CampaignContent.Content.Keyed["nl-NL"], "variation_2")
		}},
		{"typing creates that message again", "campaign_content.content.nl-NL.variation_2.push.android.basic_details.title", func(*Options) {
			m := model.Clone(msg("nl-NL", "variation_1"))
			m.Push.Android.BasicDetails.Title = ptr("{{")
			c.CampaignContent.Content.Keyed["nl-NL"]["variation_2"] = m
		}},
		{"a message replaced, the change named inside it", "campaign_content.content.pl-PL.variation_4.push.ios.basic_details.title", func(*Options) {
			m := model.Clone(msg("fr-FR", "variation_1"))
			c.CampaignContent.Content.Keyed["pl-PL"]["variation_4"] = m
		}},
		{"a locale listed with no content", "campaign_content.locales", func(*Options) {
			c.CampaignContent.Locales = append(c.CampaignContent.Locales, "xx-XX")
		}},
		{"a start time typed", "scheduling_details.start_time", func(*Options) {
			c.SchedulingDetails.StartTime = ptr("2024-06-21T12:59")
		}},
		{"the schedule adopted from the service (not announced)", "-", func(*Options) {
			c.SchedulingDetails = model.Clone(c.SchedulingDetails)
			c.SchedulingDetails.StartTime = ptr("tomorrow")
		}},
		{"a platform dropped (rules of every message change)", "basic_details.platforms", func(*Options) {
			c.BasicDetails.Platforms = []string{model.PlatformAndroid, model.PlatformIOS}
		}},
		{"a platform's content removed", es3 + ".push.ios", func(*Options) {
			msg("es-ES", "variation_3").Push.IOS = nil
		}},
		{"a message replaced whole", es3, func(*Options) {
			c.CampaignContent.Content.Keyed["es-ES"]["variation_3"] = &model.Message{Push: &model.PushContent{}}
		}},
		{"a variation key out of range", "campaign_content.content.de-DE", func(*Options) {
			c.CampaignContent.Content.Keyed["de-DE"]["variation_9"] = model.Clone(msg("de-DE", "variation_1"))
		}},
		{"a locale removed", "campaign_content.content.it-IT", func(*Options) {
			delete(c.CampaignContent.Content.Keyed, "it-IT")
		}},
		{"the delivery type changed", "campaign_delivery_type", func(*Options) {
			c.CampaignDeliveryType = ptr(model.DeliveryEventTriggered)
		}},
		{"a workspace feature turned on", "", func(o *Options) {
			o.Features.AudienceLimit = true
		}},
		{"the channel changed to email", "channel", func(*Options) {
			c.Channel = ptr(model.ChannelEmail)
		}},
		{"back to push", "channel", func(*Options) {
			c.Channel = ptr(model.ChannelPush)
		}},
		{"the flat shape added beside the locales", "campaign_content.content", func(*Options) {
			c.CampaignContent.Content.Flat = model.Clone(msg("default", "variation_1"))
		}},
		{"a flat title broken", "campaign_content.content.push.android.basic_details.title", func(*Options) {
			c.CampaignContent.Content.Flat.Push.Android.BasicDetails.Title = ptr("{{")
		}},
		{"the content removed", "campaign_content", func(*Options) {
			c.CampaignContent.Content = nil
		}},
	}
	memo := NewMemo()
	var opts Options
	for _, e := range edits {
		e.edit(&opts)
		if e.target != "-" {
			memo.Changed(e.target)
		}
		for _, phase := range []Phase{PhasePatch, PhasePublish} {
			want := Validate(c, phase, opts)
			got := memo.Validate(c, phase, opts)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("after %q, %v: the memo says%s\nthe engine says%s", e.name, phase, dump(got), dump(want))
			}
		}
	}
}

// TestMemoKeepsUnchangedMessages is what the memo is for: after one message
// changed, the others are not checked again, so a problem planted in
// another message behind the memo's back stays unseen until that message
// is named.
func TestMemoKeepsUnchangedMessages(t *testing.T) {
	c := largeCampaign(t)
	memo := NewMemo()
	if probs := memo.Validate(c, PhasePublish, Options{}); len(probs) != 0 {
		t.Fatalf("the large campaign is valid:%s", dump(probs))
	}
	c.CampaignContent.Content.Keyed["pl-PL"]["variation_2"].Push.Web.BasicDetails.Title = ptr(" ")
	memo.Changed("campaign_content.content.es-ES.variation_1.push.web.basic_details.title")
	if probs := memo.Validate(c, PhasePublish, Options{}); len(probs) != 0 {
		t.Fatalf("a message not named was checked again:%s", dump(probs))
	}
	memo.Changed("campaign_content.content.pl-PL.variation_2.push.web.basic_details.title")
	if probs := memo.Validate(c, PhasePublish, Options{}); !hasProblem(probs, string(RulePushTitleRequired), "campaign_content.content.pl-PL.variation_2.push.web.basic_details.title") {
		t.Fatalf("the named message was not checked again:%s", dump(probs))
	}
}

// FuzzMemo plays a sequence of edits, two bytes each, on the large
// campaign, telling the memo what changed as the editor does (or nothing,
// for a component the sync engine adopts), and checks after each that the
// memo's verdict is the engine's full one.
func FuzzMemo(f *testing.F) {
	fuzzseeds.Add(f, "FuzzMemo")
	f.Fuzz(func(t *testing.T, ops []byte) {
		if len(ops) > 64 {
			ops = ops[:64]
		}
		c := largeCampaign(t)
		memo := NewMemo()
		keyed := func() map[string]map[string]*model.Message {
			if c.CampaignContent == nil || c.CampaignContent.Content == nil {
				return nil
			}
			return c.CampaignContent.Content.Keyed
		}
		locs := []string{"default", "es-ES", "fr-FR", "de-DE", "nl-NL", "xx-XX"}
		texts := []string{"Hello", "", " ", "{{", "{% if %}", "Hi {{ user.name }}", "not a uri", "https://cdn.example.com/x.png"}
		for i := 0; i+1 < len(ops); i += 2 {
			op, arg := ops[i]%8, int(ops[i+1])
			loc, v := locs[arg%len(locs)], variationName(int64(arg/len(locs)%6+1))
			at := "campaign_content.content." + loc + "." + v
			msg := keyed()[loc][v]
			switch op {
			case 0, 1, 2: // text typed into a field of one message
				if msg == nil || msg.Push == nil {
					continue
				}
				text := ptr(texts[arg%len(texts)])
				switch p := msg.Push; {
				case op == 0 && p.Android != nil && p.Android.BasicDetails != nil:
					p.Android.BasicDetails.Title = text
					memo.Changed(at + ".push.android.basic_details.title")
				case op == 1 && p.IOS != nil && p.IOS.BasicDetails != nil:
					p.IOS.BasicDetails.ImageURL = text
					memo.Changed(at + ".push.ios.basic_details.image_url")
				case p.Web != nil && p.Web.BasicDetails != nil:
					p.Web.BasicDetails.Message = text
					memo.Changed(at + ".push.web.basic_details.message")
				}
			case 3: // a message added, or replaced, by typing into it
				if keyed() == nil || keyed()[loc] == nil {
					continue
				}
				m := model.Clone(keyed()["default"]["variation_1"])
				if m == nil {
					continue
				}
				keyed()[loc][v] = m
				memo.Changed(at + ".push.android.basic_details.title")
			case 4: // a message removed
				if keyed() == nil {
					continue
				}
				delete(keyed()[loc], v)
				memo.Changed(at)
			case 5: // the platforms
				c.BasicDetails.Platforms = []string{model.PlatformAndroid, model.PlatformIOS, model.PlatformWeb}[:arg%3+1]
				memo.Changed("basic_details.platforms")
			case 6: // the content adopted from the service: not announced
				c.CampaignContent = model.Clone(c.CampaignContent)
			case 7: // the locales
				if c.CampaignContent != nil {
					c.CampaignContent.Locales = append(c.CampaignContent.Locales, loc)
					memo.Changed("campaign_content.locales")
				}
			}
			for _, phase := range []Phase{PhasePatch, PhasePublish} {
				want := Validate(c, phase, Options{})
				if got := memo.Validate(c, phase, Options{}); !reflect.DeepEqual(got, want) {
					t.Fatalf("after op %d (%d %d), %v: the memo says%s\nthe engine says%s", i/2, op, arg, phase, dump(got), dump(want))
				}
			}
		}
	})
}
