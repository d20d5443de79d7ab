package auth

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// ProfilePath is the signed-in user's own profile: GET reads it, PATCH changes it.
const ProfilePath = "/api/profile"

func (s *Service) ProfileHandler() http.Handler       { return httpx.HandlerFunc(s.getProfile) }
func (s *Service) UpdateProfileHandler() http.Handler { return httpx.HandlerFunc(s.updateProfile) }

// Profile is what a user sees and edits of their own User record. Blank values are "".
//
// The email is read-only here: it is the user's sign-in name and where reset links go, so changing it needs proof
// that the user owns the new address (a confirmation mail), which the store does not do yet. Staff change it in
// the records API; a PATCH naming another email is refused with a message saying so.
type Profile struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
}

// profilePatch is a PATCH body: only the properties present change.
type profilePatch struct {
	FirstName *string `json:"firstName"`
	LastName  *string `json:"lastName"`
	Email     *string `json:"email"`
	Phone     *string `json:"phone"`
}

// phonePattern accepts what people type as a phone number: digits with + ( ) . / - and spaces, and an extension.
var phonePattern = regexp.MustCompile(`^\+?[0-9 ()./-]*[0-9][0-9 ()./-]*(?:\s*(?:x|ext\.?)\s*[0-9]+)?$`)

// signedIn is the request's user, or 401 for a guest.
func signedIn(r *http.Request) (*identity.Principal, error) {
	p := identity.FromContext(r.Context())
	if p.Guest || p.UserID == "" {
		return nil, httpx.Unauthorized()
	}
	return p, nil
}

// getProfile is GET /api/profile.
func (s *Service) getProfile(w http.ResponseWriter, r *http.Request) error {
	p, err := signedIn(r)
	if err != nil {
		return err
	}
	prof, _, err := s.profile(r.Context(), s.DB, p.UserID)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, prof)
	return nil
}

func (s *Service) profile(ctx context.Context, q db.Querier, userID string) (Profile, string, error) {
	var first, last, email, phone, contact sql.NullString
	err := q.QueryRow(ctx, `SELECT firstname, lastname, email, phone, contactid FROM "user" WHERE id = ?`, userID).
		Scan(&first, &last, &email, &phone, &contact)
	if errors.Is(err, sql.ErrNoRows) {
		return Profile{}, "", httpx.Unauthorized()
	}
	return Profile{FirstName: first.String, LastName: last.String, Email: email.String, Phone: phone.String}, contact.String, err
}

// updateProfile is PATCH /api/profile: it writes the User record and, for a buyer, the Contact behind it, in one
// transaction through the records engine (so staff see the change, with the user as its author), and answers the
// profile as saved. Every refused field is listed (400, fieldError entries); nothing is written then.
func (s *Service) updateProfile(w http.ResponseWriter, r *http.Request) error {
	p, err := signedIn(r)
	if err != nil {
		return err
	}
	var in profilePatch
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	ctx := r.Context()
	current, contactID, err := s.profile(ctx, s.DB, p.UserID)
	if err != nil {
		return err
	}
	values, refused := in.validate(current)
	if len(refused) > 0 {
		return fieldErrors(refused...)
	}
	if len(values) > 0 {
		if err := s.writeProfile(ctx, p.UserID, contactID, values); err != nil {
			return err
		}
	}
	saved, _, err := s.profile(ctx, s.DB, p.UserID)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, saved)
	return nil
}

// validate trims the patch and returns the record values to write, or the refused fields.
func (in profilePatch) validate(current Profile) (map[string]any, []fieldError) {
	values := map[string]any{}
	var refused []fieldError
	text := func(v *string, field, apiName, label string, max int, required bool) {
		if v == nil {
			return
		}
		t := strings.TrimSpace(*v)
		switch {
		case required && t == "":
			refused = append(refused, fieldError{"REQUIRED_FIELD_MISSING", "Enter your " + label + ".", field})
		case utf8.RuneCountInString(t) > max:
			refused = append(refused, fieldError{"STRING_TOO_LONG", "Your " + label + " can have at most " + strconv.Itoa(max) + " characters.", field})
		default:
			values[apiName] = t
		}
	}
	text(in.FirstName, "firstName", "FirstName", "first name", 40, false)
	text(in.LastName, "lastName", "LastName", "last name", 80, true)
	text(in.Phone, "phone", "Phone", "phone number", 40, false)
	if ph, ok := values["Phone"].(string); ok && ph != "" && !phonePattern.MatchString(ph) {
		delete(values, "Phone")
		refused = append(refused, fieldError{"INVALID_PHONE", "Enter a phone number with digits, spaces and + ( ) - . only.", "phone"})
	}
	if in.Email != nil && !strings.EqualFold(strings.TrimSpace(*in.Email), current.Email) {
		refused = append(refused, fieldError{"READ_ONLY_FIELD",
			"Your email address is your sign-in name and cannot be changed here. Ask the store to change it.", "email"})
	}
	return values, refused
}

// writeProfile writes values to the User and the same names and phone to its Contact, all or nothing.
func (s *Service) writeProfile(ctx context.Context, userID, contactID string, values map[string]any) error {
	actor := records.SystemFor(userID)
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		if _, err := s.Engine.UpdateMany(ctx, tx, actor, []records.Change{{ID: userID, Values: values}}, records.UpdateOptions{}); err != nil {
			return err
		}
		if contactID == "" {
			return nil
		}
		_, err := s.Engine.UpdateMany(ctx, tx, actor, []records.Change{{ID: contactID, Values: values}}, records.UpdateOptions{})
		if errors.Is(err, records.ErrNotFound) { // the Contact was deleted: the User is the profile
			return nil
		}
		return err
	})
	var we *records.WriteError
	if errors.As(err, &we) {
		// The checks above mirror the records' rules; should a custom rule refuse a value, say which.
		fields := map[string]string{"FirstName": "firstName", "LastName": "lastName", "Phone": "phone"}
		var refused []fieldError
		for _, fe := range append(we.FieldErrors, we.Errors...) {
			refused = append(refused, fieldError{fe.Code, fe.Message, fields[fe.Field]})
		}
		if len(refused) > 0 {
			return fieldErrors(refused...)
		}
	}
	return err
}
