package auth

import (
	"errors"
	"net/http"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
)

// ClientsPath is where staff manage the registered API clients: GET lists them, POST registers one (its secret is
// in that answer and nowhere else, ever), DELETE .../{clientId} removes one and ends its sessions and refresh
// tokens. bin/storefront client does the same from the command line.
const ClientsPath = "/api/admin/api-clients"

// ClientView is a client as staff see it.
type ClientView struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	CreatedDate string `json:"createdDate"`
	Secret      string `json:"secret,omitempty"` // only in the answer that created it
}

func viewOf(c Client, secret string) ClientView {
	return ClientView{ID: c.ID, Name: c.Name, CreatedDate: c.CreatedAt.UTC().Format(time.RFC3339), Secret: secret}
}

func (s *Service) ListClientsHandler() http.Handler  { return httpx.HandlerFunc(s.listClients) }
func (s *Service) CreateClientHandler() http.Handler { return httpx.HandlerFunc(s.createClient) }
func (s *Service) DeleteClientHandler() http.Handler { return httpx.HandlerFunc(s.deleteClient) }

// requireStaff admits store staff only: 401 for a guest, 403 for a buyer.
func requireStaff(r *http.Request) error {
	p := identity.FromContext(r.Context())
	switch {
	case p.Guest || p.UserID == "":
		return httpx.Unauthorized()
	case !p.Staff:
		return httpx.Forbidden("Only store staff manage API clients.")
	}
	return nil
}

func (s *Service) listClients(w http.ResponseWriter, r *http.Request) error {
	if err := requireStaff(r); err != nil {
		return err
	}
	clients, err := ListClients(r.Context(), s.DB)
	if err != nil {
		return err
	}
	out := make([]ClientView, 0, len(clients))
	for _, c := range clients {
		out = append(out, viewOf(c, ""))
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, map[string][]ClientView{"clients": out})
	return nil
}

func (s *Service) createClient(w http.ResponseWriter, r *http.Request) error {
	if err := requireStaff(r); err != nil {
		return err
	}
	var in struct {
		Name string `json:"name"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	c, secret, err := CreateClient(r.Context(), s.DB, in.Name)
	if errors.Is(err, ErrInvalidClient) {
		return httpx.BadRequest("INVALID_INPUT", "name: a name of 1 to 255 characters is required.")
	}
	if err != nil {
		return err
	}
	httpx.Logger(r.Context()).Info("api client created", "client_id", c.ID, "by", identity.FromContext(r.Context()).UserID)
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusCreated, viewOf(c, secret))
	return nil
}

func (s *Service) deleteClient(w http.ResponseWriter, r *http.Request) error {
	if err := requireStaff(r); err != nil {
		return err
	}
	id := r.PathValue("clientId")
	found, err := DeleteClient(r.Context(), s.DB, id)
	if err != nil {
		return err
	}
	if !found {
		return httpx.NotFound("No API client has the id %q.", id)
	}
	httpx.Logger(r.Context()).Info("api client deleted", "client_id", id, "by", identity.FromContext(r.Context()).UserID)
	w.WriteHeader(http.StatusNoContent)
	return nil
}
