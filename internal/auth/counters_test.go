package auth

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"storefront/internal/platform/db"
	"storefront/internal/records/recordstest"
)

// envTestRedis names the Redis server the Redis half of the throttle tests uses; unset, that half is skipped.
const envTestRedis = "STOREFRONT_TEST_REDIS"

// counterStoreUnderTest is where a throttle test keeps its counters, and how it reads them back as stored.
type counterStoreUnderTest struct {
	d     *db.DB
	redis *redisCounters // nil: the database's counters
}

// eachStore runs fn as a subtest once per database with the database's counters ("db/sqlite", "db/postgres") and,
// when STOREFRONT_TEST_REDIS is set, with the counters in Redis ("redis", the rest on SQLite: the database's part,
// known sources, is the same code the db runs cover on both).
func eachStore(t *testing.T, fn func(t *testing.T, d *db.DB, st *counterStoreUnderTest)) {
	t.Run("db", func(t *testing.T) {
		eachDB(t, func(t *testing.T, d *db.DB) { fn(t, d, &counterStoreUnderTest{d: d}) })
	})
	t.Run("redis", func(t *testing.T) {
		rdb := testRedis(t)
		d := recordstest.Open(t, "sqlite")
		fn(t, d, &counterStoreUnderTest{d: d, redis: testRedisCounters(t, rdb)})
	})
}

// testRedis connects to the test server, or skips the test.
func testRedis(t *testing.T) *redis.Client {
	t.Helper()
	u := os.Getenv(envTestRedis)
	if u == "" {
		t.Skip(envTestRedis + " is not set: Redis run skipped")
	}
	opts, err := redis.ParseURL(u)
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opts)
	t.Cleanup(func() { rdb.Close() })
	if err := rdb.Ping(context.Background()).Err(); err != nil {
		t.Fatal(err)
	}
	return rdb
}

// testRedisCounters are Redis counters under a prefix of the test's own, deleted when it ends.
func testRedisCounters(t *testing.T, rdb *redis.Client) *redisCounters {
	c := &redisCounters{rdb: rdb, prefix: fmt.Sprintf("storefront-test:%x:", rand.Uint64()), memory: DefaultFailureMemory}
	t.Cleanup(func() {
		ctx := context.Background()
		keys, _ := rdb.Keys(ctx, c.prefix+"*").Result()
		if len(keys) > 0 {
			rdb.Del(ctx, keys...)
		}
	})
	return c
}

// use makes svc keep its counters in the store under test.
func (st *counterStoreUnderTest) use(svc *Service) {
	if st.redis != nil {
		svc.Counters = st.redis
	}
}

// server is throttledServer with the counters in the store under test.
func (st *counterStoreUnderTest) server(t *testing.T, clk *clock) (*httptest.Server, *Service) {
	srv, svc := throttledServer(t, st.d, clk)
	st.use(svc)
	return srv, svc
}

// failures reads a counter as stored.
func (st *counterStoreUnderTest) failures(t *testing.T, bucket string) int64 {
	t.Helper()
	if st.redis == nil {
		return failures(t, st.d, bucket)
	}
	n, err := st.redis.rdb.HGet(context.Background(), st.redis.prefix+bucket, "f").Int64()
	if err != nil {
		t.Fatalf("counter %s: %v", bucket, err)
	}
	return n
}

// count is how many counters are stored.
func (st *counterStoreUnderTest) count(t *testing.T) int {
	t.Helper()
	var n int
	if st.redis == nil {
		if err := st.d.QueryRow(context.Background(), `SELECT COUNT(*) FROM sf_login_attempt`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	keys, err := st.redis.rdb.Keys(context.Background(), st.redis.prefix+"*").Result()
	if err != nil {
		t.Fatal(err)
	}
	return len(keys)
}

// TestRedisCountersHoldUnderContention races 200 guesses at one account's counter through two instances, each with
// its own Redis connections: exactly the free allowance is counted and let through, every other guess waits.
func TestRedisCountersHoldUnderContention(t *testing.T) {
	st := &counterStoreUnderTest{redis: testRedisCounters(t, testRedis(t))}
	clk := newClock()
	instances := make([]*Service, 2)
	for i := range instances {
		instances[i] = &Service{AccountLimit: DefaultAccountLimit, FailureMemory: DefaultFailureMemory, Now: clk.Now,
			Counters: &redisCounters{rdb: testRedis(t), prefix: st.redis.prefix, memory: DefaultFailureMemory}}
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	let, waited := 0, 0
	for i := range 200 {
		wg.Go(func() {
			svc := instances[i%2]
			res, wait, err := svc.reserve(context.Background(), []bucket{{key: userBucket("admin@example.com"), limit: svc.AccountLimit}})
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err != nil:
				t.Error(err)
			case res != nil && wait == 0:
				let++
			case res == nil && wait > 0:
				waited++
			}
		})
	}
	wg.Wait()
	if n := st.failures(t, userBucket("admin@example.com")); let != DefaultAccountLimit.Free || waited != 195 || n != 5 {
		t.Fatalf("%d guesses let through, %d told to wait, counter %d; want 5, 195, 5", let, waited, n)
	}
	// Redis forgets the counter by itself, FailureMemory after its last failure.
	ttl, err := st.redis.rdb.PTTL(context.Background(), st.redis.prefix+userBucket("admin@example.com")).Result()
	if err != nil || ttl <= DefaultFailureMemory-time.Hour || ttl > DefaultFailureMemory {
		t.Fatalf("counter expiry %v (%v), want about %v", ttl, err, DefaultFailureMemory)
	}
}
