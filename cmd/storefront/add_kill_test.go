package main

import (
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"storefront/internal/demo"
	"storefront/internal/platform/db/dbtest"
	"storefront/internal/records"
)

// A server killed with SIGKILL while buyers' adds to cart are in flight keeps every add it acknowledged: on SQLite
// the adds that waited for the writer commit together (group commit), and each is answered only after its group's
// commit. The adds go to one cart, so its product count after the restart is at least the acknowledged adds and at
// most the adds sent.
func TestAcknowledgedAddsSurviveKill(t *testing.T) {
	bin := buildBinary(t)
	for kind, dbURL := range dbtest.URLs(t) {
		t.Run(kind, func(t *testing.T) {
			srv := start(t, bin, dbURL)
			token := srv.token(t)
			commerce := "/services/data/v64.0/commerce/webstores/" + demo.StoreID + "/"
			body := `{"productId":"` + records.StableID("01t", 1) + `","quantity":"1","type":"Product"}`
			const buyers, killAfter = 8, 40
			var sent, acked atomic.Int64
			killed := make(chan struct{})
			var once sync.Once
			var wg sync.WaitGroup
			for range buyers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for {
						select {
						case <-killed:
							return
						default:
						}
						sent.Add(1)
						status, err := postQuietly(srv.base+commerce+"carts/current/cart-items", token, body)
						if err != nil {
							return // the server is gone
						}
						if status != 201 {
							t.Errorf("an add answered %d", status)
							return
						}
						if acked.Add(1) >= killAfter {
							once.Do(func() {
								_ = srv.cmd.Process.Kill() // SIGKILL, adds still in flight
								close(killed)
							})
						}
					}
				}()
			}
			wg.Wait()
			_ = srv.cmd.Wait()
			if t.Failed() {
				return
			}

			again := start(t, bin, dbURL)
			var cart struct{ TotalProductCount string }
			again.decode(t, again.call(t, "GET", commerce+"carts/current", again.token(t), "", 200), &cart)
			count, err := strconv.ParseFloat(cart.TotalProductCount, 64)
			if err != nil {
				t.Fatalf("the cart's product count %q: %v", cart.TotalProductCount, err)
			}
			if int64(count) < acked.Load() || int64(count) > sent.Load() {
				t.Fatalf("after the kill the cart holds %v products; %d adds were acknowledged, %d sent",
					count, acked.Load(), sent.Load())
			}
		})
	}
}
