// Package sshserver serves the campaigns editor to any SSH client with wish:
// one Bubble Tea program per session, styled for that session's terminal.
//
// Who gets in: public-key authentication against an OpenSSH authorized_keys
// file, or, in demo mode, any key (each demo session then edits a workspace
// of its own). Password and keyboard-interactive authentication are never
// offered. A session needs a terminal; sessions are limited in number, in
// idle time and in length; a visitor cannot suspend the server or run a
// process on it; a panic in one session ends that session only.
package sshserver

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net"
	"runtime/debug"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/log"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	bm "github.com/charmbracelet/wish/bubbletea"
	"github.com/muesli/termenv"
	gossh "golang.org/x/crypto/ssh"

	"github.com/campaigns-cli/campaigns/ui/common"
)

// DefaultAddr is where the server listens unless told otherwise: loopback
// only, so that exposing it is a decision.
const DefaultAddr = "127.0.0.1:23234"

// ErrServerClosed is returned by Serve after Shutdown.
var ErrServerClosed = ssh.ErrServerClosed

// AppFunc builds the model one session runs, styled with that session's
// renderer. cleanup, when not nil, runs after the session has ended. An
// error ends the session with the error's text.
type AppFunc func(sess ssh.Session, r *common.Renderer) (m tea.Model, cleanup func(), err error)

// Config is how the server runs.
type Config struct {
	Addr               string // listen address; DefaultAddr when empty
	HostKeyPath        string // created on first use (0600) and kept
	AuthorizedKeysPath string // OpenSSH format; required unless Demo
	Demo               bool   // any public key gets in

	MaxSessions int           // sessions at once; 0 = no limit
	IdleTimeout time.Duration // without a key press or click; 0 = none
	MaxSession  time.Duration // a session's longest life; 0 = none
	Grace       time.Duration // how long a closing notice stays on screen; default 2s
	// HandshakeTimeout closes connections that have not authenticated in
	// time, so idle sockets cannot pile up; default 30s.
	HandshakeTimeout time.Duration
	// MaxStartups bounds the connections waiting to log in (the oldest is
	// pushed out for a new one), MaxStartupsPerAddr those of one address;
	// defaults 32 and 8.
	MaxStartups, MaxStartupsPerAddr int
	// SessionGrace closes a logged-in connection that has no session for
	// this long (ssh -N, or after its last session); default 10s.
	SessionGrace time.Duration
	// WriteTimeout ends a connection whose client stops reading for this
	// long (its session, and seat, with it); default 30s.
	WriteTimeout time.Duration
	// QueryTimeout bounds the wait for the terminal's answer to the
	// start-up background query (query.go); default 2s.
	QueryTimeout time.Duration

	App    AppFunc
	Logger *log.Logger // default: charmbracelet/log's default logger
	// Commands runs `ssh host get ID` and the other reading commands
	// (commands.go) for the visitor; nil: commands are refused.
	Commands CommandFunc
}

// Server is the SSH server.
type Server struct {
	cfg     Config
	log     *log.Logger
	ssh     *ssh.Server
	keys    *authorizedKeys // nil in demo mode
	hostKey gossh.Signer

	mu       sync.Mutex
	conns    connRegistry
	closing  bool
	sessions map[*session]struct{}    // admitted
	records  map[ssh.Session]*session // every session being handled
	wg       sync.WaitGroup           // admitted sessions
}

// New checks cfg, loads or creates the host key and reads the authorized
// keys. It does not listen yet.
func New(cfg Config) (*Server, error) {
	if cfg.App == nil {
		return nil, errors.New("sshserver: Config.App is required")
	}
	if cfg.Addr == "" {
		cfg.Addr = DefaultAddr
	}
	if cfg.Grace <= 0 {
		cfg.Grace = 2 * time.Second
	}
	if cfg.HandshakeTimeout <= 0 {
		cfg.HandshakeTimeout = 30 * time.Second
	}
	cfg.MaxStartups = cmp.Or(max(cfg.MaxStartups, 0), DefaultMaxStartups)
	cfg.MaxStartupsPerAddr = cmp.Or(max(cfg.MaxStartupsPerAddr, 0), DefaultMaxStartupsPerAddr)
	cfg.SessionGrace = cmp.Or(max(cfg.SessionGrace, 0), DefaultSessionGrace)
	cfg.WriteTimeout = cmp.Or(max(cfg.WriteTimeout, 0), DefaultWriteTimeout)
	cfg.QueryTimeout = cmp.Or(max(cfg.QueryTimeout, 0), DefaultQueryTimeout)
	if cfg.MaxSessions < 0 || cfg.IdleTimeout < 0 || cfg.MaxSession < 0 {
		return nil, errors.New("sshserver: limits cannot be negative")
	}
	if cfg.HostKeyPath == "" {
		return nil, errors.New("sshserver: a host key path is required")
	}
	s := &Server{cfg: cfg, log: cfg.Logger, sessions: map[*session]struct{}{}, records: map[ssh.Session]*session{}}
	if s.log == nil {
		s.log = log.Default()
	}
	if !cfg.Demo {
		if cfg.AuthorizedKeysPath == "" {
			return nil, errors.New("--authorized-keys is required (for example ~/.ssh/authorized_keys), or --demo to let any key in")
		}
		keys, err := loadAuthorizedKeys(cfg.AuthorizedKeysPath)
		if err != nil {
			return nil, err
		}
		if len(keys.keys) == 0 {
			s.log.Warn("the authorized keys file lists no key: nobody can log in until one is added", "path", cfg.AuthorizedKeysPath)
		}
		s.keys = keys
	}
	signer, err := LoadOrCreateHostKey(cfg.HostKeyPath)
	if err != nil {
		return nil, err
	}
	s.hostKey = signer

	s.ssh, err = wish.NewServer(
		wish.WithAddress(cfg.Addr),
		func(srv *ssh.Server) error { srv.AddHostKey(signer); return nil },
		wish.WithPublicKeyAuth(s.checkKey),
		// Middlewares run last to first: track wraps everything.
		wish.WithMiddleware(
			bm.MiddlewareWithProgramHandler(s.newProgram, termenv.Ascii),
			s.requireTerminal,
			s.commands,
			s.admit,
			s.track,
		),
		func(srv *ssh.Server) error {
			srv.ConnCallback = s.guardConn
			srv.ConnectionFailedCallback = func(c net.Conn, err error) {
				s.log.Debug("connection failed", "addr", c.RemoteAddr(), "error", err)
			}
			return nil
		},
	)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// HostKey is the server's public host key (clients pin its fingerprint).
func (s *Server) HostKey() gossh.PublicKey { return s.hostKey.PublicKey() }

// Addr is the configured listen address.
func (s *Server) Addr() string { return s.cfg.Addr }

// ListenAndServe listens on the configured address and serves until Shutdown.
func (s *Server) ListenAndServe() error {
	l, err := net.Listen("tcp", s.cfg.Addr)
	if err != nil {
		return err
	}
	return s.Serve(l)
}

// Serve serves connections from l until Shutdown.
func (s *Server) Serve(l net.Listener) error {
	return s.ssh.Serve(l)
}

// Shutdown stops accepting connections, tells every session the server is
// going away (a line on its screen), waits for them to close, and closes
// what is left when ctx ends.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.closing = true
	open := make([]*session, 0, len(s.sessions))
	for st := range s.sessions {
		open = append(open, st)
	}
	s.mu.Unlock()

	// ssh.Server.Shutdown closes the listeners at once, then waits for the
	// connections, which the sessions' ends (or Close below) release.
	shut := make(chan error, 1)
	go func() { shut <- s.ssh.Shutdown(ctx) }()
	for _, st := range open {
		st.end("The server is shutting down.")
	}

	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
	}
	// Clients may keep an idle connection open after their session ended.
	closeErr := s.ssh.Close()
	if err := <-shut; err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return closeErr
}

// Sessions is how many sessions are open now.
func (s *Server) Sessions() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sessions)
}

// guardConn admits a connection (conns.go): the oldest connection waiting
// to log in may be pushed out for it; it must log in within
// HandshakeTimeout, open a session within SessionGrace of logging in (or
// of its last session), and its writes time out after WriteTimeout.
func (s *Server) guardConn(ctx ssh.Context, nc net.Conn) net.Conn {
	c, victim, why, ok := s.admitConn(ctx, nc)
	if !ok {
		s.log.Warn("connection refused: every connection holds a session", "addr", nc.RemoteAddr())
		return nil
	}
	if victim != nil {
		s.log.Warn("connection pushed out", "addr", victim.nc.RemoteAddr(), "for", nc.RemoteAddr(), "why", why)
		_ = victim.nc.Close()
	}
	g := &writeGuard{Conn: nc, timeout: s.cfg.WriteTimeout, release: func() { s.dropConn(c) }}
	c.nc = g
	ctx.SetValue(connKey{}, c)
	s.mu.Lock()
	c.handsUp = time.AfterFunc(s.cfg.HandshakeTimeout, func() {
		if !c.loggedIn() {
			s.log.Warn("connection closed: no login in time", "addr", nc.RemoteAddr(), "after", s.cfg.HandshakeTimeout)
			_ = g.Close()
		}
	})
	c.noSess = time.AfterFunc(s.cfg.SessionGrace, func() { s.noSessionYet(c) })
	s.mu.Unlock()
	return g
}

func (s *Server) checkKey(ctx ssh.Context, key ssh.PublicKey) bool {
	if s.keys == nil {
		return true // demo: any key; each session gets its own workspace
	}
	ok, by, err := s.keys.allows(key)
	if ok {
		ctx.SetValue(authorKey{}, by)
	}
	if err != nil {
		s.log.Error("cannot read the authorized keys; refusing every key until it is fixed", "error", err)
	}
	if !ok {
		s.log.Info("key refused", "user", ctx.User(), "key", gossh.FingerprintSHA256(key), "addr", ctx.RemoteAddr())
	}
	return ok
}

// authorKey holds, in the connection's context, the author its key's
// authorized_keys line names.
type authorKey struct{}

// Author is the person behind the session's key ("" for none, or in the
// demo, where any key is let in).
func Author(sess ssh.Session) string {
	by, _ := sess.Context().Value(authorKey{}).(string)
	return by
}

// sessionOf finds the server's record of sess. It is kept by session, not
// in sess.Context(): that context belongs to the connection, which can carry
// several sessions.
func (s *Server) sessionOf(sess ssh.Session) *session {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.records[sess]
}

// track logs the session's start and end, recovers a panic in its handler,
// and tells the visitor why the session ended.
func (s *Server) track(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		st := newSession(sess, s.log, s.cfg.Grace)
		c := connOf(sess)
		st.hardClose = func() {
			// The seat is free now, whatever the session's goroutines
			// are stuck on; closing the connection unblocks them.
			s.release(sess, st)
			if c != nil {
				_ = c.nc.Close()
			} else {
				_ = sess.Close()
			}
		}
		if c != nil {
			s.sessionOpened(c)
			defer s.sessionClosed(c)
		}
		s.mu.Lock()
		s.records[sess] = st
		s.mu.Unlock()
		pty, _, hasPty := sess.Pty()
		s.log.Info("connect", "session", st.id, "user", st.user, "key", st.fingerprint, "addr", st.addr,
			"pty", hasPty, "term", pty.Term, "width", pty.Window.Width, "height", pty.Window.Height)
		// The idle and length limits run from the connection on, not from
		// when the editor is up: a client that never answers the start-up
		// queries must not keep its seat.
		go st.watch(st.ctx, s.cfg.IdleTimeout, s.cfg.MaxSession)
		defer func() {
			if r := recover(); r != nil {
				st.crash("handler", r, debug.Stack())
			}
			if hasPty {
				// charmbracelet/ssh hands each window change to a channel of
				// one; once the program is gone nobody reads it, and a client
				// still sending them (a flood) blocked the connection's
				// request loop, and the connection with it, until Shutdown.
				// The library closes the channel with the session's.
				_, winch, _ := sess.Pty()
				go func() {
					for range winch {
					}
				}()
			}
			st.stop()
			reason, code := st.outcome()
			if reason != "" {
				fmt.Fprintln(sess.Stderr(), reason)
			}
			_ = sess.Exit(code)
			_ = sess.Close()
			if st.cleanup != nil {
				st.cleanup()
			}
			s.release(sess, st)
			s.log.Info("disconnect", "session", st.id, "user", st.user, "key", st.fingerprint, "addr", st.addr,
				"duration", time.Since(st.start).Round(time.Millisecond), "reason", reason)
		}()
		next(sess)
	}
}

// admit applies --max-sessions and refuses new sessions during shutdown.
func (s *Server) admit(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		st := s.sessionOf(sess)
		s.mu.Lock()
		switch {
		case s.closing:
			s.mu.Unlock()
			st.refuse("The server is shutting down; please try again later.")
			return
		case s.cfg.MaxSessions > 0 && len(s.sessions) >= s.cfg.MaxSessions:
			n := len(s.sessions)
			s.mu.Unlock()
			st.refuse(fmt.Sprintf("Sorry, the server is full (%d sessions, its limit). Please try again in a few minutes.", s.cfg.MaxSessions))
			s.log.Warn("session refused: server full", "session", st.id, "sessions", n)
			return
		}
		s.sessions[st] = struct{}{}
		s.wg.Add(1)
		s.mu.Unlock()
		next(sess) // track releases the seat once the visitor has been told goodbye
	}
}

// release forgets a session and gives up its seat if it had one.
func (s *Server) release(sess ssh.Session, st *session) {
	s.mu.Lock()
	_, ok := s.sessions[st]
	delete(s.sessions, st)
	delete(s.records, sess)
	s.mu.Unlock()
	if ok {
		s.wg.Done()
	}
}

// requireTerminal closes sessions without a PTY with a one-line reason: the
// editor is full-screen and cannot run over a plain pipe.
func (s *Server) requireTerminal(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if _, _, ok := sess.Pty(); !ok {
			s.sessionOf(sess).refuse("campaigns is a full-screen editor and needs a terminal: connect with ssh -t, without a command.")
			return
		}
		next(sess)
	}
}

// newProgram builds the session's program: its model from cfg.App with the
// session's renderer, the guards, and the session's limits.
func (s *Server) newProgram(sess ssh.Session) *tea.Program {
	st := s.sessionOf(sess)
	r, termOpts := s.startTerminal(sess, st)
	if st.isEnding() {
		return nil // a limit or the shutdown came first; track says why
	}
	m, cleanup, err := s.cfg.App(sess, r)
	st.cleanup = cleanup
	if err != nil {
		s.log.Error("cannot open the editor for a session", "session", st.id, "error", err)
		st.refuse("Sorry, the editor could not start: " + err.Error())
		return nil // the middleware then skips the program
	}
	opts := append([]tea.ProgramOption{
		tea.WithAltScreen(),
		tea.WithFilter(st.filter),
		// Signals are the server's: SIGINT must not quit one session's
		// program behind Shutdown's back.
		tea.WithoutSignalHandler(),
	}, termOpts...)
	pty, _, _ := sess.Pty()
	p := tea.NewProgram(newFrame(m, st, r, pty.Window.Width, pty.Window.Height), opts...)
	st.setProgram(p)
	return p
}

// startTerminal makes the session's renderer and the program's input and
// output. On the emulated PTY (the server's: it runs no process) the
// background query is bounded and the input goes through a pump (query.go);
// an allocated PTY is a file, whose reads wish can cancel.
func (s *Server) startTerminal(sess ssh.Session, st *session) (*common.Renderer, []tea.ProgramOption) {
	pty, _, _ := sess.Pty()
	if !sess.EmulatedPty() && pty.Slave != nil {
		return bm.MakeRenderer(sess), bm.MakeOptions(sess)
	}
	pump := newInputPump(sess)
	st.setInput(pump)
	dark := true
	if pty.Term != "" && pty.Term != "dumb" && !st.isEnding() {
		var answered bool
		start := time.Now()
		dark, answered = queryBackground(pump, sess, s.cfg.QueryTimeout)
		if !answered {
			s.log.Debug("the terminal did not say its background; taking it as dark", "session", st.id, "waited", time.Since(start).Round(time.Millisecond))
		}
	}
	out := &outputGuard{w: sess, timeout: s.cfg.WriteTimeout, stalled: func() {
		s.log.Warn("session closed: the client stopped reading", "session", st.id, "addr", st.addr, "after", s.cfg.WriteTimeout)
		st.abandon("The client stopped reading the screen.")
	}}
	return sessionRenderer(sess, pty.Term, dark), []tea.ProgramOption{tea.WithInput(pump), tea.WithOutput(out)}
}
