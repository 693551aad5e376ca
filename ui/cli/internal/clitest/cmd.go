package clitest

import "testing"

// Cmd is one test of one command: the environment it runs in, the sandbox
// it talks to (nil for none), and the command.
type Cmd[O any] struct {
	*Env
	SB     *Sandbox
	newCmd NewCmd[O]
}

// Reads starts a parallel test of the command newCmd builds, talking to the
// package's shared sandbox: for a test that only reads.
func Reads[O any](t *testing.T, newCmd NewCmd[O]) *Cmd[O] {
	t.Helper()
	t.Parallel()
	return on(t, Shared(t), newCmd)
}

// Writes starts a parallel test of the command talking to a sandbox of
// its own: for a test that writes.
func Writes[O any](t *testing.T, newCmd NewCmd[O]) *Cmd[O] {
	t.Helper()
	t.Parallel()
	return on(t, NewSandbox(t), newCmd)
}

// Offline starts a parallel test of the command with no service named.
func Offline[O any](t *testing.T, newCmd NewCmd[O]) *Cmd[O] {
	t.Helper()
	t.Parallel()
	return on(t, nil, newCmd)
}

func on[O any](t *testing.T, sb *Sandbox, newCmd NewCmd[O]) *Cmd[O] {
	t.Helper()
	return &Cmd[O]{Env: New(t, sb), SB: sb, newCmd: newCmd}
}

// Exec runs the command on args, as the root would: what it did.
func (c *Cmd[O]) Exec(args ...string) Result {
	c.t.Helper()
	return c.Do(c.newCmd(c.F, nil), args...)
}

// Run is Exec as the exit code, standard output, and standard error
// followed by the error the root would print.
func (c *Cmd[O]) Run(args ...string) (code int, stdout, stderr string) {
	c.t.Helper()
	r := c.Exec(args...)
	return r.Code, r.Out, r.Err
}

// Parse runs the command on args with a runF that keeps its options
// (Parse).
func (c *Cmd[O]) Parse(args ...string) (*O, int, error) {
	c.t.Helper()
	return Parse(c.Env, c.newCmd, args...)
}

// ID is the id of the sandbox's campaign named name.
func (c *Cmd[O]) ID(name string) string {
	c.t.Helper()
	return c.SB.IDOf(c.t, name)
}
