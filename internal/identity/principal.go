// Package identity says who makes a request: the Principal that the auth middleware puts in every request's
// context and that every domain reads. It is a leaf package so that auth and the records engine can both use it.
package identity

import "context"

// Principal is who makes a request. Every request has one: a guest session when nobody is signed in.
type Principal struct {
	SessionID string // hash of the session token; empty only for requests outside any session
	UserID    string // 18-character User id; empty for guests
	Guest     bool
	Staff     bool // store staff: full records access in the console
	// System marks server-side domain code acting with full rights (seeding, the cart recomputing its lines,
	// order placement): it may write hidden and read-only fields. No request ever carries it.
	System    bool
	AccountID string // the buyer's own account; empty for guests and staff
	ContactID string
	ViaBearer bool // authenticated by an Authorization: Bearer token rather than the cookie
	// ClientID is the registered API client the bearer session was issued to (OAuth with a client id); "" otherwise.
	ClientID string
	// PriorGuestSessionID is the guest session a login replaced (its SessionID then): a guest cart that belonged
	// to it may be preserved into the buyer's cart.
	PriorGuestSessionID string
}

type principalKey struct{}

// WithPrincipal returns a context carrying p.
func WithPrincipal(ctx context.Context, p *Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// FromContext returns the request's principal; a guest without a session when none was set.
func FromContext(ctx context.Context) *Principal {
	if p, ok := ctx.Value(principalKey{}).(*Principal); ok {
		return p
	}
	return &Principal{Guest: true}
}
