package auth

import (
	"context"
	"math/rand/v2"
	"net/http"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
)

// Service signs people in and resolves every request's principal. It keeps nothing in memory that another instance
// would need: sessions and login counters live in the database.
type Service struct {
	DB       *db.DB
	BasePath string // site base path, "" or "/shop": where logout redirects to

	IdleTimeout     time.Duration // a session unused this long expires
	AbsoluteTimeout time.Duration // a session expires this long after login, used or not
	RefreshEvery    time.Duration // last-seen is written at most this often (sliding expiry without a write per request)

	UserFailureLimit    int           // login attempts per username per window (reset by a success)
	AddressAttemptLimit int           // unsuccessful login attempts per client address per window
	LimitWindow         time.Duration // the rate-limit window
}

// Defaults.
const (
	DefaultIdleTimeout     = 12 * time.Hour
	DefaultAbsoluteTimeout = 7 * 24 * time.Hour
)

// NewService returns a Service with the default lifetimes and limits.
func NewService(d *db.DB, basePath string) *Service {
	return &Service{DB: d, BasePath: basePath,
		IdleTimeout: DefaultIdleTimeout, AbsoluteTimeout: DefaultAbsoluteTimeout, RefreshEvery: time.Minute,
		UserFailureLimit: 5, AddressAttemptLimit: 20, LimitWindow: 15 * time.Minute}
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

// maybeSweep deletes expired sessions and stale login counters about once per hundred new sessions, so the tables
// stay small without a scheduler (which every instance would run).
func (s *Service) maybeSweep(ctx context.Context) {
	if rand.IntN(100) != 0 {
		return
	}
	if err := s.Sweep(ctx); err != nil {
		httpx.Logger(ctx).Warn("auth: sweep failed", "err", err)
	}
}

// Sweep deletes expired sessions and login counters whose window has passed.
func (s *Service) Sweep(ctx context.Context) error {
	now := time.Now().UnixMilli()
	if _, err := s.DB.Exec(ctx, `DELETE FROM sf_session WHERE expires_at <= ? OR last_seen_at <= ?`,
		now, now-s.IdleTimeout.Milliseconds()); err != nil {
		return err
	}
	_, err := s.DB.Exec(ctx, `DELETE FROM sf_login_attempt WHERE window_start <= ?`, now-s.LimitWindow.Milliseconds())
	return err
}
