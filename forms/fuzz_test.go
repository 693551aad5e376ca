package forms

import (
	"github.com/campaigns-cli/campaigns/model/fuzzseeds"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/campaigns-cli/campaigns/model"
)

// fuzzField is one row of a step and the campaign it belongs to.
type fuzzField struct {
	c *model.Campaign
	f Field
}

// fuzzFields are the rows that take text (and the actions that take an
// argument) of a full push and a full email campaign.
func fuzzFields(t testing.TB) []fuzzField {
	var out []fuzzField
	for _, cd := range [][2]string{{model.ChannelPush, model.DeliveryPeriodic}, {model.ChannelEmail, model.DeliveryOneTime}} {
		c := fullCampaign(t, cd[0], cd[1])
		sel := Selection{Locale: "fr", Variation: "variation_2"}
		if cd[0] == model.ChannelPush {
			sel.Platform = model.PlatformAndroid
		}
		for _, s := range Steps {
			for _, f := range All(NewCtx(c, sel, true))[s] {
				if f.Editable() || (f.Kind == Action && f.Prompt != "") {
					out = append(out, fuzzField{c, f})
				}
			}
		}
	}
	return out
}

// FuzzFieldText types arbitrary text into every row (and every action that
// asks for an argument): nothing panics, an error names the field or the
// value, text a typed field cannot hold is kept as typed, and what a row
// shows survives the JSON round trip the journal and the service make.
func FuzzFieldText(f *testing.F) {
	fuzzseeds.Add(f, "FuzzFieldText")
	for _, s := range []string{"12", " -3 ", "1e400", "0x10", "yes", "nope", "a, b,,c", "1, x", "a=1, =, b", `{"a":[1]}`, "fr", "fr/variation_1", "Europe/Lisbon", "\xff", ""} {
		f.Add(uint16(len(s)*7), s)
	}
	fields := fuzzFields(f)
	f.Fuzz(func(t *testing.T, row uint16, text string) {
		ff := fields[int(row)%len(fields)]
		c := model.Clone(ff.c)
		fd := ff.f
		var err error
		if fd.Kind == Action {
			err = fd.Do(c, text)
		} else {
			err = fd.Apply(c, text)
		}
		if err != nil {
			msg := err.Error()
			v := strings.TrimSpace(strings.ToValidUTF8(text, "\uFFFD"))
			if msg == "" || !(strings.Contains(msg, fd.Path) || strings.Contains(msg, pathHead(fd.Path)) ||
				strings.Contains(msg, fd.Path[strings.LastIndexByte(fd.Path, '.')+1:]) ||
				(v != "" && (strings.Contains(msg, v) || strings.Contains(msg, strconv.Quote(v)) || strings.Contains(msg, strings.TrimSpace(text)))) || targetFirst.MatchString(msg)) {
				t.Fatalf("%s = %q: the error names neither the field nor the value: %v", fd.Path, text, err)
			}
			return
		}
		if fd.Path == "@add-locale" {
			// A locale added can be the target of "Copy this content to…".
			loc := strings.TrimSpace(text)
			if err := CopyContent(c, "fr", "variation_2", loc, "variation_1"); err != nil {
				t.Fatalf("added locale %q cannot be copied to: %v", loc, err)
			}
			if l, _, _ := strings.Cut(loc, "/"); l != loc || strings.ContainsFunc(loc, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) {
				t.Fatalf("locale %q was added: it cannot be typed as a copy target or drawn on one line", loc)
			}
		}
		if fd.Kind == Action {
			// The campaign stays one the rows can address.
			model.Decode(model.Encode(c))
			for _, s := range Steps {
				Fields(s, NewCtx(c, Selection{}, true))
			}
			return
		}
		shown := fd.Format(c)
		t2 := strings.TrimSpace(strings.ToValidUTF8(text, "\uFFFD"))
		switch fd.Kind {
		case Int, Float, Bool, Text, Zone, Enum, Value, IntList:
			if fd.Kind == IntList && len(SplitList(t2)) == 0 {
				break // only commas: an empty list
			}
			if t2 != "" && shown == "" && fd.get == nil {
				t.Fatalf("%s = %q: the value is gone", fd.Path, text)
			}
		}
		if fd.Kind == Int && fd.get == nil {
			if n, perr := strconv.ParseInt(t2, 10, 64); perr == nil && shown != strconv.FormatInt(n, 10) {
				t.Fatalf("%s = %q shows %q", fd.Path, text, shown)
			} else if perr != nil && t2 != "" && shown != t2 {
				t.Fatalf("%s = %q (not an integer) shows %q", fd.Path, text, shown)
			}
		}
		again, err := model.Decode(model.Encode(c))
		if err != nil {
			t.Fatalf("%s = %q: the campaign no longer decodes: %v", fd.Path, text, err)
		}
		if got := fd.Format(again); got != shown {
			t.Fatalf("%s = %q shows %q, and %q after the JSON round trip", fd.Path, text, shown, got)
		}
	})
}

// targetFirst is an error that starts with the target it is about.
var targetFirst = regexp.MustCompile(`^[a-z_]+[.:]`)

// pathHead is the part of a path before its first index or "@" suffix.
func pathHead(p string) string {
	if i := strings.IndexAny(p, "[@"); i > 0 {
		return strings.TrimSuffix(p[:i], ".")
	}
	return p
}

// Bytes that are not UTF-8 (found by FuzzFieldText) show as what the JSON
// will carry, not as text that changes once saved.
func TestInvalidUTF8ShowsAsSaved(t *testing.T) {
	c := campaign(model.ChannelPush, model.DeliveryPeriodic)
	f := Field{Path: "scheduling_details.periodic_details.repeat_frequency", Kind: Int}
	if err := f.Apply(c, "4\xff"); err != nil {
		t.Fatal(err)
	}
	again, err := model.Decode(model.Encode(c))
	if err != nil {
		t.Fatal(err)
	}
	if got, saved := f.Format(c), f.Format(again); got != "4\uFFFD" || saved != got {
		t.Errorf("shows %q, saved as %q", got, saved)
	}
}

// "Copy this content to…" with no locale (found by FuzzFieldText) asks for
// one instead of naming an empty path; "loc/" keeps the current variation.
func TestCopyNeedsALocale(t *testing.T) {
	c := fullCampaign(t, model.ChannelPush, model.DeliveryOneTime)
	sel := Selection{Locale: "fr", Variation: "variation_2", Platform: model.PlatformAndroid}
	var cp *Field
	for _, f := range Fields(StepContent, NewCtx(c, sel, true)) {
		if f.Path == "@copy" {
			cp = &f
		}
	}
	if cp == nil {
		t.Fatal("no copy row")
	}
	if err := cp.Do(c, " / "); err == nil || !strings.Contains(err.Error(), "name the locale") {
		t.Fatalf("copy to nothing: %v", err)
	}
	src := "campaign_content.content.fr.variation_2.push.android.basic_details.title"
	if err := Set(c, src, "Bonjour"); err != nil {
		t.Fatal(err)
	}
	if err := cp.Do(c, DefaultLocale+"/"); err != nil {
		t.Fatal(err)
	}
	if got := Get(c, "campaign_content.content."+DefaultLocale+".variation_2.push.android.basic_details.title"); got != "Bonjour" {
		t.Errorf("copied title = %v", got)
	}
}

// A locale name with a control character (found by FuzzFieldText), a space
// of any kind or a slash is refused: it could not be drawn on one line or
// typed as a copy target.
func TestLocaleNameIsOneWord(t *testing.T) {
	c := campaign(model.ChannelPush, model.DeliveryOneTime)
	for _, name := range []string{"\x00", "fr\tx", "pt\u00a0br", "fr/ca", "a.b", "x[1]"} {
		if err := AddLocale(c, name); err == nil || !strings.Contains(err.Error(), "campaign_content.locales") {
			t.Errorf("%q: %v", name, err)
		}
	}
	if err := AddLocale(c, "pt-BR"); err != nil {
		t.Fatal(err)
	}
	if got := Locales(c); !slices.Contains(got, "pt-BR") || len(got) != 2 {
		t.Errorf("locales %v", got)
	}
}
