package records

// commerceObjects are the catalogue, pricing, cart, order and content objects of the store.
func commerceObjects() []Object {
	return nil
}
