package records

import "context"

// A domain that writes its own records in reaction to a change (a cart recalculation writing the cart's lines and
// totals) must not set off that same reaction again. It says so on the write, explicitly: Quiet marks the writes
// made with the returned context, and the domain's reaction hooks ask Quieted before reacting. The marker names
// the one reaction skipped and the reason; it never skips a rule that guards data (validation hooks do not ask),
// and being the System actor skips nothing.

type quietKey struct{}

// Quiet returns ctx marking the writes made with it as not to set off the named reaction (e.g. "cart
// recalculation"). Markers add up: a write may be quiet for several reactions.
func Quiet(ctx context.Context, reaction string) context.Context {
	prev, _ := ctx.Value(quietKey{}).([]string)
	next := make([]string, len(prev), len(prev)+1)
	copy(next, prev)
	return context.WithValue(ctx, quietKey{}, append(next, reaction))
}

// Quieted reports whether the writes made with ctx are marked not to set off the named reaction.
func Quieted(ctx context.Context, reaction string) bool {
	for _, r := range quietMarkers(ctx) {
		if r == reaction {
			return true
		}
	}
	return false
}

func quietMarkers(ctx context.Context) []string {
	m, _ := ctx.Value(quietKey{}).([]string)
	return m
}
