package auth

import (
	"fmt"
	"net/http"
	"net/netip"
	"strings"
)

// ParseTrustedProxies reads a list of reverse proxies, comma- or space-separated, each a CIDR prefix or a single
// address: the peers whose X-Forwarded-For is believed.
func ParseTrustedProxies(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' }) {
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q is neither an address nor a CIDR prefix", f)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}

// clientAddress names the client for throttling. It is the TCP peer, unless the peer is a trusted proxy: then it is
// the nearest X-Forwarded-For hop that is not one (read right to left, because each proxy appends what it saw and
// only the hops our own proxies wrote can be believed; anything left of them the client may have made up). Without
// trusted proxies X-Forwarded-For is ignored, since any client could set it to dodge its address's counter.
// IPv6 addresses count by their /64, the block one subscriber gets, so hopping within it changes nothing.
func (s *Service) clientAddress(r *http.Request) string {
	peer, ok := parseHop(r.RemoteAddr)
	if !ok {
		return r.RemoteAddr
	}
	if s.trusted(peer) {
		hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
		for i := len(hops) - 1; i >= 0; i-- {
			a, ok := parseHop(hops[i])
			if !ok {
				break // a garbled hop: keep the last address a trusted proxy vouched for
			}
			peer = a
			if !s.trusted(a) {
				break
			}
		}
	}
	if peer.Is6() {
		return netip.PrefixFrom(peer, 64).Masked().String()
	}
	return peer.String()
}

func (s *Service) trusted(a netip.Addr) bool {
	for _, p := range s.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// parseHop reads "addr" or "addr:port" ("[v6]:port"), IPv4-mapped IPv6 as IPv4, without a zone.
func parseHop(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	a, err := netip.ParseAddr(s)
	if err != nil {
		ap, err := netip.ParseAddrPort(s)
		if err != nil {
			return netip.Addr{}, false
		}
		a = ap.Addr()
	}
	return a.Unmap().WithZone(""), true
}
