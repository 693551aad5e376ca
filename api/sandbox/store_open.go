package sandbox

import (
	"fmt"
	"os"
	"strings"

	"github.com/google/uuid"
)

// openStore opens the configured database and the rate limits that go with
// it. Each per-process shortcut of the server is safe on PostgreSQL, where
// several instances share the database, for its own reason:
//   - rate limits: counted in the database (pgLimits), not in memory;
//   - the write cache (writecache.go) is off: it lets edits of one campaign
//     queue behind each other for one group commit, which PostgreSQL does
//     not have, and another instance's write would make its entries stale;
//   - the per-campaign locks (lockCampaign) only keep this process's writers
//     in line; across instances every write checks the revision it read in
//     the statement that writes (store_rows.go), and a loser starts over;
//   - the idempotency keys in flight (idemState.inFlight) only answer 409
//     early within one process; across instances the idem table's unique
//     scope makes the second answer wait for the first and replay it;
//   - the per-workspace sizes of stored answers (idemState.used) only say
//     when to trim; the trim reads the true sizes in its transaction, and
//     the scheduler reloads them from the database every minute;
//   - reachability counts (reachCache) are a pure function of the campaign
//     document and the demo users, which every instance builds alike
//     (audience.Demo), cached for ReachTTL as the spec allows;
//   - the scheduler runs in every instance: each advance is a revision-
//     checked write, so only one instance moves a campaign on.
func openStore(cfg Config) (Store, rateLimits, error) {
	if cfg.DB == "" {
		st, err := openSQLite(cfg.DataDir)
		return st, newLimiter(), err
	}
	if !IsDatabaseURL(cfg.DB) {
		return nil, nil, fmt.Errorf("sandbox: --db wants a postgres:// URL, not %q", redactDB(cfg.DB))
	}
	st, err := openPG(cfg.DB, cfg.DBTimeout)
	if err != nil {
		return nil, nil, err
	}
	return st, pgLimits{st}, nil
}

// redactDB hides whatever could be a password in a --db value.
func redactDB(v string) string {
	if at := strings.LastIndex(v, "@"); at >= 0 {
		return "…" + v[at:]
	}
	return v
}

// newInstanceID names a process of a team sandbox in its logs.
func newInstanceID() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s-%d-%s", host, os.Getpid(), uuid.NewString()[:4])
}
