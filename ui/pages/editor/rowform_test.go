package editor

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/huh"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// probe runs the editor as the program's model and notes, after every key,
// which huh field edits the row and how many problems the editor shows.
type probe struct {
	m     *Model
	mu    sync.Mutex
	trace []step
}

type step struct {
	key      string
	field    string // the huh field's type, "" when no row is edited
	problems int
	rowProbs []string // the edited row's problems
}

func (p *probe) Init() tea.Cmd { return nil } // the editor is loaded already

func (p *probe) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := p.m.Update(msg)
	if k, ok := msg.(tea.KeyMsg); ok {
		s := step{key: k.String(), problems: len(p.m.probs.items)}
		if e := p.m.edit; e != nil {
			s.field = fmt.Sprintf("%T", e.Form().GetFocusedField())
			for i, f := range p.m.list.rows {
				if f.Path == e.Field.Path {
					s.rowProbs = p.m.list.problems[i]
				}
			}
		}
		p.mu.Lock()
		p.trace = append(p.trace, s)
		p.mu.Unlock()
	}
	return p, cmd
}

func (p *probe) View() string { return p.m.View() }

// steps waits for n keys to be handled and returns the trace.
func (p *probe) steps(t *testing.T, n int) []step {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		p.mu.Lock()
		tr := append([]step(nil), p.trace...)
		p.mu.Unlock()
		if len(tr) >= n {
			return tr
		}
		if time.Now().After(deadline) {
			t.Fatalf("only %d of %d keys handled: %+v", len(tr), n, tr)
		}
		time.Sleep(5 * time.Millisecond) // polls the program goroutine's progress
	}
}

// screenHas waits until the screen shows want.
func screenHas(t *testing.T, tm *teatest.TestModel, want ...string) {
	t.Helper()
	uitest.WaitFor(t, tm, want...)
}

func startProbe(t *testing.T, c *model.Campaign, step forms.Step, path string) (*probe, *teatest.TestModel, *drafts.Engine) {
	t.Helper()
	m, st := newTestEditor(t, c, 160, 48)
	m.f.PreviewDelay = time.Hour // the preview plays no part here
	m.goStep(step)
	focus(t, m, path)
	p := &probe{m: m}
	tm := teatest.NewTestModel(t, p, teatest.WithInitialTermSize(160, 48))
	t.Cleanup(func() {
		_ = tm.Quit()
		tm.WaitFinished(t, teatest.WithFinalTimeout(60*time.Second)) // generous: a pass returns at once
	})
	return p, tm, st
}

func send(tm *teatest.TestModel, ks ...tea.KeyMsg) {
	for _, k := range ks {
		tm.Send(k)
	}
}

var kBackspace = uitest.Key("backspace")

func TestTextRowThroughHuhValidatesEveryKey(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	title := forms.MessagePath(c, "default", "variation_1") + ".push.android.basic_details.title"
	p, tm, st := startProbe(t, c, forms.StepContent, title)
	old := p.m.fieldText(p.m.list.rows[p.m.list.cur])

	send(tm, kEnter)
	for range len(old) {
		send(tm, kBackspace)
	}
	screenHas(t, tm, "✗ Android title is required before publishing")
	send(tm, runes("H"), runes("i"), runes("q"), kEnter)
	screenHas(t, tm, "Hiq")
	tr := p.steps(t, len(old)+5)

	if tr[0].field != "*huh.Input" {
		t.Fatalf("enter on a text row opened %q, not a huh input", tr[0].field)
	}
	// Every key was validated as it was typed, before any blur: the problem
	// comes with the last backspace and goes with the first letter.
	last := len(old)
	for i := 1; i < last; i++ {
		// A half-erased {{ … }} does not parse (engine rule
		// content.personalization): the only problem allowed before empty.
		unparsed := 0
		for _, p := range tr[i].rowProbs {
			if strings.Contains(p, "personalisation does not parse") {
				unparsed++
			}
		}
		if tr[i].problems != unparsed || tr[i].field != "*huh.Input" {
			t.Fatalf("key %d (%s): %+v", i, tr[i].key, tr[i])
		}
	}
	if tr[last].problems != 1 || len(tr[last].rowProbs) != 1 || !strings.Contains(tr[last].rowProbs[0], "title is required") {
		t.Fatalf("emptied title, still editing: %+v", tr[last])
	}
	if tr[last+1].problems != 0 || tr[last+1].field == "" {
		t.Fatalf("first letter typed: %+v", tr[last+1])
	}
	if tr[last+3].key != "q" || tr[last+3].field == "" {
		t.Fatalf("q typed into the field ended editing: %+v", tr[last+3])
	}
	if tr[last+4].field != "" {
		t.Fatalf("enter did not finish the field: %+v", tr[last+4])
	}
	if got := forms.Get(st.Working(p.m.id), title); got != "Hiq" {
		t.Fatalf("journaled title %v", got)
	}
}

func TestSelectRowThroughHuhValidatesEveryKey(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	const path = "scheduling_details.delivery_type"
	p, tm, st := startProbe(t, c, forms.StepSchedule, path)
	choices := p.m.list.rows[p.m.list.cur].Choices()
	if choices[0] != "" {
		t.Fatalf("no unset choice first: %q", choices)
	}
	want := func(v string) int { return problemsWith(t, c, forms.StepSchedule, path, v) }
	if want("SEND_IN_USER_TIMEZONE") == 0 || want("AT_FIXED_TIME") != 0 {
		t.Fatal("the fixture no longer tells the choices apart")
	}

	send(tm, kEnter)
	screenHas(t, tm, "┃", "(not set)", "▸ AT_FIXED_TIME", "✓ ready to publish")
	// Hovering a choice applies it: the engine judges it at once, and the
	// dialog says so.
	send(tm, kDown, kDown)
	screenHas(t, tm, "▸ SEND_IN_USER_TIMEZONE", "to fix before publishing", "User time zone settings")
	up := uitest.Key("up")
	send(tm, up, up, up)
	screenHas(t, tm, "▸ ASAP")
	tr := p.steps(t, 6)
	if tr[0].field != "*huh.Select[string]" {
		t.Fatalf("enter on a choice opened %q, not a huh select", tr[0].field)
	}
	at := indexOf(choices, "AT_FIXED_TIME")
	for i, d := range []int{1, 2, 1, 0, -1} {
		v := choices[at+d]
		if tr[i+1].field == "" || tr[i+1].problems != want(v) {
			t.Fatalf("key %d hovering %s: %d problems, the engine finds %d (%+v)", i+1, v, tr[i+1].problems, want(v), tr[i+1])
		}
	}
	// enter takes the hovered choice.
	send(tm, kEnter)
	tr = p.steps(t, 7)
	if tr[6].field != "" || p.m.fieldText(p.m.list.rows[p.m.list.cur]) != "ASAP" {
		t.Fatalf("enter chose %q (%+v)", p.m.fieldText(p.m.list.rows[p.m.list.cur]), tr[6])
	}
	// esc puts back what the row held before.
	send(tm, kEnter, kDown, kEsc)
	tr = p.steps(t, 10)
	if tr[8].field == "" || tr[9].field != "" {
		t.Fatalf("esc: %+v", tr[7:])
	}
	if got := forms.Get(st.Working(p.m.id), path); got != "ASAP" {
		t.Fatalf("after esc the journal holds %v, want ASAP", got)
	}
}

// problemsWith counts the problems the editor shows once row path holds v.
func problemsWith(t *testing.T, c *model.Campaign, s forms.Step, path, v string) int {
	t.Helper()
	m, _ := newTestEditor(t, model.Clone(c), 160, 48)
	defer m.hold()() // as Update does: the committer reads the draft meanwhile
	m.goStep(s)
	focus(t, m, path)
	m.apply(m.list.rows[m.list.cur], v)
	return len(m.probs.items)
}

func TestMultiSelectRowThroughHuhValidatesEveryKey(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	p, tm, st := startProbe(t, c, forms.StepBasic, "basic_details.platforms")

	send(tm, kEnter)
	screenHas(t, tm, "[x] ANDROID", "[x] IOS", "[ ] WEB")
	// WEB on: its content is now missing, at once; off again: gone.
	send(tm, kDown, kDown, uitest.Key("space"))
	screenHas(t, tm, "[x] WEB", "3 to fix before publishing", "Web content is missing")
	send(tm, uitest.Key("space"))
	screenHas(t, tm, "[ ] WEB", "✓ ready to publish")
	tr := p.steps(t, 5)
	if tr[0].field != "*huh.MultiSelect[string]" {
		t.Fatalf("enter on a subset opened %q, not a huh multi-select", tr[0].field)
	}
	if tr[3].problems == 0 {
		t.Fatalf("WEB chosen without web content, no problem: %+v", tr[3])
	}
	if tr[4].problems != 0 {
		t.Fatalf("WEB dropped, problem stays: %+v", tr[4])
	}
	// Both others off: platforms required, shown beside the field.
	up := uitest.Key("up")
	send(tm, up, uitest.Key("space"), up, uitest.Key("space"))
	screenHas(t, tm, "[ ] ANDROID", "[ ] IOS", "✗ Platforms: choose at least one")
	send(tm, kEnter)
	tr = p.steps(t, 10)
	if len(tr[8].rowProbs) == 0 || !strings.Contains(tr[8].rowProbs[0], "choose at least one of ANDROID") || tr[9].field != "" {
		t.Fatalf("trace %+v", tr[5:])
	}
	if got := st.Working(p.m.id).BasicDetails.Platforms; len(got) != 0 {
		t.Fatalf("journaled platforms %v", got)
	}
}

func indexOf(s []string, v string) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

func TestTemplateSwitchKeepsClearedValuesForTheSession(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	m, st := newTestEditor(t, c, 160, 48)
	m.goStep(forms.StepContent)
	mp := forms.MessagePath(m.d.work, "default", "variation_1") + ".push.android."
	tpl, banner := mp+"template_type", mp+"basic_details.banner_image_url"
	gif := mp + "basic_details.input_gif_url"

	// BASIC with a GIF; then an image banner with its URL.
	focus(t, m, mp+"basic_details.input_gif_url")
	press(m, kEnter, runes("https://x.io/a.gif"), kEnter)
	focus(t, m, tpl)
	m.cycleTo(t, "IMAGE_BANNER_WITH_TEXT")
	if forms.Get(m.d.work, gif) != nil {
		t.Fatal("the banner template kept the GIF")
	}
	focus(t, m, banner)
	press(m, kEnter, runes("https://x.io/b.png"), kEnter)

	// Back to BASIC through the huh select: the banner goes, the GIF is back.
	focus(t, m, tpl)
	press(m, kEnter)
	for m.edit.Value() != model.TemplateBasic {
		press(m, uitest.Key("up"))
	}
	press(m, kEnter)
	if forms.Get(m.d.work, banner) != nil {
		t.Fatal("BASIC kept the banner")
	}
	if got := forms.Get(m.d.work, gif); got != "https://x.io/a.gif" {
		t.Fatalf("GIF after switching back: %v", got)
	}
	// And to the banner again with ←/→: its URL is back too.
	focus(t, m, tpl)
	m.cycleTo(t, "IMAGE_BANNER_WITH_TEXT")
	if got := forms.Get(m.d.work, banner); got != "https://x.io/b.png" {
		t.Fatalf("banner URL after switching back: %v", got)
	}
	// The journal has the restored values too, not only the editor's copy.
	w := st.Working(m.id)
	if forms.Get(w, banner) != "https://x.io/b.png" || forms.Get(w, gif) != nil || forms.Get(w, tpl) != "IMAGE_BANNER_WITH_TEXT" {
		t.Fatalf("journaled: banner %v gif %v template %v", forms.Get(w, banner), forms.Get(w, gif), forms.Get(w, tpl))
	}
}

// cycleTo presses → on the focused row until it holds v.
func (m *Model) cycleTo(t *testing.T, v string) {
	t.Helper()
	for range 20 {
		if m.fieldText(m.list.rows[m.list.cur]) == v {
			return
		}
		press(m, kRight)
	}
	t.Fatalf("%s never became %s", m.list.rows[m.list.cur].Path, v)
}

func TestLongTextThroughHuhIsInertAndLive(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	msgPath := forms.MessagePath(c, "default", "variation_1") + ".push.android.basic_details.message"
	evil := "Hi\x1b]52;c;ZXZpbA==\x07\x1b[2J there"
	if err := forms.Set(c, msgPath, evil); err != nil {
		t.Fatal(err)
	}
	m := openAt(t, c, forms.StepContent)
	focus(t, m, msgPath)
	press(m, kEnter)
	if _, ok := m.edit.Form().GetFocusedField().(*huh.Text); !ok || !m.covered() {
		t.Fatalf("long text edited with %T", m.edit.Form().GetFocusedField())
	}
	out := m.View()
	if strings.ContainsRune(out, 0x07) || strings.Contains(out, "]52;") || strings.Contains(out, "[2J") || !strings.Contains(out, "Hi there") {
		t.Fatalf("escape drawn in the long text editor: %q", out)
	}
	// enter is a new line, not the end; every key is applied.
	press(m, kEnter, runes("x"))
	if got := forms.Get(m.d.work, msgPath); got != "Hi there\nx" {
		t.Fatalf("message %q", got)
	}
	for range len("Hi there\nx") {
		press(m, kBackspace)
	}
	if !strings.Contains(m.View(), "✗ ") {
		t.Fatalf("emptied message, no problem in the dialog:\n%s", m.View())
	}
	press(m, kEsc)
	if m.edit != nil || !m.dialogs.Empty() {
		t.Fatal("esc did not finish")
	}
}

// When the only problem left is the field's own (shown above as ✗), the
// dialog says nothing else is left instead of "1 to fix" with no list.
func TestChoiceDialogWithOnlyItsOwnProblem(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	c.SchedulingDetails = nil
	_, tm, _ := startProbe(t, c, forms.StepSchedule, "scheduling_details.delivery_type")
	send(tm, kEnter)
	screenHas(t, tm, "▸ (not set)", "✗ Schedule is missing", "nothing else to fix before publishing")
	send(tm, kDown, kDown, kDown, kDown) // SEND_IN_USER_TIMEZONE: a problem of another field
	screenHas(t, tm, "▸ SEND_IN_USER_TIMEZONE", "2 to fix before publishing", "User time zone settings")
}
