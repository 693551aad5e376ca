package sshserver

import (
	"testing"

	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui"
)

// BenchmarkSessionToFirstScreen measures what a visitor waits for: TCP
// connect, key exchange, public-key login, PTY and shell requests, and the
// program's first frame (a tiny model, so this is the server's own cost).
func BenchmarkSessionToFirstScreen(b *testing.B) {
	alice := newKey(b)
	ts := start(b, Config{AuthorizedKeysPath: writeAuthorized(b, alice)})
	b.ResetTimer()
	for range b.N {
		c := ts.mustDial(b, alice)
		tm := openTerminal(b, c, "xterm-256color", 80, 24)
		tm.out.waitFor(b, "probe")
		tm.sess.Close()
		c.Close()
	}
}

// BenchmarkDemoSessionToBrowser is the same for a --demo visitor: a fresh
// seeded workspace is created, the editor starts and lists the campaigns.
func BenchmarkDemoSessionToBrowser(b *testing.B) {
	open, opened := demoSandbox(b)
	ts := start(b, Config{Demo: true, App: EditorApp(ui.Config{Service: "embedded sandbox", Theme: themes.Default()}, open, nil)})
	key := newKey(b)
	b.ResetTimer()
	for range b.N {
		c := ts.mustDial(b, key)
		tm := openTerminal(b, c, "xterm-256color", 120, 30)
		<-opened
		tm.out.waitFor(b, "Back in stock") // a seeded campaign: the list has loaded
		tm.sess.Close()
		c.Close()
	}
}
