package gitops

import (
	"time"

	"github.com/campaigns-cli/campaigns/api/ops"
)

// BestSchedule is the least time the service's limits allow for sending
// counts[class] requests of each class, starting together at time zero with
// no earlier requests: each class's requests go as early as every one of
// its windows lets them (request i no sooner than Per after request i−N),
// and the classes, limited apart, run side by side. It is what a run is
// measured against: no client can be faster.
func BestSchedule(limits map[ops.Class][]ops.Window, counts map[ops.Class]int) time.Duration {
	var best time.Duration
	for class, n := range counts {
		if n <= 0 {
			continue
		}
		at := make([]time.Duration, n)
		for i := range at {
			if i > 0 {
				at[i] = at[i-1]
			}
			for _, w := range limits[class] {
				if w.N > 0 && i >= w.N {
					at[i] = max(at[i], at[i-w.N]+w.Per)
				}
			}
		}
		best = max(best, at[n-1])
	}
	return best
}
