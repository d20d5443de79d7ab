package redisx

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"
)

// EnvTest names the Redis server tests may use (redis://127.0.0.1:6379/0); unset, they are skipped.
const EnvTest = "STOREFRONT_TEST_REDIS"

// open connects to the test server, or skips the test.
func open(t *testing.T) *Client {
	t.Helper()
	u := os.Getenv(EnvTest)
	if u == "" {
		t.Skip(EnvTest + " is not set: Redis tests skipped")
	}
	c, err := Open(context.Background(), u, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func TestOpenRefusesAServerThatDoesNotAnswer(t *testing.T) {
	_, err := Open(context.Background(), "redis://:secret@127.0.0.1:1/0", nil)
	if err == nil || !strings.Contains(err.Error(), "does not answer") || strings.Contains(err.Error(), "secret") {
		t.Fatalf("error %v: want a clear refusal without the password", err)
	}
	if _, err := Open(context.Background(), "http://127.0.0.1:6379", nil); err == nil {
		t.Fatal("a URL that is not redis:// was accepted")
	}
}

// subscription runs SubscribeFrom on channel in the background, delivering messages and confirmations on channels.
func subscription(t *testing.T, c *Client, channel string) (messages chan string, subscribed chan struct{}) {
	ctx, cancel := context.WithCancel(context.Background())
	messages, subscribed = make(chan string, 16), make(chan struct{}, 16)
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.SubscribeFrom(ctx, channel, func(p string) { messages <- p }, func() { subscribed <- struct{}{} })
	}()
	t.Cleanup(func() { cancel(); <-done }) // Subscribe returns once ctx ends
	return messages, subscribed
}

// next waits for a value; the guard only turns a hang into a failure.
func next[T any](t *testing.T, ch chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(10 * time.Second):
		t.Fatalf("no %s", what)
		var zero T
		return zero
	}
}

func TestPublishReachesAnotherClient(t *testing.T) {
	publisher, subscriber := open(t), open(t)
	channel := fmt.Sprintf("storefront-test-%d", rand.Int64())
	messages, subscribed := subscription(t, subscriber, channel)
	next(t, subscribed, "subscription")
	if err := publisher.Publish(context.Background(), channel, "product:42"); err != nil {
		t.Fatal(err)
	}
	if got := next(t, messages, "message"); got != "product:42" {
		t.Fatalf("received %q", got)
	}
}

func TestSubscriberSurvivesADroppedConnection(t *testing.T) {
	publisher, subscriber := open(t), open(t)
	ctx := context.Background()
	channel := fmt.Sprintf("storefront-test-%d", rand.Int64())
	messages, subscribed := subscription(t, subscriber, channel)
	next(t, subscribed, "subscription")
	if err := publisher.Publish(ctx, channel, "before"); err != nil {
		t.Fatal(err)
	}
	if got := next(t, messages, "message"); got != "before" {
		t.Fatalf("received %q", got)
	}

	if err := publisher.Redis().Do(ctx, "CLIENT", "KILL", "TYPE", "pubsub").Err(); err != nil {
		t.Fatal(err)
	}
	next(t, subscribed, "resubscription after CLIENT KILL")
	if err := publisher.Publish(ctx, channel, "after"); err != nil {
		t.Fatal(err)
	}
	if got := next(t, messages, "message after the reconnection"); got != "after" {
		t.Fatalf("received %q", got)
	}
}
