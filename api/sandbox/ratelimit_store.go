package sandbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"
)

// rateLimits is where the rolling windows are counted: in memory for one
// process (limiter), in the database for a team sandbox (pgLimits), where
// every instance must see every other's requests.
type rateLimits interface {
	// count checks every window and, when all allow it, counts one event.
	count(ctx context.Context, key string, ws []window, now time.Time) (verdict, error)
	// uncount forgets an event counted at now (a create that failed).
	uncount(key string, now time.Time)
	// forget drops a workspace's counts.
	forget(workspace string)
}

func (l *limiter) count(_ context.Context, key string, ws []window, now time.Time) (verdict, error) {
	return l.take(key, ws, now), nil
}
func (l *limiter) uncount(key string, now time.Time) { l.giveBack(key, now) }
func (l *limiter) forget(workspace string)           { l.drop(workspace) }

// pgLimits keeps the sliding logs in the rate_events table. A check takes
// the bucket's advisory lock for its transaction, so that checks of one
// bucket from any instance run one after the other: 30 requests in one
// second over two instances let exactly 10 through. Buckets of other
// workspaces and classes never wait for each other.
type pgLimits struct{ s *pgStore }

// bucket is the key as stored: the API key itself is never written to the
// database, only a hash of it.
func (l pgLimits) bucket(key string) string {
	ws, rest, _ := strings.Cut(key, "\n")
	apiKey, class, _ := strings.Cut(rest, "\n")
	sum := sha256.Sum256([]byte(apiKey))
	return ws + "\n" + hex.EncodeToString(sum[:8]) + "\n" + class
}

func (l pgLimits) count(ctx context.Context, key string, ws []window, now time.Time) (verdict, error) {
	var v verdict
	b := l.bucket(key)
	err := l.s.Update(ctx, func(tx Tx) error {
		t := tx.(*pgTx)
		if err := t.lock("rate\n" + b); err != nil {
			return err
		}
		longest := ws[len(ws)-1].Per
		if _, err := t.execN("DELETE FROM rate_events WHERE bucket = ? AND at <= ?", b, now.Add(-longest).UnixMicro()); err != nil {
			return err
		}
		// The times inside the longest window, oldest first: what the
		// in-memory log would hold, so that the same check decides.
		times, err := collect(t, t.ctx, func(sc scanner) (time.Time, error) {
			var at int64
			err := sc.Scan(&at)
			return time.UnixMicro(at).UTC(), err
		}, "SELECT at FROM rate_events WHERE bucket = ? ORDER BY at, id", b)
		if err != nil {
			return err
		}
		lg := &slidingLog{times: times}
		v = lg.check(ws, now, true)
		if !v.ok {
			return nil
		}
		_, err = t.execN("INSERT INTO rate_events (bucket, at) VALUES (?, ?)", b, now.UnixMicro())
		return err
	})
	return v, err
}

func (l pgLimits) uncount(key string, now time.Time) {
	b := l.bucket(key)
	_ = l.s.Update(context.Background(), func(tx Tx) error {
		_, err := tx.(*pgTx).execN("DELETE FROM rate_events WHERE id = (SELECT id FROM rate_events WHERE bucket = ? AND at = ? LIMIT 1)", b, now.UnixMicro())
		return err
	})
}

// forget: DropWorkspace drops the workspace's rate_events with the rest.
func (l pgLimits) forget(string) {}
