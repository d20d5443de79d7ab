package auth

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"
	"unicode"

	"storefront/internal/apiversion"
	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// The identity service: GET /services/oauth2/userinfo (OpenID Connect claims) and the identity URL a token response
// names, GET /id/{orgId}/{userId}, both answered with the fields Salesforce answers them with. Their failures are the
// API's JSON errors (401 INVALID_SESSION_ID without a session) rather than the identity service's plain-text
// Bad_OAuth_Token and Bad_Id, so that every error of the server has one shape.

// Paths of the identity service.
const (
	UserInfoPath = "/services/oauth2/userinfo"
	IdentityPath = "/id/{orgId}/{userId}"
)

// UserInfoHandler and IdentityHandler serve the identity service, for the routing table.
func (s *Service) UserInfoHandler() http.Handler { return httpx.HandlerFunc(s.userInfo) }
func (s *Service) IdentityHandler() http.Handler { return httpx.HandlerFunc(s.identity) }

// Defaults for what the User object does not hold yet (one store, one locale).
const (
	defaultTimeZone  = "America/Los_Angeles"
	defaultLocale    = "en_US"
	defaultUTCOffset = -28800000
)

// profile is what the identity service and the SOAP login say about a user.
type profile struct {
	ID, Username, Email, FirstName, LastName, UserType string
	ProfileID                                          string // "" when the user has none
	Active                                             bool
}

func (p *profile) fullName() string { return strings.TrimSpace(p.FirstName + " " + p.LastName) }

// nickname is the username's local part, as a community nickname defaults to.
func (p *profile) nickname() string { name, _, _ := strings.Cut(p.Username, "@"); return name }

// identityUserType spells a UserType the identity service's way: PowerCustomerSuccess is POWER_CUSTOMER_SUCCESS.
func (p *profile) identityUserType() string {
	var b strings.Builder
	for i, c := range p.UserType {
		if i > 0 && unicode.IsUpper(c) {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToUpper(c))
	}
	return b.String()
}

// loadProfile reads a user; nil when there is no such user.
func (s *Service) loadProfile(ctx context.Context, userID string) (*profile, error) {
	var p profile
	var first, profileID sql.NullString
	err := s.DB.QueryRow(ctx, `SELECT id, username, email, firstname, lastname, usertype, isactive, profileid FROM "user"
		WHERE id = ?`, userID).Scan(&p.ID, &p.Username, &p.Email, &first, &p.LastName, &p.UserType, &p.Active, &profileID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	p.FirstName, p.ProfileID = first.String, profileID.String
	return &p, err
}

// identityURL is a user's identity URL, under the public URL.
func (s *Service) identityURL(org, userID string) string {
	return s.PublicURL + "/id/" + org + "/" + userID
}

// identityURLs are the endpoints an identity answer lists. Salesforce leaves the literal {version} in them unless
// the caller asks for a version (?version=64.0, or latest).
type identityURLs struct {
	Enterprise   string `json:"enterprise"`
	Metadata     string `json:"metadata"`
	Partner      string `json:"partner"`
	Rest         string `json:"rest"`
	SObjects     string `json:"sobjects"`
	Search       string `json:"search"`
	Query        string `json:"query"`
	Recent       string `json:"recent"`
	ToolingSOAP  string `json:"tooling_soap"`
	ToolingRest  string `json:"tooling_rest"`
	Profile      string `json:"profile"`
	Feeds        string `json:"feeds"`
	Groups       string `json:"groups"`
	Users        string `json:"users"`
	FeedItems    string `json:"feed_items"`
	FeedElements string `json:"feed_elements"`
	CustomDomain string `json:"custom_domain"`
}

func (s *Service) urls(r *http.Request, org, userID string) identityURLs {
	v := r.URL.Query().Get("version")
	if v == "latest" { // the newest version released, as on Salesforce
		v = apiversion.NewestVersion()
	}
	if v == "" || !apiversion.Valid(v) {
		v = "{version}"
	}
	pub, org15 := s.PublicURL, org[:15]
	rest := pub + "/services/data/v" + v + "/"
	return identityURLs{
		Enterprise: pub + "/services/Soap/c/" + v + "/" + org15, Metadata: pub + "/services/Soap/m/" + v + "/" + org15,
		Partner: pub + "/services/Soap/u/" + v + "/" + org15, Rest: rest, SObjects: rest + "sobjects/",
		Search: rest + "search/", Query: rest + "query/", Recent: rest + "recent/",
		ToolingSOAP: pub + "/services/Soap/T/" + v + "/" + org15, ToolingRest: rest + "tooling/",
		Profile: pub + "/" + userID, Feeds: rest + "chatter/feeds", Groups: rest + "chatter/groups",
		Users: rest + "chatter/users", FeedItems: rest + "chatter/feed-items", FeedElements: rest + "chatter/feed-elements",
		CustomDomain: pub,
	}
}

type photos struct {
	Picture   *string `json:"picture"`
	Thumbnail *string `json:"thumbnail"`
}

// userInfoResponse is the OpenID Connect userinfo answer.
type userInfoResponse struct {
	Sub               string       `json:"sub"`
	UserID            string       `json:"user_id"`
	OrganizationID    string       `json:"organization_id"`
	PreferredUsername string       `json:"preferred_username"`
	Nickname          string       `json:"nickname"`
	Name              string       `json:"name"`
	Email             string       `json:"email"`
	EmailVerified     bool         `json:"email_verified"`
	GivenName         string       `json:"given_name"`
	FamilyName        string       `json:"family_name"`
	ZoneInfo          string       `json:"zoneinfo"`
	Photos            photos       `json:"photos"`
	Profile           string       `json:"profile"`
	Picture           *string      `json:"picture"`
	Address           struct{}     `json:"address"`
	IntegrationUser   bool         `json:"is_salesforce_integration_user"`
	URLs              identityURLs `json:"urls"`
	Active            bool         `json:"active"`
	UserType          string       `json:"user_type"`
	Language          string       `json:"language"`
	Locale            string       `json:"locale"`
	UTCOffset         int          `json:"utcOffset"`
	IsAppInstalled    bool         `json:"is_app_installed"`
}

// identityResponse is the identity URL's answer.
type identityResponse struct {
	ID                   string  `json:"id"`
	AssertedUser         bool    `json:"asserted_user"`
	UserID               string  `json:"user_id"`
	OrganizationID       string  `json:"organization_id"`
	Username             string  `json:"username"`
	NickName             string  `json:"nick_name"`
	DisplayName          string  `json:"display_name"`
	Email                string  `json:"email"`
	EmailVerified        bool    `json:"email_verified"`
	FirstName            string  `json:"first_name"`
	LastName             string  `json:"last_name"`
	Timezone             string  `json:"timezone"`
	Photos               photos  `json:"photos"`
	AddrStreet           *string `json:"addr_street"`
	AddrCity             *string `json:"addr_city"`
	AddrState            *string `json:"addr_state"`
	AddrCountry          *string `json:"addr_country"`
	AddrZip              *string `json:"addr_zip"`
	MobilePhone          *string `json:"mobile_phone"`
	MobilePhoneVerified  bool    `json:"mobile_phone_verified"`
	IsLightningLoginUser bool    `json:"is_lightning_login_user"`
	Status               struct {
		CreatedDate *string `json:"created_date"`
		Body        *string `json:"body"`
	} `json:"status"`
	URLs           identityURLs `json:"urls"`
	Active         bool         `json:"active"`
	UserType       string       `json:"user_type"`
	Language       string       `json:"language"`
	Locale         string       `json:"locale"`
	UTCOffset      int          `json:"utcOffset"`
	IsAppInstalled bool         `json:"is_app_installed"`
}

// signedInProfile returns the caller's org id and profile; nil profile when the caller is a guest.
func (s *Service) signedInProfile(r *http.Request, userID string) (string, *profile, error) {
	org, err := s.OrgID(r.Context())
	if err != nil {
		return "", nil, err
	}
	p, err := s.loadProfile(r.Context(), userID)
	return org, p, err
}

// userInfo is GET /services/oauth2/userinfo: the caller's claims.
func (s *Service) userInfo(w http.ResponseWriter, r *http.Request) error {
	caller := identity.FromContext(r.Context())
	if !records.Signed(caller) {
		return httpx.Unauthorized()
	}
	org, p, err := s.signedInProfile(r, caller.UserID)
	if err != nil || p == nil {
		return errors.Join(err, errors.New("auth: signed-in user without a User row"))
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, userInfoResponse{Sub: s.identityURL(org, p.ID), UserID: p.ID, OrganizationID: org,
		PreferredUsername: p.Username, Nickname: p.nickname(), Name: p.fullName(), Email: p.Email, EmailVerified: true,
		GivenName: p.FirstName, FamilyName: p.LastName, ZoneInfo: defaultTimeZone, Profile: s.PublicURL + "/" + p.ID,
		URLs: s.urls(r, org, p.ID), Active: p.Active, UserType: p.identityUserType(), Language: defaultLocale,
		Locale: defaultLocale, UTCOffset: defaultUTCOffset, IsAppInstalled: true})
	return nil
}

// identity is GET /id/{orgId}/{userId}: a user's identity. A caller reads its own; staff read anyone's.
func (s *Service) identity(w http.ResponseWriter, r *http.Request) error {
	caller := identity.FromContext(r.Context())
	if !records.Signed(caller) {
		return httpx.Unauthorized()
	}
	org, err := s.OrgID(r.Context())
	if err != nil {
		return err
	}
	userID, ok := records.NormalizeID(r.PathValue("userId"))
	if !sameOrg(r.PathValue("orgId"), org) || !ok {
		return httpx.NotFound("The requested resource does not exist")
	}
	if userID != caller.UserID && !caller.Staff {
		return httpx.Forbidden("A user reads only their own identity.")
	}
	p, err := s.loadProfile(r.Context(), userID)
	if err != nil {
		return err
	}
	if p == nil {
		return httpx.NotFound("The requested resource does not exist")
	}
	out := identityResponse{ID: s.identityURL(org, p.ID), AssertedUser: p.ID == caller.UserID, UserID: p.ID,
		OrganizationID: org, Username: p.Username, NickName: p.nickname(), DisplayName: p.fullName(), Email: p.Email,
		EmailVerified: true, FirstName: p.FirstName, LastName: p.LastName, Timezone: defaultTimeZone,
		URLs: s.urls(r, org, p.ID), Active: p.Active, UserType: p.identityUserType(), Language: defaultLocale,
		Locale: defaultLocale, UTCOffset: defaultUTCOffset, IsAppInstalled: true}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// CallerIdentityURL is the signed-in caller's identity URL (a version's resource list names it).
func (s *Service) CallerIdentityURL(r *http.Request) (string, error) {
	org, err := s.OrgID(r.Context())
	if err != nil {
		return "", err
	}
	return s.identityURL(org, identity.FromContext(r.Context()).UserID), nil
}
