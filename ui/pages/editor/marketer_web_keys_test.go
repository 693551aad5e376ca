package editor_test

import (
	"encoding/json"
	"testing"
	"unicode/utf8"

	"github.com/campaigns-cli/campaigns/model"
)

// TestMarketerPushWebKeys builds testdata/fixtures/marketer-push-web.json
// (Android, iOS and Web, each with its own click action, two locales) from
// a blank draft to published with real key presses, reads it back over the
// API, compares every field and counts the keys.
func TestMarketerPushWebKeys(t *testing.T) {
	if testing.Short() {
		t.Skip("the whole marketer flow")
	}
	want := marketerFixture(t, "marketer-push-web.json")
	e := newEnv(t)
	e.author = "jonas.weber@example.com"
	tm, _ := e.runAt(t, 0, 200, 60)
	k := &keyCounter{t: t, tm: tm}

	const name = "Winter coats are back"
	k.newDraft("o", e.author, name) // ONE_TIME

	// 1 Basic details: team, tags, platforms (ticked by letter), no push
	// boost, all eligible iOS devices.
	k.down(2)
	k.typ("Apparel")
	k.press("tab")
	k.typ("winter, coats")
	k.press("tab")
	k.wait("[ ] ANDROID")
	k.typ("aiw")
	k.press("enter")
	k.wait("{ANDROID, IOS, WEB}")
	k.down(1)
	k.typ("na")

	// 2 Content, default: Android STYLIZED_BASIC with its fallback and a
	// button; iOS BASIC with a GIF and a button category; Web with an
	// image, two buttons and an icon. Each platform opens its own link.
	k.press("2")
	k.wait("Locales and variations", "‹ yes · Android = iOS = Web ›")
	title, msg := name, "Warm, light and 20% off this week."
	// Android's title is its own (personalised): unlink it first, up from
	// the template to the link row.
	k.press("alt+n", "up", "space", "down")
	k.wait("‹ no · own content ›")
	k.typ("st")
	k.wait("‹ STYLIZED_BASIC ›")
	k.typ("Winter coats are back, {{UserAttribute['First Name'] | default('friend')}}")
	k.press("tab")
	k.typ(msg)
	// The fallback followed the title and message: its title is the plain one.
	k.press("tab")
	k.typ(title)
	// Its click action will follow the message's: } on to the options.
	k.press("alt+}")
	k.typ("offers")
	k.press("tab")
	k.typ("d")
	k.typ("shop://coats")
	k.press("tab")
	k.typ("https://img.example.com/winter/android.jpg")
	k.press("tab", "tab", "tab") // summary, key-value pairs, on to the background colour
	k.typ("#1B2A41")
	k.press("tab")
	k.typ("#FFFFFF")
	k.press("tab")
	k.typ("l")   // LIGHT, on to the text editor background
	k.press("+") // a button, typed into at once
	k.typ("See coats")
	k.press("tab")
	k.typ("d")
	k.typ("shop://coats")
	// iOS, linked with Web: the title and message are typed once for both.
	// alt+i ends the field and shows iOS on the same field.
	k.press("alt+i", "alt+n") // then the next to fill: its template
	k.typ("b")                // BASIC, on to the title
	k.typ(title)
	k.press("tab")
	k.typ(msg)
	k.press("tab")
	k.typ("r") // RICH_LANDING, on to its target
	k.typ("https://shop.example.com/coats")
	k.press("tab")
	k.typ("20% off this week")
	k.press("tab", "tab", "tab") // key-value pairs, background refresh, on to the rich media
	k.typ("g")                   // GIF, on to its URL
	k.typ("https://img.example.com/winter/snow.gif")
	k.press("alt++") // a button
	k.typ("COATS")
	k.press("alt+w")
	k.wait("‹ yes · Web = iOS ›")
	k.press("down")
	k.typ("https://shop.example.com/coats")
	k.press("tab")
	k.typ("https://img.example.com/winter/web.jpg")
	k.press("alt++")
	for i, b := range [][2]string{{"See coats", "https://shop.example.com/coats"}, {"Need help?", "https://shop.example.com/help"}} {
		k.typ(b[0])
		k.press("tab", "tab") // past the button's icon to its URL
		k.typ(b[1])
		if i == 0 {
			k.press("alt++") // another button
		}
	}
	k.press("alt+}") // the icon, under Web advanced
	k.typ("i")
	k.typ("https://img.example.com/icon-192.png")

	// de starts as a copy of default: translate it, on Android first.
	k.press("alt+a", "2")
	k.addLocale("de")
	k.typ("Wintermäntel sind zurück, {{UserAttribute['First Name'] | default('du')}}")
	k.press("tab")
	k.typ("Warm, leicht und diese Woche 20 % günstiger.")
	k.press("tab") // the fallback's message followed, its title is typed over
	k.typ("Wintermäntel sind zurück")
	k.press("alt+}", "tab", "tab") // the options' channel, On click, on to its target
	k.typ("shop://coats?lang=de")  // the fallback's follows
	k.press("alt+}", "backspace")  // } to the button's label
	k.typ("Mäntel ansehen")
	k.press("tab", "tab")
	k.typ("shop://coats?lang=de")
	k.press("alt+w")
	// Web, linked with iOS: the title and message once for both.
	k.wait("de.variation_1.push.web.basic_details.image_url")
	k.press("up", "up", "up", "backspace")
	k.typ("Wintermäntel sind zurück")
	k.press("tab")
	k.typ("Warm, leicht und diese Woche 20 % günstiger.")
	k.press("tab")
	k.typ("https://shop.example.com/de/maentel")
	k.press("tab", "tab", "tab") // image, auto dismiss, on to the first button's label
	k.typ("Mäntel ansehen")
	k.press("tab", "tab")
	k.typ("https://shop.example.com/de/maentel")
	k.press("tab", "tab") // Remove button 1, on to the second label
	k.typ("Hilfe?")
	k.press("alt+i")
	k.wait("de.variation_1.push.ios.basic_details.message")
	k.press("down", "down", "backspace") // iOS's own click target
	k.typ("https://shop.example.com/de/maentel")
	k.press("tab")
	k.typ("Diese Woche 20 % Rabatt")

	// 3 Audience: City Berlin or Hamburg, or viewed a coat twice; minus the
	// segment Recent buyers.
	k.press("alt+3")
	k.cityOr("Berlin, Hamburg")
	k.press("alt++") // another filter
	k.typ("a")       // actions, on to its name
	k.wait("‹ actions ›")
	k.typ("coat_viewed")
	k.press("tab", "tab", "tab") // executed yes, at least, on to the count
	k.typ("2")
	k.press("alt+}", "}") // past its event attributes to Exclude
	k.typ("a")            // and, on to Add filter
	k.press("enter")
	k.typ("c") // custom_segments, on to its name
	k.typ("Recent buyers")
	k.press("tab")
	k.typ("seg-recent-buyers")

	// 5 Schedule (a one-time campaign has no trigger step).
	k.press("alt+5")
	k.typ("at") // AT_FIXED_TIME, on to Start
	k.typ("2027-11-20T09:30:00")
	k.press("tab")
	k.typ("2027-11-21T09:30:00")
	k.press("tab") // Time zone: typed letters find it
	k.typ("berl")
	k.press("enter")
	k.wait("Europe/Berlin")
	k.press("6")
	k.typ("n") // no, on to the throttle
	k.typ("5000")
	k.press("tab")
	k.typ("yny") // counted, not ignored, queued: on to the queue duration
	k.typ("6")

	// 7 Control group, UTM, then the advanced settings.
	k.press("alt+7", "}") // } to the control group
	k.typ("y5")
	k.press("tab")
	k.typ("y") // the global control group, on to UTM's source
	k.typ("push")
	k.press("tab")
	k.typ("app")
	k.press("tab")
	k.typ("winter_coats")
	k.press("alt+}", "}") // past the audience limit to Advanced
	k.typ("2")
	k.press("tab")
	k.typ("d")              // DAY
	k.press("down", "down") // past the inbox settings to the priorities
	k.typ("y")              // Android high priority
	k.typ("10")             // APNs priority 10
	k.typ("t")              // TIME_SENSITIVE
	k.typ("0.5")            // 0.5 typed whole: its 5 is the value's, not step 5
	k.wait("ready to publish")

	k.publish(name)

	text := distinctText(want)
	maxTyped := text * 5 / 4
	t.Logf("key presses: %d typed characters, %d other keys, %d in all (bounds: typed ≤ %d = 1.25 × %d characters of distinct text, other ≤ %d)",
		k.typed, k.other, k.typed+k.other, maxTyped, text, targetOther)

	readBack(t, e, name, want)
	if k.typed > maxTyped || k.other > targetOther {
		t.Errorf("%d typed characters, %d other keys: above the bounds %d / %d", k.typed, k.other, maxTyped, targetOther)
	}
}

// distinctText counts the characters of every distinct string value in c
// (each counted once): what a person types at the least.
func distinctText(c *model.Campaign) int {
	seen := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		case string:
			seen[v] = true
		}
	}
	var tree any
	if err := json.Unmarshal([]byte(model.Encode(c)), &tree); err != nil {
		panic(err)
	}
	walk(tree)
	n := 0
	for s := range seen {
		n += utf8.RuneCountInString(s)
	}
	return n
}
