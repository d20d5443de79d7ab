package auth

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// redisCounters keeps the counters in Redis, one hash per key ({prefix}{key} with fields f, the failures, and l,
// the last failure's Unix ms) that expires memory after its last write, so Redis forgets counters by itself.
type redisCounters struct {
	rdb    *redis.Client
	prefix string
	memory time.Duration
}

// RedisCounterPrefix starts the name of every sign-in counter in Redis.
const RedisCounterPrefix = "storefront:login:"

// RedisCounters keeps the sign-in counters in Redis, where every instance sees them; each is dropped memory (the
// service's FailureMemory) after its last failure.
func RedisCounters(rdb *redis.Client, memory time.Duration) CounterStore {
	return &redisCounters{rdb: rdb, prefix: RedisCounterPrefix, memory: memory}
}

// maxUpdateTries bounds the optimistic retries of one update. Each lost race means another attempt was counted, so
// even 50 parallel guesses at one counter settle within 50 tries; the bound only stops a runaway loop.
const maxUpdateTries = 1000

// update reads under WATCH and writes in MULTI/EXEC, which fails when another instance wrote any of the keys in
// between; then it reads again. A declined update writes nothing, so refused attempts never contend.
func (c *redisCounters) update(ctx context.Context, keys []string, decide func([]counter) ([]counter, bool)) error {
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = c.prefix + k
	}
	attempt := func(tx *redis.Tx) error {
		stored := make([]counter, len(keys))
		for i, name := range names {
			vals, err := tx.HMGet(ctx, name, "f", "l").Result()
			if err != nil {
				return err
			}
			if stored[i], err = parseCounter(vals); err != nil {
				return fmt.Errorf("counter %s: %w", name, err)
			}
		}
		next, ok := decide(stored)
		if !ok {
			return nil
		}
		_, err := tx.TxPipelined(ctx, func(p redis.Pipeliner) error {
			for i, name := range names {
				p.HSet(ctx, name, "f", next[i].failures, "l", next[i].lastAt)
				p.PExpire(ctx, name, c.memory)
			}
			return nil
		})
		return err
	}
	for range maxUpdateTries {
		err := c.rdb.Watch(ctx, attempt, names...)
		if !errors.Is(err, redis.TxFailedErr) {
			return err
		}
	}
	return fmt.Errorf("auth: sign-in counters %v: still contended after %d tries", keys, maxUpdateTries)
}

// parseCounter reads HMGET f l; missing fields are zero.
func parseCounter(vals []any) (counter, error) {
	var n [2]int64
	for i, v := range vals {
		s, ok := v.(string)
		if !ok {
			continue
		}
		var err error
		if n[i], err = strconv.ParseInt(s, 10, 64); err != nil {
			return counter{}, err
		}
	}
	return counter{failures: n[0], lastAt: n[1]}, nil
}

// giveBackScript is giveBack in one step: KEYS[1] the counter, ARGV[1] the attempt's time, ARGV[2] the last failure
// before it.
var giveBackScript = redis.NewScript(`
local failures = tonumber(redis.call('HGET', KEYS[1], 'f') or '0')
if failures <= 0 then return 0 end
redis.call('HINCRBY', KEYS[1], 'f', -1)
if redis.call('HGET', KEYS[1], 'l') == ARGV[1] then redis.call('HSET', KEYS[1], 'l', ARGV[2]) end
return 1`)

func (c *redisCounters) giveBack(ctx context.Context, key string, at, prevAt int64) error {
	return giveBackScript.Run(ctx, c.rdb, []string{c.prefix + key}, strconv.FormatInt(at, 10), strconv.FormatInt(prevAt, 10)).Err()
}

func (c *redisCounters) forget(ctx context.Context, keys ...string) error {
	if len(keys) == 0 {
		return nil
	}
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = c.prefix + k
	}
	return c.rdb.Del(ctx, names...).Err()
}

// sweep drops the counters the service's clock has forgotten but whose expiry has not come yet (Redis expires them
// on its own clock; this matters only when the service's clock runs ahead of it, as in tests). One round trip per
// page of keys: the checks of a page go in one pipeline.
func (c *redisCounters) sweep(ctx context.Context, before int64) error {
	if err := sweepScript.Load(ctx, c.rdb).Err(); err != nil {
		return err
	}
	arg := strconv.FormatInt(before, 10)
	var cursor uint64
	for {
		names, next, err := c.rdb.Scan(ctx, cursor, c.prefix+"*", 1000).Result()
		if err != nil {
			return err
		}
		if len(names) > 0 {
			if _, err := c.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
				for _, name := range names {
					sweepScript.EvalSha(ctx, p, []string{name}, arg)
				}
				return nil
			}); err != nil {
				return err
			}
		}
		if cursor = next; cursor == 0 {
			return nil
		}
	}
}

// sweepScript deletes the counter KEYS[1] when its last failure is at or before ARGV[1], in one step so that an
// attempt counted meanwhile is not lost.
var sweepScript = redis.NewScript(`
local last = redis.call('HGET', KEYS[1], 'l')
if last and tonumber(last) <= tonumber(ARGV[1]) then return redis.call('DEL', KEYS[1]) end
return 0`)
