package sandbox

// The shared statements are written for SQLite; pgSQL gives PostgreSQL's
// form of each: numbered placeholders, and its own words where SQLite has
// its own (INSERT OR IGNORE / OR REPLACE, 0/1 for booleans).

import (
	"strconv"
	"strings"
	"sync"
)

// pgDialect holds the statements PostgreSQL says otherwise.
var pgDialect = map[string]string{
	sqlMarkSeeded: "INSERT INTO seeded (workspace) VALUES (?) ON CONFLICT DO NOTHING",
	sqlInsertTag:  "INSERT INTO campaign_tags (workspace, id, tag) VALUES (?,?,?) ON CONFLICT DO NOTHING",
	sqlRemember: "INSERT INTO create_requests (workspace, request_id, until) VALUES (?,?,?) " +
		"ON CONFLICT (workspace, request_id) DO UPDATE SET until = excluded.until",
	sqlPutIdem: `INSERT INTO idem (scope, workspace, body_hash, status, header, body, size, created) VALUES (?,?,?,?,?,?,?,?)
		ON CONFLICT (scope) DO UPDATE SET workspace = excluded.workspace, body_hash = excluded.body_hash, status = excluded.status,
		header = excluded.header, body = excluded.body, dropped = false, size = excluded.size, created = excluded.created WHERE idem.created < ?`,
}

var pgStatements sync.Map // SQLite text → PostgreSQL text

func pgSQL(q string) string {
	if v, ok := pgStatements.Load(q); ok {
		return v.(string)
	}
	src := q
	if d, ok := pgDialect[q]; ok {
		src = d
	}
	var b strings.Builder
	n := 0
	for _, r := range src {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	out := b.String()
	pgStatements.Store(q, out)
	return out
}
