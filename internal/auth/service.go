package auth

import (
	"context"
	"math/rand/v2"
	"net/http"
	"net/netip"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Service signs people in and resolves every request's principal. It keeps nothing in memory that another instance
// would need: sessions live in the database, login counters there or in Redis (Counters).
type Service struct {
	DB       *db.DB
	BasePath string // site base path, "" or "/shop": where logout redirects to

	IdleTimeout     time.Duration // a session unused this long expires
	AbsoluteTimeout time.Duration // a session expires this long after login, used or not
	RefreshEvery    time.Duration // last-seen is written at most this often (sliding expiry without a write per request)

	// Sign-in throttling (see ratelimit.go).
	AccountLimit   Throttle       // failures on one username from sources unknown for it
	AddressLimit   Throttle       // failures from one address on usernames it is unknown for
	KnownLimit     Throttle       // failures from one known source (device or address) on its user
	FailureMemory  time.Duration  // a counter is forgotten this long after its last failure
	KnownFor       time.Duration  // a source stays known this long after its last successful sign-in
	TrustedProxies []netip.Prefix // peers whose X-Forwarded-For names the client (clientaddr.go)
	Counters       CounterStore   // where the counters live (counters.go); nil: the database

	Now func() time.Time // the throttle's and reset links' clock; tests move it instead of sleeping

	// Profiles and password recovery (profile.go, reset.go).
	Engine *records.Engine // writes the User and Contact records of a profile change
	Mailer Mailer          // delivers reset links; nil: they are written to the server log
	// ResetOrigin is the configured public URL reset links start with; "": the request's own origin (links are
	// then only logged: the app refuses SMTP without a configured public URL).
	ResetOrigin string
	ResetTTL    time.Duration // how long a reset link works
	// Reset requests are throttled per client address (answered 429) and per email (answered as usual, but no mail
	// is sent), so the form can neither flood an inbox nor be scripted at volume.
	ResetAddressLimit Throttle
	ResetEmailLimit   Throttle

	// PublicURL is the server's public origin (scheme://host[:port], no trailing slash): token responses, SOAP
	// login results and identity URLs name it, never the request's Host header, which any client can forge.
	PublicURL string

	org orgCache // the organization id (org.go)
}

// Defaults.
const (
	DefaultIdleTimeout     = 12 * time.Hour
	DefaultAbsoluteTimeout = 7 * 24 * time.Hour
	DefaultFailureMemory   = 24 * time.Hour
	DefaultKnownFor        = 180 * 24 * time.Hour // B2B buyers may sign in once a quarter
)

// NewService returns a Service over the records engine (the process's one, with every domain's rules) with the
// default lifetimes and limits.
func NewService(engine *records.Engine, basePath string) *Service {
	return &Service{DB: engine.DB, BasePath: basePath,
		IdleTimeout: DefaultIdleTimeout, AbsoluteTimeout: DefaultAbsoluteTimeout, RefreshEvery: time.Minute,
		AccountLimit: DefaultAccountLimit, AddressLimit: DefaultAddressLimit, KnownLimit: DefaultKnownLimit,
		FailureMemory: DefaultFailureMemory, KnownFor: DefaultKnownFor, Now: time.Now,
		Engine: engine, ResetTTL: DefaultResetTTL,
		ResetAddressLimit: DefaultResetAddressLimit, ResetEmailLimit: DefaultResetEmailLimit}
}

func (s *Service) now() time.Time {
	if s.Now == nil {
		return time.Now()
	}
	return s.Now()
}

// Paths of the endpoints the service serves, relative to the server root.
const (
	LoginPath = "/api/auth/login"
	TokenPath = "/services/oauth2/token"
)

// LogoutPath is the logout endpoint. The site serves it under its base path too ({basePath}/logout reaches the
// handler as /logout: the app strips the base path from server paths before routing).
func (s *Service) LogoutPath() string { return "/logout" }

// Handlers, for the routing table.
func (s *Service) LoginHandler() http.Handler  { return httpx.HandlerFunc(s.login) }
func (s *Service) LogoutHandler() http.Handler { return httpx.HandlerFunc(s.logout) }
func (s *Service) TokenHandler() http.Handler  { return httpx.HandlerFunc(s.token) }

// maybeSweep deletes expired sessions, forgotten login counters and sources no longer known about once per hundred new sessions, so the tables
// stay small without a scheduler (which every instance would run).
func (s *Service) maybeSweep(ctx context.Context) {
	if rand.IntN(100) != 0 {
		return
	}
	if err := s.Sweep(ctx); err != nil {
		httpx.Logger(ctx).Warn("auth: sweep failed", "err", err)
	}
}

// Sweep deletes expired sessions, login counters past their memory, expired reset links and sources no longer known.
func (s *Service) Sweep(ctx context.Context) error {
	now := time.Now().UnixMilli()
	if _, err := s.DB.Exec(ctx, `DELETE FROM sf_session WHERE expires_at <= ? OR last_seen_at <= ?`,
		now, now-s.IdleTimeout.Milliseconds()); err != nil {
		return err
	}
	now = s.now().UnixMilli()
	if err := s.counters().sweep(ctx, now-s.FailureMemory.Milliseconds()); err != nil {
		return err
	}
	if _, err := s.DB.Exec(ctx, `DELETE FROM sf_password_reset WHERE expires_at <= ?`, now); err != nil {
		return err
	}
	_, err := s.DB.Exec(ctx, `DELETE FROM sf_login_known WHERE last_success_at <= ?`, now-s.KnownFor.Milliseconds())
	return err
}
