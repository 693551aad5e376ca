package editor

import (
	"slices"
	"sort"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
)

// linkRow is the Content step's "Platforms linked" row: it is the
// editor's, not the campaign's (the service has no such field).
const linkRow = "@link:platforms"

// cellKey names one message of the content matrix (locale × variation).
type cellKey struct{ locale, variation string }

// links keeps the platforms of each push message in step ("same content
// on all platforms"). Which platforms are linked is read from the content
// (forms.LinkedWith: those whose shared fields all hold the same), so it
// survives leaving, restarting and another machine; off holds the
// platforms the person unlinked while their content was still the same,
// kept with the draft's position (resume.go). last is the most recent
// write a link made to other platforms: announced at its row, undone with
// one key (alt+z).
type links struct {
	off      map[cellKey]map[string]bool
	last     forms.LinkWrite
	lastCell cellKey
}

// multiPush reports a push campaign with more than one platform: the only
// kind whose messages can be linked.
func (m *Model) multiPush() bool {
	return m.d.channel() == model.ChannelPush && len(forms.Platforms(m.d.work)) > 1
}

func (m *Model) cell() cellKey { return cellKey{m.sel.Locale, m.sel.Variation} }

// linked lists the platforms of the selected message kept in step with the
// selected one, itself included (empty when it has its own content).
func (m *Model) linked() []string {
	if !m.multiPush() {
		return nil
	}
	return forms.LinkedWith(m.d.work, m.sel, m.links.off[m.cell()])
}

// toggleLink unlinks the selected platform from the others of its message,
// or links it again: then it takes the shared fields of the platform it is
// linked to (announced, and undone with alt+z).
func (m *Model) toggleLink() tea.Cmd {
	k := m.cell()
	if m.links.off == nil {
		m.links.off = map[cellKey]map[string]bool{}
	}
	if m.links.off[k] == nil {
		m.links.off[k] = map[string]bool{}
	}
	off := m.links.off[k]
	name := forms.PlatformName(m.sel.Platform)
	if len(m.linked()) > 0 {
		off[m.sel.Platform] = true
		m.setNotice(name+" has its own content now: edits stay on "+name+".", false)
		m.rebuild()
		return nil
	}
	delete(off, m.sel.Platform)
	if len(m.linked()) > 0 {
		m.setNotice(name+" is linked: title, message and key-value pairs are shared.", false)
		m.rebuild()
		return nil
	}
	from := ""
	for _, p := range forms.Platforms(m.d.work) {
		if p != m.sel.Platform && !off[p] {
			from = p
			break
		}
	}
	if from == "" {
		m.setNotice(name+" is linked, but no other platform is: link another one too.", false)
		m.rebuild()
		return nil
	}
	var w forms.LinkWrite
	sel := m.sel
	cmd := m.change("", func(c *model.Campaign) error {
		w = forms.Relink(c, sel, from)
		return nil
	})
	w.Field = linkRow
	m.links.last, m.links.lastCell = w, k
	m.setNotice(name+" is linked to "+forms.PlatformName(from)+": it took its title, message and key-value pairs (alt+z undoes).", false)
	return cmd
}

// undoLink puts back what the last linked write replaced on the other
// platforms.
func (m *Model) undoLink() tea.Cmd {
	w := m.links.last
	if w.Empty() {
		m.setNotice("Nothing to undo: alt+z undoes what a linked platform's edit wrote to the others.", true)
		return nil
	}
	m.links.last = forms.LinkWrite{}
	cmd := m.change("", w.Undo)
	m.setNotice("Undone on "+platformNames(w.Platforms)+": they keep their own content.", false)
	return cmd
}

// linkNote is the announcement under the focused row when the last linked
// write was made from it: which platforms it was also set on.
func (m *Model) linkNote(f forms.Field) string {
	w := m.links.last
	if w.Empty() || w.Field != f.Path || m.links.lastCell != m.cell() {
		return ""
	}
	return "↳ also set on " + platformNames(w.Platforms) + " · alt+z: undo there"
}

func platformNames(ps []string) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = forms.PlatformName(p)
	}
	return strings.Join(names, ", ")
}

// linkText is the row's value: which platforms are in step.
func (m *Model) linkText() string {
	ps := m.linked()
	if len(ps) == 0 {
		return "no · own content"
	}
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = forms.PlatformName(p)
	}
	return "yes · " + strings.Join(names, " = ")
}

// withLinkRow puts the link row under "Copy this content to…" of a push
// message with several platforms: the two ways of writing once.
func (m *Model) withLinkRow(rows []forms.Field) []forms.Field {
	if m.step != forms.StepContent || !m.multiPush() {
		return rows
	}
	i := slices.IndexFunc(rows, func(f forms.Field) bool { return f.Role == forms.RoleCopyContent })
	if i < 0 {
		return rows
	}
	row := forms.Field{Path: linkRow, Role: forms.RoleSelector, Label: "Platforms linked", Kind: forms.Enum, Depth: rows[i].Depth,
		Help: "space: link or unlink " + forms.PlatformName(m.sel.Platform) + " · linked platforms share title, message, key-value pairs (and an image where the templates have the same field)"}
	return slices.Insert(rows, i+1, row)
}

// linkedApply wraps an edit of a content field of the selected platform:
// a shared field it changes follows on the linked platforms, and the
// fallbacks follow their title and message (forms.LinkEdit). What it
// wrote elsewhere is kept to be announced and undone.
func (m *Model) linkedApply(f forms.Field, set func(c *model.Campaign) error) func(c *model.Campaign) error {
	if m.d.channel() != model.ChannelPush || m.sel.Platform == "" {
		return set
	}
	prefix := forms.MessagePath(m.d.work, m.sel.Locale, m.sel.Variation) + ".push." + strings.ToLower(m.sel.Platform) + "."
	if !strings.HasPrefix(f.Path, prefix) {
		return set
	}
	sel, to, k := m.sel, m.linked(), m.cell()
	return func(c *model.Campaign) error {
		before := forms.SharedAt(c, sel)
		if err := set(c); err != nil {
			return err
		}
		w := forms.LinkEdit(c, sel, f.Path, before, to)
		if m.links.lastCell == k {
			w = m.links.last.Merge(w)
		}
		if !w.Empty() || m.links.last.Field != f.Path {
			m.links.last, m.links.lastCell = w, k
		}
		return nil
	}
}

// offText is the explicit unlinks as one comparable text for the
// position book ("de/variation_1/IOS,…").
func (l *links) offText() string {
	var out []string
	for k, ps := range l.off {
		for p, on := range ps {
			if on {
				out = append(out, k.locale+"/"+k.variation+"/"+p)
			}
		}
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}

// setOff reads offText back.
func (l *links) setOff(s string) {
	l.off = map[cellKey]map[string]bool{}
	for _, e := range strings.Split(s, ",") {
		parts := strings.Split(e, "/")
		if len(parts) != 3 {
			continue
		}
		k := cellKey{parts[0], parts[1]}
		if l.off[k] == nil {
			l.off[k] = map[string]bool{}
		}
		l.off[k][parts[2]] = true
	}
}

// shifted is the index in the rows shown of row i of forms.Fields (the
// link row is the editor's own, inserted among them).
func (m *Model) shifted(i int) int {
	if li := slices.IndexFunc(m.list.rows, func(f forms.Field) bool { return f.Path == linkRow }); li >= 0 && i >= li {
		return i + 1
	}
	return i
}
