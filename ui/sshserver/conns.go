package sshserver

import (
	"errors"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/ssh"
)

// Connections before and between sessions (OpenSSH's MaxStartups idea):
// a connection that has not logged in is cheap to make and holds nothing a
// person needs, so when there are too many the oldest such connection is
// pushed out for the new one, rather than the new one (a person, perhaps)
// refused; one address cannot hold more than MaxStartupsPerAddr of them.
// A connection that logged in but has no session (ssh -N, or a session
// that ended) is closed after SessionGrace.

// Defaults of the connection bounds.
const (
	DefaultMaxStartups        = 32
	DefaultMaxStartupsPerAddr = 8
	DefaultSessionGrace       = 10 * time.Second
	DefaultWriteTimeout       = 30 * time.Second
)

// connKey finds a connection's record in its ssh.Context.
type connKey struct{}

// conn is the server's record of one TCP connection.
type conn struct {
	nc    net.Conn // the tracked connection; Close releases it
	ctx   ssh.Context
	host  string // the remote address without its port
	start time.Time

	// under Server.mu
	open    int         // sessions open on it
	noSess  *time.Timer // closes it after SessionGrace without a session
	handsUp *time.Timer // closes it when it has not logged in in time
	closed  bool
}

func (c *conn) loggedIn() bool { return c.ctx.Value(ssh.ContextKeyConn) != nil }

// connRegistry is every open connection, oldest first.
type connRegistry struct {
	list []*conn
}

func (r *connRegistry) add(c *conn) { r.list = append(r.list, c) }

func (r *connRegistry) remove(c *conn) {
	for i, x := range r.list {
		if x == c {
			r.list = append(r.list[:i], r.list[i+1:]...)
			return
		}
	}
}

// oldestWaiting is the oldest connection that has not logged in (from
// host, when host is not ""), and how many such there are.
func (r *connRegistry) oldestWaiting(host string) (*conn, int) {
	var oldest *conn
	n := 0
	for _, c := range r.list {
		if c.closed || c.loggedIn() || (host != "" && c.host != host) {
			continue
		}
		if oldest == nil {
			oldest = c
		}
		n++
	}
	return oldest, n
}

// oldestIdle is the oldest connection without a session.
func (r *connRegistry) oldestIdle() *conn {
	for _, c := range r.list {
		if !c.closed && c.open == 0 {
			return c
		}
	}
	return nil
}

// admitConn records a new connection and picks the one it pushes out, if
// any; nil, false when the new one must be refused (every slot is held by
// a session).
func (s *Server) admitConn(ctx ssh.Context, nc net.Conn) (c *conn, victim *conn, why string, ok bool) {
	host, _, _ := net.SplitHostPort(nc.RemoteAddr().String())
	c = &conn{nc: nc, ctx: ctx, host: host, start: time.Now()}
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, n := s.conns.oldestWaiting(host); n >= s.cfg.MaxStartupsPerAddr {
		victim, why = old, "too many connections from one address waiting to log in"
	} else if old, n := s.conns.oldestWaiting(""); n >= s.cfg.MaxStartups {
		victim, why = old, "too many connections waiting to log in"
	} else if s.cfg.MaxSessions > 0 && len(s.conns.list) >= s.cfg.MaxSessions+s.cfg.MaxStartups+16 {
		if victim = s.conns.oldestIdle(); victim == nil {
			return nil, nil, "", false
		}
		why = "too many connections without a session"
	}
	if victim != nil {
		victim.closed = true
	}
	s.conns.add(c)
	return c, victim, why, true
}

// dropConn forgets a closed connection.
func (s *Server) dropConn(c *conn) {
	s.mu.Lock()
	c.closed = true
	s.conns.remove(c)
	if c.handsUp != nil {
		c.handsUp.Stop()
	}
	if c.noSess != nil {
		c.noSess.Stop()
	}
	s.mu.Unlock()
}

// sessionOpened and sessionClosed count a connection's sessions; the
// grace for a connection without one runs while it has none.
func (s *Server) sessionOpened(c *conn) {
	s.mu.Lock()
	c.open++
	if c.noSess != nil {
		c.noSess.Stop()
	}
	s.mu.Unlock()
}

func (s *Server) sessionClosed(c *conn) {
	s.mu.Lock()
	c.open--
	if c.open == 0 && !c.closed && c.noSess != nil {
		c.noSess.Reset(s.cfg.SessionGrace)
	}
	s.mu.Unlock()
}

// noSessionYet closes a logged-in connection that has no session; one not
// logged in yet is looked at again later (the handshake timeout bounds it).
func (s *Server) noSessionYet(c *conn) {
	s.mu.Lock()
	if c.closed || c.open > 0 {
		s.mu.Unlock()
		return
	}
	if !c.loggedIn() {
		c.noSess.Reset(s.cfg.SessionGrace)
		s.mu.Unlock()
		return
	}
	c.closed = true
	s.mu.Unlock()
	s.log.Warn("connection closed: logged in but no session", "addr", c.nc.RemoteAddr(), "after", s.cfg.SessionGrace)
	_ = c.nc.Close()
}

// connOf is the record of the connection a session runs on.
func connOf(sess ssh.Session) *conn {
	c, _ := sess.Context().Value(connKey{}).(*conn)
	return c
}

// writeGuard bounds every write to the connection: a client that stops
// reading (its TCP window full) fails the write after the timeout instead
// of holding the session's goroutines, and its seat, for ever.
type writeGuard struct {
	net.Conn
	timeout time.Duration
	once    sync.Once
	release func()
}

func (c *writeGuard) Write(p []byte) (int, error) {
	_ = c.Conn.SetWriteDeadline(time.Now().Add(c.timeout))
	return c.Conn.Write(p)
}

func (c *writeGuard) Close() error {
	c.once.Do(c.release)
	return c.Conn.Close()
}

// outputGuard is a session's screen output: a write the client does not
// take within timeout (its SSH window stays full: it stopped reading) calls
// stalled once and fails, as do all later writes, so that the program's
// loop, and everything queued behind it (window-change requests, the
// connection's reader), can go on and end.
type outputGuard struct {
	w       io.Writer
	timeout time.Duration
	stalled func()

	mu   sync.Mutex // one write at a time, in order
	dead atomic.Bool
}

var errStalled = errors.New("sshserver: the client stopped reading")

func (g *outputGuard) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.dead.Load() {
		return 0, errStalled
	}
	type result struct {
		n   int
		err error
	}
	done := make(chan result, 1)
	go func() {
		n, err := g.w.Write(p)
		done <- result{n, err}
	}()
	t := time.NewTimer(g.timeout)
	defer t.Stop()
	select {
	case r := <-done:
		return r.n, r.err
	case <-t.C:
		g.dead.Store(true)
		go g.stalled()
		return 0, errStalled
	}
}
