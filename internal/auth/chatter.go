package auth

import (
	"database/sql"
	"errors"
	"net/http"

	"storefront/internal/apiversion"
	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// ChatterMeHandler is GET /services/data/vXX.X/chatter/users/me: the signed-in user in the Connect API's User
// Detail shape, how a headless storefront learns who is signed in. What Storefront has no notion of (Chatter
// activity, followers, photos, a manager) is null or zero.
func (s *Service) ChatterMeHandler() http.Handler { return httpx.HandlerFunc(s.chatterMe) }

// chatterUser is the User Detail response body, the properties Storefront can answer.
type chatterUser struct {
	AboutMe           *string        `json:"aboutMe"`
	AdditionalLabel   *string        `json:"additionalLabel"`
	Address           chatterAddress `json:"address"`
	CommunityNickname string         `json:"communityNickname"`
	CompanyName       *string        `json:"companyName"`
	DisplayName       string         `json:"displayName"`
	Email             string         `json:"email"`
	FirstName         string         `json:"firstName"`
	FollowersCount    int            `json:"followersCount"`
	GroupCount        int            `json:"groupCount"`
	HasChatter        bool           `json:"hasChatter"`
	ID                string         `json:"id"`
	IsActive          bool           `json:"isActive"`
	IsInThisCommunity bool           `json:"isInThisCommunity"`
	LastName          string         `json:"lastName"`
	ManagerID         *string        `json:"managerId"`
	ManagerName       *string        `json:"managerName"`
	Name              string         `json:"name"`
	PhoneNumbers      []any          `json:"phoneNumbers"`
	Title             *string        `json:"title"`
	Type              string         `json:"type"`
	URL               string         `json:"url"`
	Username          string         `json:"username"`
	UserType          string         `json:"userType"`
}

type chatterAddress struct {
	City             *string `json:"city"`
	Country          *string `json:"country"`
	FormattedAddress string  `json:"formattedAddress"`
	State            *string `json:"state"`
	Street           *string `json:"street"`
	Zip              *string `json:"zip"`
}

func (s *Service) chatterMe(w http.ResponseWriter, r *http.Request) error {
	caller := identity.FromContext(r.Context())
	if !records.Signed(caller) {
		return httpx.Unauthorized()
	}
	ctx := r.Context()
	p, err := s.loadProfile(ctx, caller.UserID)
	if err != nil || p == nil {
		return errors.Join(err, errors.New("auth: signed-in user without a User row"))
	}
	// The company is the buyer's account; staff work for the organization.
	var company sql.NullString
	if caller.AccountID != "" {
		err = s.DB.QueryRow(ctx, `SELECT name FROM account WHERE id = ?`, caller.AccountID).Scan(&company)
	} else {
		company.String, err = s.organizationName(ctx)
		company.Valid = err == nil
	}
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	userType := "Internal"
	if p.UserType != UserTypeStaff {
		userType = "Portal" // an external user of the store's site
	}
	out := chatterUser{CommunityNickname: p.nickname(), DisplayName: p.fullName(), Email: p.Email,
		FirstName: p.FirstName, HasChatter: true, ID: p.ID, IsActive: p.Active, IsInThisCommunity: true,
		LastName: p.LastName, Name: p.fullName(), PhoneNumbers: []any{}, Type: "User", Username: p.Username,
		URL: apiversion.Path(ctx, "/services/data/v"+apiversion.Latest+"/chatter/users/"+p.ID), UserType: userType}
	if company.Valid {
		out.CompanyName = &company.String
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}
