package cli

// Shell completion of campaign ids (get, meta, publish, status, test): the
// ids come from the service, kept a short while in the user's cache so that
// a burst of tab presses asks the service once.

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
	// idReadBudget bounds the wait for the service on a tab press: past it
	// the ids read before (however old) are offered, or none.
	idReadBudget = 2 * time.Second
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
	ctx, cancel := context.WithTimeout(cmd.Context(), idReadBudget)
	defer cancel()
	var out []string
	for _, e := range s.campaignIDs(ctx) {
		if strings.HasPrefix(e.ID, prefix) {
			out = append(out, e.ID+"\t"+e.Desc)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// campaignIDs reads the ids from the cache while fresh, else from the
// service (and caches them); an unreachable service falls back on the
// cache whatever its age.
func (s *scriptCmd) campaignIDs(ctx context.Context) []idEntry {
	if err := s.flags.Check(); err != nil {
		return nil
	}
	key := s.flags.CacheKey()
	cached, _ := readIDCache(s.app.Getenv, key)
	switch {
	case cached != nil && time.Since(cached.At) < idCacheTTL:
		return cached.IDs
	case cached != nil && spawnRefresh(s.app, s.flags.Args()) == nil:
		// Stale: offered at once while a detached campaigns process reads
		// them again for the next tab press.
		return cached.IDs
	}
	return s.refreshIDs(ctx, key, cached)
}

// refreshIDs reads the ids from the service and caches them; on failure the
// cached ones (however old) are kept.
func (s *scriptCmd) refreshIDs(ctx context.Context, key string, cached *idCache) []idEntry {
	done, err := s.open(ctx)
	defer done()
	var ids []idEntry
	if err == nil {
		ids, err = s.readIDs(ctx)
	}
	if err != nil {
		if cached != nil {
			return cached.IDs
		}
		return nil
	}
	writeIDCache(s.app.Getenv, key, &idCache{At: time.Now(), IDs: ids})
	return ids
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

// newRefreshIDsCmd is the hidden command a stale completion starts in the
// background: it reads the ids of the service its flags select into the
// cache, within the same budget as a tab press.
func newRefreshIDsCmd(app *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{Use: refreshIDsCmd, Hidden: true, Args: cmdutil.NoArgs}
	s := newScriptCmd(app, cmd)
	cmd.RunE = func(cmd *cobra.Command, _ []string) error {
		if err := s.flags.Check(); err != nil {
			return err
		}
		ctx, cancel := context.WithTimeout(cmd.Context(), 10*idReadBudget)
		defer cancel()
		key := s.flags.CacheKey()
		cached, _ := readIDCache(app.Getenv, key)
		s.refreshIDs(ctx, key, cached)
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
