package app

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"storefront/internal/platform/config"
)

func TestPublicURL(t *testing.T) {
	for _, c := range []struct{ public, addr, want string }{
		{"https://shop.example.com", "", "https://shop.example.com"},
		{"https://shop.example.com/", "", "https://shop.example.com"},
		{"http://127.0.0.1:9000", "", "http://127.0.0.1:9000"},
		{"", "127.0.0.1:8081", "http://127.0.0.1:8081"},
		{"", "0.0.0.0:8080", "http://localhost:8080"},
		{"", ":8080", "http://localhost:8080"},
		{"", "", "http://127.0.0.1:8080"},
	} {
		var log bytes.Buffer
		got, err := publicURL(config.Config{PublicURL: c.public, Addr: c.addr}, slog.New(slog.NewTextHandler(&log, nil)))
		if err != nil || got != c.want {
			t.Errorf("%q on %q: %q %v", c.public, c.addr, got, err)
		}
		if warned := strings.Contains(log.String(), "no public URL is configured"); warned != (c.public == "") {
			t.Errorf("%q: warning %q", c.public, log.String())
		}
	}
	for _, bad := range []string{"shop.example.com", "ftp://shop.example.com", "https://shop.example.com/shop",
		"https://user:pw@shop.example.com", "https://shop.example.com?x=1", "https://"} {
		if _, err := publicURL(config.Config{PublicURL: bad}, nil); err == nil || !strings.Contains(err.Error(), "public URL") {
			t.Errorf("%q accepted: %v", bad, err)
		}
	}
}
