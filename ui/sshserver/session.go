package sshserver

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/log"
	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// session is the server's record of one SSH session.
type session struct {
	id          string
	user        string
	fingerprint string
	addr        string
	start       time.Time
	ssh         ssh.Session
	log         *log.Logger
	grace       time.Duration

	lastInput atomic.Int64 // unix nanoseconds of the visitor's last key or click

	// ctx ends with the session (the connection may outlive it).
	ctx     context.Context
	cancel  context.CancelFunc
	cleanup func() // the app's, run once the program has ended
	// hardClose frees the seat and closes the connection under the
	// session: for a client that no longer reads or answers.
	hardClose func()

	mu       sync.Mutex
	input    io.Closer // the session's input pump, closed with the session
	program  *tea.Program
	reason   string // told to the visitor when the session ends
	exitCode int
	ending   bool
	backstop *time.Timer
}

func newSession(sess ssh.Session, logger *log.Logger, grace time.Duration) *session {
	var b [4]byte
	_, _ = rand.Read(b[:])
	s := &session{
		id:    hex.EncodeToString(b[:]),
		user:  sess.User(),
		addr:  sess.RemoteAddr().String(),
		start: time.Now(),
		ssh:   sess,
		log:   logger,
		grace: grace,
	}
	if k := sess.PublicKey(); k != nil {
		s.fingerprint = gossh.FingerprintSHA256(k)
	}
	s.ctx, s.cancel = context.WithCancel(sess.Context())
	s.touch()
	return s
}

// refuse ends the session before the editor starts, with a reason.
func (s *session) refuse(reason string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ending, s.reason, s.exitCode = true, reason, 1
}

func (s *session) touch() { s.lastInput.Store(time.Now().UnixNano()) }

func (s *session) setInput(c io.Closer) {
	s.mu.Lock()
	s.input = c
	s.mu.Unlock()
}

// isEnding reports whether the session has been told to end.
func (s *session) isEnding() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ending
}

func (s *session) idleFor() time.Duration {
	return time.Since(time.Unix(0, s.lastInput.Load()))
}

// setProgram records the running program; a session already told to end
// (the server began shutting down while it was starting) gets the notice now.
func (s *session) setProgram(p *tea.Program) {
	s.mu.Lock()
	s.program = p
	ending, reason := s.ending, s.reason
	s.mu.Unlock()
	if ending {
		go p.Send(noticeMsg{text: s.noticeText(reason), grace: s.grace})
	}
}

// end tells the visitor why the session is closing and closes it after the
// grace period. Only the first reason counts.
func (s *session) end(reason string) {
	s.mu.Lock()
	if s.ending {
		s.mu.Unlock()
		return
	}
	s.ending, s.reason = true, reason
	p := s.program
	// If the program does not quit in time (a client that stopped reading
	// holds its output, and a flood of requests its input), the seat is
	// freed and the connection closed under it.
	s.backstop = time.AfterFunc(2*s.grace+time.Second, s.closeHard)
	in := s.input
	s.mu.Unlock()
	if p == nil && in != nil {
		// Still starting (waiting for the terminal's answers): stop
		// waiting; the handler then says why and closes the session.
		_ = in.Close()
	}
	if p != nil {
		go p.Send(noticeMsg{text: s.noticeText(reason), grace: s.grace})
	}
}

func (s *session) closeHard() {
	if s.hardClose != nil {
		s.hardClose()
	} else {
		_ = s.ssh.Close()
	}
}

// abandon ends a session whose client no longer reads: no notice can reach
// it, so the seat is freed and the connection closed at once.
func (s *session) abandon(reason string) {
	s.mu.Lock()
	if !s.ending {
		s.ending, s.reason = true, reason
	}
	s.mu.Unlock()
	s.closeHard()
	s.quit()
}

// noticeText is the line shown on screen before the session closes.
func (s *session) noticeText(reason string) string {
	return reason + " This session closes in " + human(s.grace) + "."
}

// crash records a panic of the session's model: logged with its stack, and
// the visitor is told the session ended because of it.
func (s *session) crash(where string, r any, stack []byte) {
	s.log.Error("panic in session; closing it", "session", s.id, "user", s.user, "in", where, "panic", r, "stack", string(stack))
	s.mu.Lock()
	s.reason, s.exitCode, s.ending = crashText(s.id), 1, true
	s.mu.Unlock()
}

func (s *session) quit() {
	s.mu.Lock()
	p := s.program
	s.mu.Unlock()
	if p != nil {
		p.Quit()
	}
}

// outcome is the reason and exit status to give the visitor.
func (s *session) outcome() (string, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reason, s.exitCode
}

// stop ends the session's timers; the program has ended.
func (s *session) stop() {
	s.cancel()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.backstop != nil {
		s.backstop.Stop()
	}
	if s.input != nil {
		_ = s.input.Close()
	}
}

// watch ends the session when the visitor has been idle for idle, or when it
// has lasted maxLen (zero turns either off). It returns when ctx is done.
func (s *session) watch(ctx context.Context, idle, maxLen time.Duration) {
	var idleC, maxC <-chan time.Time
	var idleT *time.Timer
	if idle > 0 {
		idleT = time.NewTimer(idle)
		defer idleT.Stop()
		idleC = idleT.C
	}
	if maxLen > 0 {
		t := time.NewTimer(maxLen)
		defer t.Stop()
		maxC = t.C
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-maxC:
			s.end("This session reached its time limit of " + human(maxLen) + ".")
			return
		case <-idleC:
			if left := idle - s.idleFor(); left > 0 {
				idleT.Reset(left)
				continue
			}
			s.end("This session was idle for " + human(idle) + ".")
			return
		}
	}
}

// human writes a duration the way a person would say it: 15m, 1h30m, 2s.
func human(d time.Duration) string {
	d = d.Round(time.Second)
	if d < time.Second {
		return "less than a second"
	}
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
