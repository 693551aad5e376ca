package sshserver

import (
	"fmt"
	"reflect"
	"runtime/debug"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/campaigns-cli/campaigns/ui/common"
)

// noticeMsg puts a line over the top of the screen and closes the session
// after the grace period (idle timeout, session limit, server shutdown).
type noticeMsg struct {
	text  string
	grace time.Duration
}

// closeMsg ends the program once a notice has been on screen long enough.
type closeMsg struct{}

// frame wraps one session's model. It keeps a panic inside the model (in
// Init, Update, View or a command) from reaching the server: the panic is
// logged with its stack and ends that session only. It also draws the
// server's notices.
type frame struct {
	inner   tea.Model
	sess    *session
	notice  string
	style   lipgloss.Style
	width   int
	crashed bool

	initW, initH int // the PTY's size when the session began
}

func newFrame(inner tea.Model, sess *session, r *common.Renderer, w, h int) *frame {
	return &frame{
		inner: inner,
		sess:  sess,
		style: r.NewStyle().Bold(true).Reverse(true).Padding(0, 1),
		initW: w, initH: h,
	}
}

// A PTY that reports no size (0×0, as some clients send) is taken as the
// classic 80×24, so the editor draws something instead of nothing.
const defaultWidth, defaultHeight = 80, 24

func sizeOrDefault(msg tea.WindowSizeMsg) tea.WindowSizeMsg {
	if msg.Width <= 0 {
		msg.Width = defaultWidth
	}
	if msg.Height <= 0 {
		msg.Height = defaultHeight
	}
	return msg
}

func (f *frame) Init() (cmd tea.Cmd) {
	defer f.recover("Init", func() { cmd = tea.Quit })
	// The PTY's size from the start, so the first frame never waits for
	// the window channel (the program cannot ask an SSH channel its size).
	size := sizeOrDefault(tea.WindowSizeMsg{Width: f.initW, Height: f.initH})
	return tea.Batch(func() tea.Msg { return size }, f.guardCmd(f.inner.Init()))
}

func (f *frame) Update(msg tea.Msg) (m tea.Model, cmd tea.Cmd) {
	m = f
	if f.crashed {
		return f, nil
	}
	switch msg := msg.(type) {
	case noticeMsg:
		f.notice = msg.text
		return f, tea.Tick(msg.grace, func(time.Time) tea.Msg { return closeMsg{} })
	case closeMsg:
		return f, tea.Quit
	case tea.WindowSizeMsg:
		msg = sizeOrDefault(msg)
		f.width = msg.Width
		defer f.recover("Update", func() { cmd = tea.Quit })
		next, c := f.inner.Update(msg)
		f.inner = next
		return f, f.guardCmd(c)
	}
	defer f.recover("Update", func() { cmd = tea.Quit })
	var next tea.Model
	next, cmd = f.inner.Update(msg)
	f.inner = next
	return f, f.guardCmd(cmd)
}

func (f *frame) View() (view string) {
	if f.crashed {
		return ""
	}
	// View has no way to return a command, so a panic here asks the
	// program to quit from outside the event loop.
	defer f.recover("View", func() { view = ""; go f.sess.quit() })
	view = f.inner.View()
	if f.notice == "" {
		return view
	}
	// The notice replaces the first line so the screen keeps its height.
	bar := f.style.Width(max(f.width, 0)).MaxWidth(max(f.width, 1)).Render(f.notice)
	if _, rest, ok := strings.Cut(view, "\n"); ok {
		return bar + "\n" + rest
	}
	return bar
}

// recover turns a panic of the inner model into the end of this session.
// onPanic sets the caller's results (usually to tea.Quit).
func (f *frame) recover(where string, onPanic func()) {
	r := recover()
	if r == nil {
		return
	}
	f.crashed = true
	f.sess.crash(where, r, debug.Stack())
	onPanic()
}

// guardCmd wraps a command so that a panic while it runs ends the session
// the same way. Batches and sequences are wrapped command by command.
func (f *frame) guardCmd(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() (msg tea.Msg) {
		defer func() {
			if r := recover(); r != nil {
				f.sess.crash("command", r, debug.Stack())
				msg = tea.Quit()
			}
		}()
		return f.guardMsg(cmd())
	}
}

var cmdType = reflect.TypeFor[tea.Cmd]()

// guardMsg wraps the commands inside tea.BatchMsg and tea.Sequence's
// (unexported) message: both are slices of tea.Cmd that the program runs
// itself.
func (f *frame) guardMsg(msg tea.Msg) tea.Msg {
	v := reflect.ValueOf(msg)
	if !v.IsValid() || v.Kind() != reflect.Slice || v.Type().Elem() != cmdType {
		return msg
	}
	out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
	for i := range v.Len() {
		c, _ := v.Index(i).Interface().(tea.Cmd)
		if g := f.guardCmd(c); g != nil {
			out.Index(i).Set(reflect.ValueOf(g))
		}
	}
	return out.Interface()
}

// execMsgType is the message of tea.Exec and tea.ExecProcess: running a
// process on the server for a visitor is never allowed.
var execMsgType = reflect.TypeOf(tea.ExecProcess(nil, nil)())

// filter drops what a visitor must not be able to do to the server:
// suspending it (ctrl+z, tea.Suspend) or running a process in it. It also
// notes the visitor's activity for the idle timeout.
func (s *session) filter(_ tea.Model, msg tea.Msg) tea.Msg {
	switch m := msg.(type) {
	case tea.KeyMsg:
		s.touch()
		if m.Type == tea.KeyCtrlZ {
			return nil
		}
	case tea.MouseMsg:
		s.touch()
	case tea.SuspendMsg:
		return nil
	}
	if reflect.TypeOf(msg) == execMsgType {
		s.log.Warn("dropped a request to run a process", "session", s.id)
		return nil
	}
	return msg
}

// crashText is what the visitor reads after a panic ended the session.
func crashText(id string) string {
	return fmt.Sprintf("Sorry, the editor hit an internal error and this session was closed. It has been logged (session %s).", id)
}
