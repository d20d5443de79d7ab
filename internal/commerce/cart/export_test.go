package cart

import "context"

// CartFromRecord is cartFromRecord, for the tests of package cart_test.
var CartFromRecord = cartFromRecord

// KeptAndStored are the cart s keeps for the owner's next add under ref and the same cart as the database holds it,
// each with its lines; both nil when nothing is kept. facts reports whether the kept cart's facts still hold (they
// are left out of kept).
func (s *Service) KeptAndStored(ctx context.Context, storeID string, o Owner, ref string) (kept, stored *Cart, facts bool, err error) {
	if kept = s.kept.take(keyOf(storeID, o, ref)); kept == nil {
		return nil, nil, false, nil
	}
	facts = kept.facts != nil
	kept.facts, kept.factsRead = nil, nil
	if stored, err = Find(ctx, s.DB, storeID, o, kept.ID); err != nil || stored == nil {
		return kept, stored, facts, err
	}
	stored.known, err = loadKnownLines(ctx, s.DB, kept.ID)
	return kept, stored, facts, err
}

// Known are the lines a cart holds as its change knows them, for a test's failure message.
func (c *Cart) Known() any {
	if c == nil || c.known == nil {
		return nil
	}
	return *c.known
}
