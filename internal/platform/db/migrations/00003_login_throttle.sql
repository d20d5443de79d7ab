-- +goose Up
-- Sign-in throttling with progressive delays instead of a fixed-window lockout (see internal/auth/ratelimit.go).
-- Counters are ephemeral, so the old fixed-window table is replaced rather than converted: an upgrade forgets at most
-- fifteen minutes of failures.
DROP TABLE sf_login_attempt;

-- One row per throttled key: "u:<sha256 of username>" (failures from sources unknown for that username),
-- "a:<client address>" (failures from one address on usernames it is unknown for), "s:<sha256 of user id and known
-- source>" (failures from one known device or address on its user). failures counts consecutive failures, and also
-- attempts in flight: an attempt is counted before its password is checked and given back if it succeeds.
-- last_failure_at (epoch ms) dates the last counted attempt; the delay runs from it, and the row is forgotten when it
-- is old enough.
CREATE TABLE sf_login_attempt (
    bucket          TEXT PRIMARY KEY,
    failures        BIGINT NOT NULL,
    last_failure_at BIGINT NOT NULL
);
CREATE INDEX ix_sf_login_attempt_last ON sf_login_attempt (last_failure_at);

-- Sources a user has signed in from successfully: "d:<sha256 of the sf_device cookie>" (a browser) or
-- "a:<client address>" (any client, API scripts included). A known source is throttled on its own counter, so
-- failures from anywhere else can never slow the user down there.
CREATE TABLE sf_login_known (
    user_id         TEXT NOT NULL,
    source          TEXT NOT NULL,
    last_success_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, source)
);
CREATE INDEX ix_sf_login_known_last ON sf_login_known (last_success_at);

-- +goose Down
DROP TABLE sf_login_known;
DROP TABLE sf_login_attempt;
CREATE TABLE sf_login_attempt (
    bucket       TEXT PRIMARY KEY,
    window_start BIGINT NOT NULL,
    attempts     BIGINT NOT NULL
);
