package app

import (
	"context"
	"time"

	"storefront/internal/platform/db"
)

// SweepInterval is how often RunWorkers sweeps expired stock holds.
const SweepInterval = time.Minute

// RunWorkers runs the server's background work until ctx ends: sweeping expired stock holds (one instance at a time
// on a shared PostgreSQL database).
func (a *App) RunWorkers(ctx context.Context) {
	db.Every(ctx, SweepInterval, func() {
		if _, err := a.SweepHolds(ctx); err != nil && ctx.Err() == nil {
			a.Log.Error("sweeping expired stock holds", "err", err)
		}
	})
}

// SweepHolds deletes expired stock holds (see cart.Service.SweepHolds).
func (a *App) SweepHolds(ctx context.Context) (int, error) {
	return a.carts.SweepHolds(ctx)
}
