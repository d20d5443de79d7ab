package cartapi

import (
	"net/http"
	"strings"

	"storefront/internal/commerce/cart"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// The delivery-group calls under carts/{cartStateOrId}/delivery-groups. Reads drop groups without lines; writes
// recalculate the cart (cart.Service's group changes).

// groupID reads the {deliveryGroupId} of the path: blank is 'deliveryGroupId required', a malformed id 404.
func groupID(r *http.Request) (string, error) {
	raw := strings.TrimSpace(r.PathValue("deliveryGroupId"))
	if raw == "" {
		return "", httpx.BadRequest("INVALID_API_INPUT", "deliveryGroupId required")
	}
	id, ok := records.NormalizeID(raw)
	if !ok || records.KeyPrefix(id) != "0a7" {
		return "", cart.GroupNotFound(raw)
	}
	return id, nil
}

// ListGroups is GET carts/{cartStateOrId}/delivery-groups?limit=20&cartItemLimit=0; 202 (Retry-After) while the
// cart is calculated in the background, as the cart reads answer.
func (h *Handlers) ListGroups(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, true)
	if err != nil {
		return err
	}
	limit, err := intParam(r, "limit", 20, 1, 100)
	if err != nil {
		return err
	}
	itemLimit, err := intParam(r, "cartItemLimit", 0, 0, 100)
	if err != nil {
		return err
	}
	c, err := h.Carts.Open(r.Context(), sh, cartRef(r))
	if err != nil {
		return err
	}
	out := cart.GroupCollection{Items: []*cart.DeliveryGroup{}}
	status := http.StatusOK
	if c != nil {
		status = h.processingStatus(w, c, http.StatusOK)
		groups, err := h.Carts.DeliveryGroups(r.Context(), h.Carts.DB, c, itemLimit, true)
		if err != nil {
			return err
		}
		if len(groups) > limit {
			groups = groups[:limit]
		}
		out.Items = append(out.Items, groups...)
	}
	out.Count = len(out.Items)
	writeNoStore(w, status, out)
	return nil
}

// GetGroup is GET carts/{cartStateOrId}/delivery-groups/{deliveryGroupId}, with its lines (cartItemLimit, 25 by
// default).
func (h *Handlers) GetGroup(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, true)
	if err != nil {
		return err
	}
	id, err := groupID(r)
	if err != nil {
		return err
	}
	itemLimit, err := intParam(r, "cartItemLimit", 25, 0, 100)
	if err != nil {
		return err
	}
	c, err := h.Carts.Open(r.Context(), sh, cartRef(r))
	if err != nil {
		return err
	}
	if c == nil {
		return cart.GroupNotFound(id)
	}
	return h.writeGroup(w, r, c, id, itemLimit, h.processingStatus(w, c, http.StatusOK))
}

// writeGroup answers one delivery group of the cart, as it is now.
func (h *Handlers) writeGroup(w http.ResponseWriter, r *http.Request, c *cart.Cart, id string, itemLimit, status int) error {
	g, err := h.Carts.Group(r.Context(), c, id, itemLimit)
	if err != nil {
		return err
	}
	writeNoStore(w, status, g)
	return nil
}

// CreateGroup is POST carts/{cartStateOrId}/delivery-groups: a further group (split shipment only). 201.
func (h *Handlers) CreateGroup(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, true)
	if err != nil {
		return err
	}
	var in cart.GroupInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	c, id, err := h.Carts.CreateGroup(r.Context(), sh, cartRef(r), &in)
	if err != nil {
		return err
	}
	return h.writeGroup(w, r, c, id, 0, http.StatusCreated)
}

// UpdateGroupCall is PATCH carts/{cartStateOrId}/delivery-groups/{deliveryGroupId}.
func (h *Handlers) UpdateGroupCall(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, true)
	if err != nil {
		return err
	}
	id, err := groupID(r)
	if err != nil {
		return err
	}
	var in cart.GroupInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	c, err := h.Carts.EditGroup(r.Context(), sh, cartRef(r), id, &in)
	if err != nil {
		return err
	}
	return h.writeGroup(w, r, c, id, 0, http.StatusOK)
}

// DeleteGroup is DELETE carts/{cartStateOrId}/delivery-groups/{deliveryGroupId}: its lines move to the default
// group, which itself cannot be deleted. 204.
func (h *Handlers) DeleteGroup(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, false)
	if err != nil {
		return err
	}
	id, err := groupID(r)
	if err != nil {
		return err
	}
	if err := h.Carts.DeleteGroup(r.Context(), sh, cartRef(r), id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// ArrangeItems is POST carts/{cartStateOrId}/delivery-groups/actions/arrange-items: {arrangements:
// [{deliveryGroupId, cartItemIds[]}], options: {deleteEmptyDeliveryGroups}} moves lines between groups, in one
// transaction. The real call runs asynchronously, so it answers 202 (with the groups as they now are).
func (h *Handlers) ArrangeItems(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, true)
	if err != nil {
		return err
	}
	var in struct {
		Arrangements []cart.Arrangement `json:"arrangements"`
		Options      *struct {
			DeleteEmptyDeliveryGroups bool `json:"deleteEmptyDeliveryGroups"`
		} `json:"options"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.Options == nil {
		return httpx.BadRequest("INVALID_API_INPUT", "options required")
	}
	if len(in.Arrangements) > cart.MaxGroups {
		return httpx.BadRequest("INVALID_API_INPUT", "arrangements has %d entries at most.", cart.MaxGroups)
	}
	ctx := r.Context()
	c, err := h.Carts.ArrangeItems(ctx, sh, cartRef(r), in.Arrangements, in.Options.DeleteEmptyDeliveryGroups)
	if err != nil {
		return err
	}
	groups, err := h.Carts.DeliveryGroups(ctx, h.Carts.DB, c, 0, true)
	if err != nil {
		return err
	}
	writeNoStore(w, http.StatusAccepted, cart.GroupCollection{Count: len(groups), Items: groups})
	return nil
}
