package serve

import (
	"fmt"

	"github.com/charmbracelet/log"
	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

const teamLong = `

A team sandbox: with --db postgres://USER:PASSWORD@HOST:5432/DB (or
CAMPAIGNS_DB) the data lives in PostgreSQL instead, and any number of serve
processes on that database answer as one service (put them behind any TCP
load balancer). The schema is created and upgraded on start; --migrate-only
does only that and exits, for deploy pipelines. GET /healthz answers while the
process runs, GET /readyz while its database answers at the current schema
(both without credentials).`

// teamFlags are serve's flags for a team sandbox on PostgreSQL.
type teamFlags struct {
	db          string
	migrateOnly bool
	instance    string
	logJSON     bool
}

func addTeamFlags(cmd *cobra.Command) *teamFlags {
	f := &teamFlags{}
	fs := cmd.Flags()
	// No default from CAMPAIGNS_DB here: --help would print its password.
	fs.StringVar(&f.db, "db", "", "a PostgreSQL database that several instances share,\npostgres://USER:PASSWORD@HOST:5432/DB (or set CAMPAIGNS_DB); default: SQLite in --data")
	fs.BoolVar(&f.migrateOnly, "migrate-only", false, "with --db: bring the database's schema up to date and exit")
	fs.StringVar(&f.instance, "instance", "", "this instance's name in the logs of a team sandbox (default HOST-PID-RANDOM)")
	fs.BoolVar(&f.logJSON, "log-json", false, "log one JSON object per line (for a log collector)")
	cmd.MarkFlagsMutuallyExclusive("db", "data")
	return f
}

// apply puts the flags into cfg; --db wins over CAMPAIGNS_DB.
func (t *teamFlags) apply(f *cmdutil.Factory, cfg *sandbox.Config) error {
	if t.db == "" {
		t.db = f.Getenv("CAMPAIGNS_DB")
	}
	if t.db != "" && !sandbox.IsDatabaseURL(t.db) {
		return cmdutil.UsageError("--db: want postgres://USER:PASSWORD@HOST:5432/DB")
	}
	if t.migrateOnly && t.db == "" {
		return cmdutil.UsageError("--migrate-only needs --db (or CAMPAIGNS_DB): SQLite migrates itself")
	}
	if t.logJSON {
		f.Logger().SetFormatter(log.JSONFormatter)
	}
	cfg.DB, cfg.Instance = t.db, t.instance
	return nil
}

// migrate applies the migrations and says where and to which version.
func migrate(opts *ServeOptions) error {
	where, version, err := sandbox.MigrateDatabase(opts.Config.DB)
	if err != nil {
		return cmdutil.FailError("%v", err)
	}
	fmt.Fprintf(opts.IO.Out, "database %s: schema at version %d\n", where, version)
	return nil
}
