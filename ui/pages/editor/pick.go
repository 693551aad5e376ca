package editor

import (
	"strings"
	"unicode"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/ui/pages/editor/rowform"
)

// Picking a choice by typing, as in a web form's select: on a choice row
// (a list of values, yes/no, the locale, variation or platform shown) a
// letter that is no key of its own picks the first choice that begins with
// the letters typed one after the other on that row ("d" DEEPLINKING, "si"
// SIMPLE_IMAGE_CAROUSEL). When only one choice begins so, the cursor goes on
// to the next field, as tab would after a value was set.

// pickState is the letters typed on one choice row so far; any other key
// forgets them (Update).
type pickState struct {
	path, typed string
	keep        bool // the last key added to typed
	// rest is what the number just picked goes on with after the keys
	// typed (picking 0.5 by "0." leaves "5"): a person typing the whole
	// value goes on typing it, and those keys are the value's, not the
	// next field's commands (5 would be step 5).
	rest string
}

// pickKey handles a letter on a choice row f. ok reports a key it took.
func (m *Model) pickKey(f forms.Field, msg tea.KeyMsg) (tea.Cmd, bool) {
	letter, ok := rowform.LetterOf(msg)
	digit := false
	if !ok {
		if letter, digit = digitOf(msg); !digit {
			return nil, false
		}
	}
	choices := f.Options
	if f.Role != forms.RoleSelector {
		choices = f.Choices()
	}
	typed := letter
	if m.pick.path == f.Path {
		typed = m.pick.typed + typed
	}
	var match []string
	for _, c := range choices {
		if c != "" && strings.HasPrefix(strings.ToLower(c), typed) {
			match = append(match, c)
		}
	}
	if len(match) == 0 {
		if digit && typed == letter {
			return nil, false // no numeric choice: the digit is the step key
		}
		m.setNotice("No choice begins with “"+typed+"”: ← → go through them; alt+"+letter+" is the key's command here.", true)
		return nil, true
	}
	m.pick = pickState{path: f.Path, typed: typed, keep: true}
	var cmd tea.Cmd
	if m.fieldText(f) != match[0] {
		cmd = m.choose(f, match[0])
	}
	if len(match) == 1 {
		m.pick = pickState{}
		if digit {
			// Only a number goes on being typed: after a word picked by
			// its first letters the next letter is the next field's
			// ("a" actions, then "coat_viewed").
			m.pick = pickState{rest: strings.ToLower(match[0])[len(typed):], keep: true}
		}
		m.flow(1) // the one choice: on to the next field
	} else {
		m.flowing = true
	}
	return cmd, true
}

// picking reports a letter that goes on with the letters typed on the
// choice row under the cursor.
func (m *Model) picking(msg tea.KeyMsg) bool {
	l := &m.list
	_, letter := rowform.LetterOf(msg)
	_, digit := digitOf(msg)
	return (letter || digit) && m.pick.typed != "" && l.cur >= 0 && l.cur < len(l.rows) && l.rows[l.cur].Path == m.pick.path
}

// spelling takes a key that goes on spelling the choice just picked (see
// pickState.rest) and does nothing else with it.
func (m *Model) spelling(msg tea.KeyMsg) bool {
	r := m.pick.rest
	if r == "" || msg.Type != tea.KeyRunes || msg.Alt || len(msg.Runes) != 1 || string(unicode.ToLower(msg.Runes[0])) != r[:1] {
		return false
	}
	m.pick.rest, m.pick.keep = r[1:], true
	return true
}

// digitOf is the digit (or the decimal point) a key press types, alone.
func digitOf(msg tea.KeyMsg) (string, bool) {
	if msg.Type != tea.KeyRunes || msg.Alt || len(msg.Runes) != 1 || !unicode.IsDigit(msg.Runes[0]) && msg.Runes[0] != '.' {
		return "", false
	}
	return string(msg.Runes[0]), true
}

// forgetPick forgets the letters typed on a choice row unless the last key
// added to them.
func (m *Model) forgetPick() {
	if m.pick.keep {
		m.pick.keep = false
		return
	}
	m.pick = pickState{}
}
