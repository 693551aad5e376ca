// Package listen is what the two servers of the command line (serve, ssh)
// share: checking where they listen before anything starts, and running
// until a signal asks them to stop.
package listen

import (
	"context"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// CheckAddr refuses a listen address that is not HOST:PORT before anything
// starts (a usage mistake: exit 2).
func CheckAddr(addr string) error {
	if _, port, err := net.SplitHostPort(addr); err != nil || port == "" {
		return cmdutil.UsageError("--addr %q: want HOST:PORT, e.g. 127.0.0.1:8787", addr)
	}
	return nil
}

// UntilSignal runs serve until it fails or SIGINT or SIGTERM arrives; then
// it calls shutdown (a second Ctrl-C ends the process at once) and waits
// for serve to return. ready runs
// once the signals are caught: whoever waits for what it prints may signal
// at once. A failure of serve is the error returned.
func UntilSignal(ready func(), serve func() error, shutdown func()) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ready()
	served := make(chan error, 1)
	go func() { served <- serve() }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	stop()
	shutdown()
	<-served
	return nil
}
