package cmdutil

import "github.com/spf13/cobra"

// RunE is the RunE of a command in the package shape (Options, NewCmd,
// run): check, when given, reads the arguments into opts and refuses a
// mistake before anything is opened; then runF runs if given (a test
// checking the options), else run.
func RunE[O any](opts *O, check func(args []string) error, runF, run func(*O) error) func(*cobra.Command, []string) error {
	return func(_ *cobra.Command, args []string) error {
		if check != nil {
			if err := check(args); err != nil {
				return err
			}
		}
		if runF != nil {
			return runF(opts)
		}
		return run(opts)
	}
}

// Record is what a command that reads one campaign by its ID is given (get,
// meta): its streams, the service and output flags, and the ID.
type Record struct {
	Campaign
	Output *OutputFlags
}

// AddRecord sets cmd up to read one campaign: the service flags, the output
// flags of one record, and the ID as the one argument (--json FIELDS may
// follow it), completed from the service.
func AddRecord(f *Factory, cmd *cobra.Command) Record {
	r := Record{Campaign: AddCampaign(f, cmd), Output: AddOutputFlags(cmd, "record")}
	cmd.Args = r.Output.AdoptFields(cmd.Args, 1)
	return r
}

// Check refuses output flags that cannot work (a --jq that does not
// compile) and takes the ID: RunE's check.
func (r *Record) Check(args []string) error {
	if err := r.Output.Check(); err != nil {
		return err
	}
	return r.TakeID(args)
}

// Doc is how a command presents itself in --help: its usage line, its
// one-line and long help, its examples. Each command declares its own, as
// a package variable beside NewCmd, so a head is the flags alone.
type Doc struct {
	Use, Short, Long, Example string
}

// Command is a command presenting itself as d says, taking args.
func (d Doc) Command(args cobra.PositionalArgs) *cobra.Command {
	return &cobra.Command{Use: d.Use, Short: d.Short, Long: d.Long, Example: d.Example, Args: args}
}

// Campaign is what a command acting on one campaign by its ID is given
// (duplicate, publish, test; get and meta through Record): its streams,
// the service flags and the ID.
type Campaign struct {
	IO      *IOStreams
	Service *ServiceFlags
	ID      string
}

// AddCampaign sets cmd up to act on one campaign: the service flags, and
// the ID as the one argument, completed from the service.
func AddCampaign(f *Factory, cmd *cobra.Command) Campaign {
	c := Campaign{IO: f.IOStreams, Service: AddServiceFlags(cmd, f)}
	cmd.ValidArgsFunction = f.CompleteIDs(c.Service)
	cmd.Args = ExactArgs(1, "one campaign ID")
	return c
}

// TakeID is RunE's check for a command on one campaign: it takes the ID.
func (c *Campaign) TakeID(args []string) error {
	c.ID = args[0]
	return nil
}
