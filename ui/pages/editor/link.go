package editor

import (
	"slices"
	"strings"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
)

// linkRow is the Content step's "Same content on all platforms" row: it
// is the editor's, not the campaign's (the service has no such field).
const linkRow = "@link:platforms"

// cellKey names one message of the content matrix (locale × variation).
type cellKey struct{ locale, variation string }

// links keeps the platforms of each push message in step ("same content
// on all platforms"): editing a shared field (title, message, image, click
// action and value, key-value pairs) on a linked platform writes it to the
// other linked platforms of the same message. A message is linked when it
// is first shown if its platforms hold the same title and message (a new
// draft's are empty); the user unlinks a platform on the row.
type links struct {
	unlinked map[cellKey]map[string]bool // platform → its own content
	seen     map[cellKey]bool
}

// multiPush reports a push campaign with more than one platform: the only
// kind whose messages can be linked.
func (m *Model) multiPush() bool {
	return m.d.channel() == model.ChannelPush && len(forms.Platforms(m.d.work)) > 1
}

// see links a message the first time the editor shows it, unless its
// platforms already differ.
func (m *Model) see(sel forms.Selection) {
	k := cellKey{sel.Locale, sel.Variation}
	if m.links.seen == nil {
		m.links.seen, m.links.unlinked = map[cellKey]bool{}, map[cellKey]map[string]bool{}
	}
	if m.links.seen[k] {
		return
	}
	m.links.seen[k] = true
	ps := forms.Platforms(m.d.work)
	if !forms.SameTitles(m.d.work, sel.Locale, sel.Variation, ps) {
		m.links.unlinked[k] = map[string]bool{}
		for _, p := range ps {
			m.links.unlinked[k][p] = true
		}
	}
}

// linked lists the platforms of the selected message kept in step with the
// selected one (empty when it has its own content).
func (m *Model) linked() []string {
	k := cellKey{m.sel.Locale, m.sel.Variation}
	off := m.links.unlinked[k]
	if off[m.sel.Platform] {
		return nil
	}
	var out []string
	for _, p := range forms.Platforms(m.d.work) {
		if !off[p] {
			out = append(out, p)
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// toggleLink unlinks the selected platform from the others of its message,
// or links it again (from then on; nothing is copied until it is edited).
func (m *Model) toggleLink() {
	k := cellKey{m.sel.Locale, m.sel.Variation}
	if m.links.unlinked[k] == nil {
		m.links.unlinked[k] = map[string]bool{}
	}
	off := m.links.unlinked[k]
	name := forms.PlatformName(m.sel.Platform)
	if off[m.sel.Platform] {
		delete(off, m.sel.Platform)
		if len(m.linked()) > 1 {
			m.setNotice(name+" is linked: editing a title, message, image, click or key-value pair changes the linked platforms too.", false)
		} else {
			m.setNotice(name+" is linked, but no other platform is: link another one too.", false)
		}
	} else {
		off[m.sel.Platform] = true
		m.setNotice(name+" has its own content now: edits stay on "+name+".", false)
	}
	m.rebuild()
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
	m.see(m.sel)
	row := forms.Field{Path: linkRow, Role: forms.RoleSelector, Label: "Platforms linked", Kind: forms.Enum, Depth: rows[i].Depth,
		Help: "space: link or unlink " + forms.PlatformName(m.sel.Platform) + " · linked platforms share title, message, image, click and key-value pairs"}
	return slices.Insert(rows, i+1, row)
}

// linkedApply wraps an edit of a content field of the selected platform:
// the shared fields it changes follow on the linked platforms, and the
// platform's fallback follows its title and message (forms.LinkEdit).
func (m *Model) linkedApply(f forms.Field, set func(c *model.Campaign) error) func(c *model.Campaign) error {
	if m.d.channel() != model.ChannelPush || m.sel.Platform == "" {
		return set
	}
	prefix := forms.MessagePath(m.d.work, m.sel.Locale, m.sel.Variation) + ".push." + strings.ToLower(m.sel.Platform) + "."
	if !strings.HasPrefix(f.Path, prefix) {
		return set
	}
	sel, to := m.sel, m.linked()
	return func(c *model.Campaign) error {
		before := forms.SharedAt(c, sel)
		if err := set(c); err != nil {
			return err
		}
		forms.LinkEdit(c, sel, before, to)
		return nil
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
