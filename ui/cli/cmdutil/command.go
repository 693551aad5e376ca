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
	IO      *IOStreams
	Service *ServiceFlags
	Output  *OutputFlags
	ID      string
}

// AddRecord sets cmd up to read one campaign: the service flags, the output
// flags of one record, and the ID as the one argument (--json FIELDS may
// follow it), completed from the service.
func AddRecord(f *Factory, cmd *cobra.Command) Record {
	r := Record{IO: f.IOStreams, Service: AddServiceFlags(cmd, f), Output: AddOutputFlags(cmd, "record")}
	cmd.ValidArgsFunction = f.CompleteIDs(r.Service)
	cmd.Args = r.Output.AdoptFields(ExactArgs(1, "one campaign ID"), 1)
	return r
}

// Check refuses output flags that cannot work (a --jq that does not
// compile) and takes the ID: RunE's check.
func (r *Record) Check(args []string) error {
	if err := r.Output.Check(); err != nil {
		return err
	}
	r.ID = args[0]
	return nil
}
