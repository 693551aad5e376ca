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

// editorLogName is the editor's own log (tea.LogToFile) with --debug.
const EditorLogName = "editor.log"

// stateDir is $XDG_STATE_HOME/campaigns, else ~/.local/state/campaigns.
func StateDir(getenv func(string) string) string {
	if d := getenv("XDG_STATE_HOME"); d != "" {
		return filepath.Join(d, "campaigns")
	}
	return filepath.Join(HomeDir(getenv), ".local", "state", "campaigns")
}

func DebugLogPath(getenv func(string) string) string {
	return filepath.Join(StateDir(getenv), debugLogName)
}

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

func (app *Factory) StartLogging() error {
	out := app.ErrOut
	if app.Debug && app.debugFile == nil {
		path := DebugLogPath(app.Getenv)
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return UsageError("--debug: %v", err)
		}
		f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
		if err != nil {
			return UsageError("--debug: %v", err)
		}
		app.debugFile = f
		fmt.Fprintf(f, "\n--- campaigns %s, %s ---\n", app.Version, time.Now().Format(time.RFC3339))
		out = io.MultiWriter(app.ErrOut, f)
		trace := log.NewWithOptions(f, log.Options{ReportTimestamp: true, TimeFormat: time.RFC3339Nano, Level: log.DebugLevel, Prefix: "http"})
		app.Trace = slog.New(trace)
	}
	app.logger = log.NewWithOptions(out, log.Options{ReportTimestamp: true, Level: log.InfoLevel})
	if app.Debug {
		app.logger.SetLevel(log.DebugLevel)
	}
	app.Log = slog.New(app.logger)
	return nil
}

// QuietStderr keeps log lines off the terminal (the editor owns the screen):
// they go to the debug log only, if there is one.
func (app *Factory) QuietStderr() {
	if app.debugFile != nil {
		app.logger.SetOutput(app.debugFile)
	} else {
		app.logger.SetOutput(io.Discard)
	}
}

func (app *Factory) StopLogging() error {
	if app.debugFile != nil {
		err := app.debugFile.Close()
		app.debugFile = nil
		return err
	}
	return nil
}

// EmbeddedLog is the logger of an in-process sandbox: its request lines are
// noise on a command's stderr, so they go to the debug log with --debug and
// nowhere otherwise; its warnings and errors still reach stderr.
func (app *Factory) EmbeddedLog() *slog.Logger {
	if app.Trace != nil {
		return app.Trace.With("component", "sandbox")
	}
	return slog.New(minLevel{slog.LevelWarn, app.Log.Handler()})
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
