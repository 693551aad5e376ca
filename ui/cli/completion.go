package cli

// Shell completion of campaign ids (get, meta, publish, status, test): the
// ids come from the service, read by a detached campaigns process and kept a
// short while in the user's cache, so that a tab press never waits on the
// service and a burst of them asks it once.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
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
	if err := s.flags.check(); err != nil {
		return nil
	}
	key := s.flags.cacheKey()
	cached, _ := readIDCache(key)
	if cached != nil && time.Since(cached.At) < idCacheTTL {
		return cached.IDs
	}
	s.app.startRefresh(key, s.flags.args())
	if cached != nil {
		return cached.IDs
	}
	tick := time.NewTicker(idPoll)
	defer tick.Stop()
	for {
		if c, err := readIDCache(key); err == nil {
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
func (app *appContext) startRefresh(key string, flags []string) {
	mark := idCachePath(key) + ".reading"
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
	if app.spawnRefresh(flags) != nil {
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
		writeIDCache(key, &idCache{At: time.Now(), IDs: ids})
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
			out = append(out, idEntry{ID: id, Desc: strings.Join(strings.Fields(printable(name+" ("+model.Str(c.Status)+")")), " ")})
		}
		if len(res.Campaigns) < 15 {
			break
		}
	}
	return out, nil
}

// args are the service flags as given, for a process that must select the
// same service.
func (f *serviceFlags) args() []string {
	var out []string
	add := func(name, v string) {
		if v != "" {
			out = append(out, "--"+name, v)
		}
	}
	add("base-url", f.baseURL)
	add("dc", f.dc.value)
	add("workspace-id", f.workspaceID)
	add("profile", f.profile)
	add("data", f.data.path)
	return out
}

// spawnRefresh starts `campaigns __refresh-ids FLAGS` detached.
func (app *appContext) spawnRefresh(flags []string) error {
	args := append([]string{refreshIDsCmd}, flags...)
	if app.spawn != nil {
		return app.spawn(args)
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
func newRefreshIDsCmd(app *appContext) *cobra.Command {
	cmd := &cobra.Command{Use: refreshIDsCmd, Hidden: true, Args: noArgs}
	s := newScriptCmd(app, cmd)
	cmd.RunE = func(cmd *cobra.Command, _ []string) error {
		if err := s.flags.check(); err != nil {
			return err
		}
		ctx, cancel := context.WithTimeout(cmd.Context(), idRefreshBudget)
		defer cancel()
		key := s.flags.cacheKey()
		defer os.Remove(idCachePath(key) + ".reading") // the next stale press may start another
		s.refreshIDs(ctx, key)
		return nil
	}
	return cmd
}

// cacheKey names the service the flags select, for the id cache.
func (f *serviceFlags) cacheKey() string {
	parts := []string{f.baseURL, f.dc.value, f.workspaceID, f.profile, f.dataDir()}
	for _, e := range serviceEnv { // a service named by the environment
		parts = append(parts, f.app.Getenv(e.env))
	}
	k := strings.Join(parts, "\x00")
	sum := sha256.Sum256([]byte(k))
	return hex.EncodeToString(sum[:8])
}

func idCachePath(key string) string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "campaigns", "ids-"+key+".json")
}

func readIDCache(key string) (*idCache, error) {
	b, err := os.ReadFile(idCachePath(key))
	if err != nil {
		return nil, err
	}
	var c idCache
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, err
	}
	return &c, nil
}

func writeIDCache(key string, c *idCache) {
	p := idCachePath(key)
	if os.MkdirAll(filepath.Dir(p), 0o700) != nil {
		return
	}
	b, _ := json.Marshal(c)
	tmp := p + ".tmp"
	if os.WriteFile(tmp, b, 0o600) == nil {
		_ = os.Rename(tmp, p)
	}
}
