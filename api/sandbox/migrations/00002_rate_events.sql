-- Rolling-window rate limits shared by every instance: one row per counted
-- request, per bucket (workspace, hashed API key, route class). A check
-- holds the bucket's advisory lock for its transaction (ratelimit_pg.go),
-- so that instances count in turn and the limit is exact at every edge.

-- +goose Up
CREATE TABLE rate_events (
	id     bigserial PRIMARY KEY,
	bucket text   NOT NULL,
	at     bigint NOT NULL -- unix microseconds, UTC
);
CREATE INDEX rate_events_bucket ON rate_events (bucket, at);

-- +goose Down
DROP TABLE rate_events;
