-- The sandbox's tables on PostgreSQL: the same rows as the SQLite store
-- (store_sqlite.go), times as unix microseconds (UTC) so that both stores
-- read and write them alike.

-- +goose Up
CREATE TABLE campaigns (
	workspace     text     NOT NULL,
	id            text     NOT NULL,
	campaign_id   text     NOT NULL,
	version       bigint   NOT NULL,
	latest        smallint NOT NULL,
	status        text     NOT NULL,
	channel       text     NOT NULL,
	delivery_type text     NOT NULL,
	name_lower    text     NOT NULL,
	created_by    text     NOT NULL,
	parent_id     text     NOT NULL DEFAULT '',
	flow_id       text     NOT NULL DEFAULT '',
	created_at    bigint   NOT NULL,
	updated_at    bigint   NOT NULL,
	next_at       bigint,
	doc           bytea    NOT NULL,
	tags          text     NOT NULL DEFAULT '',
	rev           bigint   NOT NULL DEFAULT 0,
	PRIMARY KEY (workspace, id)
);
-- One newest version per campaign, whichever instance writes it.
CREATE UNIQUE INDEX campaigns_newest ON campaigns (workspace, campaign_id) WHERE latest = 1;
CREATE INDEX campaigns_cid     ON campaigns (workspace, campaign_id, version);
CREATE INDEX campaigns_status  ON campaigns (workspace, status, created_at);
CREATE INDEX campaigns_channel ON campaigns (workspace, channel, created_at);
CREATE INDEX campaigns_type    ON campaigns (workspace, delivery_type, created_at);
CREATE INDEX campaigns_creator ON campaigns (workspace, created_by, created_at);
CREATE INDEX campaigns_created ON campaigns (workspace, created_at);
CREATE INDEX campaigns_version ON campaigns (workspace, version);
CREATE INDEX campaigns_parent  ON campaigns (workspace, parent_id);
CREATE INDEX campaigns_due     ON campaigns (next_at) WHERE next_at IS NOT NULL AND latest = 1;

CREATE TABLE campaign_tags (
	workspace text NOT NULL,
	id        text NOT NULL,
	tag       text NOT NULL,
	PRIMARY KEY (workspace, tag, id)
);
CREATE INDEX campaign_tags_id ON campaign_tags (workspace, id);

CREATE TABLE create_requests (
	workspace  text   NOT NULL,
	request_id text   NOT NULL,
	until      bigint NOT NULL,
	PRIMARY KEY (workspace, request_id)
);

-- Stored answers of Idempotency-Keys, written in the transaction of the
-- write they answer; the unique scope makes a second instance's answer for
-- the same key wait for the first and then fail (errIdemTaken).
CREATE TABLE idem (
	id        bigserial PRIMARY KEY,
	scope     text     NOT NULL UNIQUE,
	workspace text     NOT NULL,
	body_hash text     NOT NULL,
	status    integer  NOT NULL,
	header    text     NOT NULL DEFAULT '',
	body      bytea,
	dropped   boolean  NOT NULL DEFAULT false,
	size      bigint   NOT NULL,
	created   bigint   NOT NULL
);
CREATE INDEX idem_created ON idem (created);
CREATE INDEX idem_kept    ON idem (workspace, created) WHERE NOT dropped;

CREATE TABLE outbox (
	seq       bigserial PRIMARY KEY,
	workspace text   NOT NULL,
	at        bigint NOT NULL,
	msg       bytea  NOT NULL
);
CREATE INDEX outbox_ws ON outbox (workspace, seq);

CREATE TABLE seeded (workspace text PRIMARY KEY);

-- +goose Down
DROP TABLE seeded;
DROP TABLE outbox;
DROP TABLE idem;
DROP TABLE create_requests;
DROP TABLE campaign_tags;
DROP TABLE campaigns;
