package cli

// Shell completion of campaign ids (get, meta, publish, status, test): the
// ids come from the service, read by a detached campaigns process and kept a
// short while in the user's cache, so that a tab press never waits on the
// service and a burst of them asks it once.

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

const (
	// idCacheTTL is how long read ids are offered without asking again.
	idCacheTTL = time.Minute
	// idFirstWait bounds a tab press with nothing cached yet: it waits this
	// long for the background reader's first cache file, then offers
	// nothing (the next press finds the ids).
	idFirstWait = time.Second
	idPoll      = 20 * time.Millisecond
	// idRefreshBudget bounds the background reader; a refresh started
	// longer ago than this is taken as dead and started again.
	idRefreshBudget = 20 * time.Second
	// idPages is how many search pages (15 campaigns each) a refresh reads.
	idPages = 4
)

// idEntry is one completion: the id and, for zsh and fish, what it is.
type idEntry struct {
	ID   string `json:"id"`
	Desc string `json:"desc"`
}

type idCache struct {
	At  time.Time `json:"at"`
	IDs []idEntry `json:"ids"`
}

// completeIDs completes the first argument with campaign ids, newest
// first, each described by its name and status.
func (s *scriptCmd) completeIDs(cmd *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	ctx, cancel := context.WithTimeout(cmd.Context(), idFirstWait)
	defer cancel()
	var out []string
	for _, e := range s.campaignIDs(ctx) {
		if strings.HasPrefix(e.ID, prefix) {
			out = append(out, e.ID+"\t"+e.Desc)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeStatusArgs completes `status ID ACTION`.
func (s *scriptCmd) completeStatusArgs(cmd *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
	if len(args) == 1 {
		return []string{"pause", "resume", "stop"}, cobra.ShellCompDirectiveNoFileComp
	}
	return s.completeIDs(cmd, args, prefix)
}

// campaignIDs offers the cached ids; the completing process itself never
// reads the service. Past their minute they are offered at once while a
// detached campaigns process reads them again for the next tab press; with
// none cached it starts that reader and waits for its cache file until ctx
// ends, offering what it wrote or nothing.
func (s *scriptCmd) campaignIDs(ctx context.Context) []idEntry {
	if err := s.flags.Check(); err != nil {
		return nil
	}
	key := s.flags.CacheKey()
	cached, _ := readIDCache(s.app.Getenv, key)
	if cached != nil && time.Since(cached.At) < idCacheTTL {
		return cached.IDs
	}
	startRefresh(s.app, key, s.flags.Args())
	if cached != nil {
		return cached.IDs
	}
	tick := time.NewTicker(idPoll)
	defer tick.Stop()
	for {
		if c, err := readIDCache(s.app.Getenv, key); err == nil {
			return c.IDs
		}
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
	}
}

// startRefresh starts the background reader of the ids of the service key
// names, unless one started within its budget is still at work (a burst of
// tab presses starts one).
func startRefresh(app *cmdutil.Factory, key string, flags []string) {
	mark := idCachePath(app.Getenv, key) + ".reading"
	if os.MkdirAll(filepath.Dir(mark), 0o700) != nil {
		return
	}
	if fi, err := os.Stat(mark); err == nil && time.Since(fi.ModTime()) < idRefreshBudget {
		return
	}
	_ = os.Remove(mark) // left by a reader that died
	f, err := os.OpenFile(mark, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return // another tab press claimed it first
	}
	f.Close()
	if spawnRefresh(app, flags) != nil {
		os.Remove(mark)
	}
}

// refreshIDs reads the ids from the service into the cache (a failure
// keeps the cache as it was).
func (s *scriptCmd) refreshIDs(ctx context.Context, key string) {
	done, err := s.open(ctx)
	var ids []idEntry
	if err == nil {
		ids, err = s.readIDs(ctx)
	}
	done() // the service is closed before the cache says the read is over
	if err == nil {
		writeIDCache(s.app.Getenv, key, &idCache{At: time.Now(), IDs: ids})
	}
}

func (s *scriptCmd) readIDs(ctx context.Context) ([]idEntry, error) {
	var out []idEntry
	seen := map[string]bool{}
	for page := 1; page <= idPages; page++ {
		res, err := s.svc.Client.Search(ctx, api.SearchRequest{Limit: 15, Page: page, IncludeArchiveCampaigns: true,
			CampaignFields: &api.SearchFields{Status: model.Statuses}})
		if err != nil {
			if len(out) > 0 {
				return out, nil
			}
			return nil, err
		}
		for _, c := range res.Campaigns {
			id := model.Str(c.CampaignID)
			if id == "" || seen[id] {
				continue
			}
			seen[id] = true
			name := ""
			if c.BasicDetails != nil {
				name = model.Str(c.BasicDetails.Name)
			}
			out = append(out, idEntry{ID: id, Desc: strings.Join(strings.Fields(cmdutil.Printable(name+" ("+model.Str(c.Status)+")")), " ")})
		}
		if len(res.Campaigns) < 15 {
			break
		}
	}
	return out, nil
}

// spawnRefresh starts `campaigns __refresh-ids FLAGS` detached.
func spawnRefresh(app *cmdutil.Factory, flags []string) error {
	args := append([]string{refreshIDsCmd}, flags...)
	if app.Spawn != nil {
		return app.Spawn(args)
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.Command(exe, args...)
	cmd.SysProcAttr = detached()
	if err := cmd.Start(); err != nil {
		return err
	}
	return cmd.Process.Release()
}

const refreshIDsCmd = "__refresh-ids"

// newRefreshIDsCmd is the hidden command a completion starts in the
// background: it reads the ids of the service its flags select into the
// cache, within idRefreshBudget.
func newRefreshIDsCmd(app *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{Use: refreshIDsCmd, Hidden: true, Args: cmdutil.NoArgs}
	s := newScriptCmd(app, cmd)
	cmd.RunE = func(cmd *cobra.Command, _ []string) error {
		if err := s.flags.Check(); err != nil {
			return err
		}
		ctx, cancel := context.WithTimeout(cmd.Context(), idRefreshBudget)
		defer cancel()
		key := s.flags.CacheKey()
		defer os.Remove(idCachePath(app.Getenv, key) + ".reading") // the next stale press may start another
		s.refreshIDs(ctx, key)
		return nil
	}
	return cmd
}

// idCachePath is where the ids of the service key names are kept: the
// user's cache directory, found through getenv (XDG_CACHE_HOME, else
// ~/.cache, on the systems where os.UserCacheDir reads them).
func idCachePath(getenv func(string) string, key string) string {
	dir, err := os.UserCacheDir()
	if runtime.GOOS != "darwin" && runtime.GOOS != "windows" && runtime.GOOS != "plan9" {
		dir, err = getenv("XDG_CACHE_HOME"), nil
		if dir == "" && getenv("HOME") != "" {
			dir = filepath.Join(getenv("HOME"), ".cache")
		}
	}
	if err != nil || dir == "" {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "campaigns", "ids-"+key+".json")
}

func readIDCache(getenv func(string) string, key string) (*idCache, error) {
	b, err := os.ReadFile(idCachePath(getenv, key))
	if err != nil {
		return nil, err
	}
	var c idCache
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, err
	}
	return &c, nil
}

func writeIDCache(getenv func(string) string, key string, c *idCache) {
	p := idCachePath(getenv, key)
	if os.MkdirAll(filepath.Dir(p), 0o700) != nil {
		return
	}
	b, _ := json.Marshal(c)
	tmp := p + ".tmp"
	if os.WriteFile(tmp, b, 0o600) == nil {
		_ = os.Rename(tmp, p)
	}
}
