package app

import (
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strings"

	"storefront/internal/platform/config"
)

// publicURL is the origin API login answers name (instance_url, the SOAP serverUrl, identity URLs). It comes from
// configuration only, never from a request's Host header, which any client can set to send integrations (and their
// tokens) elsewhere. Unset, it is http://{listen address}, which is right for a local run; a warning says so once,
// at start, since behind a proxy or on a public host it is wrong.
func publicURL(cfg config.Config, log *slog.Logger) (string, error) {
	if cfg.PublicURL == "" {
		addr := cfg.Addr
		if addr == "" {
			addr = config.DefaultAddr
		}
		host, port, err := net.SplitHostPort(addr)
		if err == nil && (host == "" || host == "0.0.0.0" || host == "::") { // listening on every interface
			addr = net.JoinHostPort("localhost", port)
		}
		if log != nil {
			log.Warn("no public URL is configured: API logins name http://"+addr+"; set --public-url (STOREFRONT_PUBLIC_URL) to the address clients use",
				"public_url", "http://"+addr)
		}
		return "http://" + addr, nil
	}
	u, err := url.Parse(strings.TrimRight(strings.TrimSpace(cfg.PublicURL), "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" || u.RawQuery != "" ||
		u.Fragment != "" || u.User != nil {
		return "", fmt.Errorf("public URL %q: want an origin such as https://shop.example.com (no path, query or credentials)", cfg.PublicURL)
	}
	return u.Scheme + "://" + u.Host, nil
}
