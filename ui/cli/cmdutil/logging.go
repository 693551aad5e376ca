package cmdutil

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/charmbracelet/log"
)

// debugLogName is the file --debug writes to, in the state directory.
const debugLogName = "debug.log"

// EditorLogName is the editor's own log (tea.LogToFile) with --debug.
const EditorLogName = "editor.log"

// StateDir is $XDG_STATE_HOME/campaigns, else ~/.local/state/campaigns.
func StateDir(getenv func(string) string) string {
	if d := getenv("XDG_STATE_HOME"); d != "" {
		return filepath.Join(d, "campaigns")
	}
	return filepath.Join(HomeDir(getenv), ".local", "state", "campaigns")
}

// DebugLogPath is the file --debug writes to.
func DebugLogPath(getenv func(string) string) string {
	return filepath.Join(StateDir(getenv), debugLogName)
}

// HomeDir is $HOME, else the user's home directory.
func HomeDir(getenv func(string) string) string {
	if h := getenv("HOME"); h != "" {
		return h
	}
	h, _ := os.UserHomeDir()
	return h
}

// StartLogging builds the program's logger: charmbracelet/log as the
// log/slog handler, to stderr; with --debug also to the debug log, where the
// HTTP trace goes too.
func (f *Factory) StartLogging() error {
	out := f.ErrOut
	if f.Debug && f.debugFile == nil {
		path := DebugLogPath(f.Getenv)
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return UsageError("--debug: %v", err)
		}
		file, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
		if err != nil {
			return UsageError("--debug: %v", err)
		}
		f.debugFile = file
		fmt.Fprintf(file, "\n--- campaigns %s, %s ---\n", f.Version, time.Now().Format(time.RFC3339))
		out = io.MultiWriter(f.ErrOut, file)
		trace := log.NewWithOptions(file, log.Options{ReportTimestamp: true, TimeFormat: time.RFC3339Nano, Level: log.DebugLevel, Prefix: "http"})
		f.Trace = slog.New(trace)
	}
	f.logger = log.NewWithOptions(out, log.Options{ReportTimestamp: true, Level: log.InfoLevel})
	if f.Debug {
		f.logger.SetLevel(log.DebugLevel)
	}
	f.Log = slog.New(f.logger)
	return nil
}

// QuietStderr keeps log lines off the terminal (the editor owns the screen):
// they go to the debug log only, if there is one.
func (f *Factory) QuietStderr() {
	if f.debugFile != nil {
		f.logger.SetOutput(f.debugFile)
	} else {
		f.logger.SetOutput(io.Discard)
	}
}

// StopLogging closes the debug log, if one is open.
func (f *Factory) StopLogging() error {
	if f.debugFile != nil {
		err := f.debugFile.Close()
		f.debugFile = nil
		return err
	}
	return nil
}

// EmbeddedLog is the logger of an in-process sandbox: its request lines are
// noise on a command's stderr, so they go to the debug log with --debug and
// nowhere otherwise; its warnings and errors still reach stderr.
func (f *Factory) EmbeddedLog() *slog.Logger {
	if f.Trace != nil {
		return f.Trace.With("component", "sandbox")
	}
	return slog.New(minLevel{slog.LevelWarn, f.Log.Handler()})
}

// minLevel drops records below min.
type minLevel struct {
	min slog.Level
	slog.Handler
}

func (m minLevel) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= m.min && m.Handler.Enabled(ctx, l)
}
func (m minLevel) WithAttrs(a []slog.Attr) slog.Handler {
	return minLevel{m.min, m.Handler.WithAttrs(a)}
}
func (m minLevel) WithGroup(n string) slog.Handler { return minLevel{m.min, m.Handler.WithGroup(n)} }
