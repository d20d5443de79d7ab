package main

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"storefront/internal/app/apitest"
	"storefront/internal/demo"
	"storefront/internal/platform/db/dbtest"
	"storefront/internal/records"
)

// A server killed with SIGKILL right after answering place-order has the order after a restart: the order's
// transaction was durable before the answer went out. On each database in use.
func TestPlacedOrderSurvivesKill(t *testing.T) {
	bin := buildBinary(t)
	for kind, dbURL := range dbtest.URLs(t) {
		t.Run(kind, func(t *testing.T) {
			srv := start(t, bin, dbURL)
			token := srv.token(t)
			commerce := "/services/data/v64.0/commerce/webstores/" + demo.StoreID + "/"
			pen := records.StableID("01t", 1)
			srv.call(t, "POST", commerce+"carts/current/cart-items", token, `{"productId":"`+pen+`","quantity":"2","type":"Product"}`, 201)
			var v struct{ CheckoutID string }
			srv.decode(t, srv.call(t, "PUT", commerce+"checkouts", token, `{"cartId":"current","deliveryAddressInput":{"firstName":"Bonnie","lastName":"Buyer","street":"1 Main St","city":"Denver","region":"CO","postalCode":"80202","country":"US"}}`, 202), &v)
			srv.call(t, "POST", commerce+"checkouts/"+v.CheckoutID+"/payments", token, `{"requestType":"SimplePurchaseOrder","paymentToken":"PO-KILL"}`, 201)
			var placed struct{ OrderReferenceNumber, OrderSummaryID string }
			srv.decode(t, srv.call(t, "POST", commerce+"checkouts/"+v.CheckoutID+"/orders", token, "", 201), &placed)
			if err := srv.cmd.Process.Kill(); err != nil { // SIGKILL, the instant the answer is read
				t.Fatal(err)
			}
			_ = srv.cmd.Wait()

			again := start(t, bin, dbURL)
			token = again.token(t)
			var list struct {
				OrderSummaries []struct{ OrderSummaryID, OrderNumber string }
			}
			again.decode(t, again.call(t, "GET", commerce+"order-summaries", token, "", 200), &list)
			if len(list.OrderSummaries) != 1 || list.OrderSummaries[0].OrderNumber != placed.OrderReferenceNumber {
				t.Fatalf("after the kill: %+v, placed %+v", list, placed)
			}
			var ordered struct{ OrderReferenceNumber string }
			again.decode(t, again.call(t, "POST", commerce+"checkouts/"+v.CheckoutID+"/orders", token, "", 201), &ordered)
			if ordered.OrderReferenceNumber != placed.OrderReferenceNumber {
				t.Fatalf("a retry after the restart answered %+v", ordered)
			}
		})
	}
}

type process struct {
	cmd  *exec.Cmd
	base string
}

// start runs "storefront serve --demo" on a free loopback port and waits for /healthz.
func start(t *testing.T, bin, dbURL string) *process {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, "serve", "--addr", addr, "--db", dbURL, "--demo")
	cmd.Stderr = os.Stderr
	if !testing.Verbose() {
		cmd.Stderr = io.Discard
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	p := &process{cmd: cmd, base: "http://" + addr}
	for i := 0; i < 300; i++ {
		if resp, err := http.Get(p.base + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return p
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("the server never answered /healthz")
	return nil
}

func (p *process) token(t *testing.T) string {
	t.Helper()
	return (&apitest.Target{URL: p.base, Password: demo.DemoPassword}).Token(t, "buyer@example.com")
}

func (p *process) call(t *testing.T, method, path, token, body string, want int) []byte {
	t.Helper()
	req, _ := http.NewRequest(method, p.base+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		t.Fatalf("%s %s: %d %s, want %d", method, path, resp.StatusCode, b, want)
	}
	return b
}

func (p *process) decode(t *testing.T, b []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%v in %s", err, b)
	}
}

// buildBinary builds the storefront binary for a test that runs and kills it (skipped with -short).
func buildBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := filepath.Join(t.TempDir(), "storefront")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}
