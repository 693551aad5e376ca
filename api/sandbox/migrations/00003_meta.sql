-- Facts every instance must agree on, set by the first one: the time the
-- demo users are built relative to (store_pg.go, usersAnchor).

-- +goose Up
CREATE TABLE sandbox_meta (
	key   text PRIMARY KEY,
	value text NOT NULL
);

-- +goose Down
DROP TABLE sandbox_meta;
