package sshserver

import (
	"bytes"
	"io"
	"regexp"
	"strconv"
	"sync"
	"time"

	"github.com/charmbracelet/ssh"
	"github.com/muesli/termenv"

	"github.com/campaigns-cli/campaigns/ui/common"
)

// Start-up without waiting on the client.
//
// wish asks a new session's terminal for its background colour and device
// attributes and reads the answers from the session with x/input. On an
// SSH channel (not a file) that read cannot be cancelled, so a client that
// never answers kept the handler waiting forever, before the idle and
// session timers had started: --max-sessions silent clients locked everyone
// out. A reply split across two reads could also fail to parse as a device
// attributes answer, and the session then waited the same way with nothing
// drawn (7 of 200 back-to-back sessions in the old test).
//
// Here the session's input is read by one pump for the session's whole
// life. The query waits at most Config.QueryTimeout for the answers, searching
// everything received so far (so a split reply is still found), and hands
// whatever else arrived (early key presses) on to the program. Without an
// answer the background is taken as dark.
const DefaultQueryTimeout = 2 * time.Second

// inputPump reads the session's input in one goroutine and serves it to
// the start-up query and then to the program.
type inputPump struct {
	ch   chan []byte
	done chan struct{}
	once sync.Once

	mu      sync.Mutex
	pending []byte // read but not yet consumed
	eof     bool
}

func newInputPump(r io.Reader) *inputPump {
	p := &inputPump{ch: make(chan []byte), done: make(chan struct{})}
	go func() {
		defer close(p.ch)
		buf := make([]byte, 4096)
		for {
			n, err := r.Read(buf)
			if n > 0 {
				chunk := append([]byte(nil), buf[:n]...)
				select {
				case p.ch <- chunk:
				case <-p.done:
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
	return p
}

// Read serves bytes pushed back by the query first, then the session's.
// It returns io.EOF once the session's input has ended or Close was called.
func (p *inputPump) Read(b []byte) (int, error) {
	p.mu.Lock()
	if len(p.pending) > 0 {
		n := copy(b, p.pending)
		p.pending = p.pending[n:]
		p.mu.Unlock()
		return n, nil
	}
	p.mu.Unlock()
	select {
	case chunk, ok := <-p.ch:
		if !ok {
			return 0, io.EOF
		}
		// An answer that came after the query gave up is not typing.
		chunk = da1Reply.ReplaceAll(bgReply.ReplaceAll(chunk, nil), nil)
		if len(chunk) == 0 {
			return p.Read(b)
		}
		n := copy(b, chunk)
		if n < len(chunk) {
			p.mu.Lock()
			p.pending = append(p.pending, chunk[n:]...)
			p.mu.Unlock()
		}
		return n, nil
	case <-p.done:
		return 0, io.EOF
	}
}

// Close ends pending and future reads (the program has ended).
func (p *inputPump) Close() error {
	p.once.Do(func() { close(p.done) })
	return nil
}

// next waits for the next chunk until deadline; ok is false at the
// deadline or the end of input.
func (p *inputPump) next(deadline <-chan time.Time) ([]byte, bool) {
	select {
	case chunk, ok := <-p.ch:
		return chunk, ok
	case <-deadline:
		return nil, false
	case <-p.done:
		return nil, false
	}
}

// unread puts bytes back in front of the input.
func (p *inputPump) unread(b []byte) {
	if len(b) == 0 {
		return
	}
	p.mu.Lock()
	p.pending = append(append([]byte(nil), b...), p.pending...)
	p.mu.Unlock()
}

var (
	// OSC 11 answer: ESC ] 11 ; rgb:RRRR/GGGG/BBBB, ended by BEL or ST.
	bgReply = regexp.MustCompile(`\x1b\]11;rgba?:([0-9a-fA-F]{1,4})/([0-9a-fA-F]{1,4})/([0-9a-fA-F]{1,4})(?:/[0-9a-fA-F]{1,4})?(?:\x07|\x1b\\)`)
	// Primary device attributes answer: ESC [ ? … c.
	da1Reply = regexp.MustCompile(`\x1b\[\?[0-9;]*c`)
)

// queryBackground asks the terminal for its background colour and returns
// whether it is dark (true when the terminal does not answer in time).
// Bytes that are not part of the answers go back to the pump.
func queryBackground(p *inputPump, out io.Writer, timeout time.Duration) (dark, answered bool) {
	dark = true
	if _, err := io.WriteString(out, "\x1b]11;?\x07\x1b[c"); err != nil {
		return dark, false
	}
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	var got []byte
	for {
		chunk, ok := p.next(deadline.C)
		got = append(got, chunk...)
		if m := bgReply.FindSubmatchIndex(got); m != nil {
			dark = darkRGB(got[m[2]:m[3]], got[m[4]:m[5]], got[m[6]:m[7]])
			answered = true
		}
		if !ok || da1Reply.Match(got) {
			break
		}
	}
	rest := bgReply.ReplaceAll(got, nil)
	rest = da1Reply.ReplaceAll(rest, nil)
	p.unread(rest)
	return dark, answered
}

// darkRGB: perceived lightness of the colour below one half.
func darkRGB(r, g, b []byte) bool {
	c := func(h []byte) float64 {
		v, _ := strconv.ParseUint(string(h), 16, 32)
		return float64(v) / float64(uint64(1)<<(4*len(h))-1)
	}
	l := 0.2126*c(r) + 0.7152*c(g) + 0.0722*c(b)
	return l < 0.5
}

// sshEnviron is a session's environment for termenv.
type sshEnviron []string

func (e sshEnviron) Environ() []string { return e }

func (e sshEnviron) Getenv(k string) string {
	for _, v := range e {
		if bytes.HasPrefix([]byte(v), []byte(k+"=")) {
			return v[len(k)+1:]
		}
	}
	return ""
}

// sessionRenderer styles one session's output as wish would, but with the
// background decided here: never left for termenv to query lazily (that
// query would read the session's input from inside View).
func sessionRenderer(sess ssh.Session, term string, dark bool) *common.Renderer {
	var r *common.Renderer
	if term == "" || term == "dumb" {
		r = common.NewRenderer(sess, termenv.WithProfile(termenv.Ascii))
	} else {
		env := sshEnviron(append(sess.Environ(), "TERM="+term))
		r = common.NewRenderer(sess, termenv.WithEnvironment(env), termenv.WithUnsafe(), termenv.WithColorCache(true))
	}
	r.SetHasDarkBackground(dark)
	return r
}
