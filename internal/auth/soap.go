package auth

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/xml"
	"errors"
	"io"
	"net/http"
	"strings"

	"storefront/internal/apiversion"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// The partner SOAP API's login call (POST /services/Soap/u/{version}), which jsforce, Data Loader and older tools
// still use to sign in: the request envelope in, the loginResponse envelope or a SOAP fault out. Only login is
// served; the session id it returns is an ordinary bearer token for the REST APIs.

// SOAPLoginPrefix starts the SOAP login path; SOAPLoginPath is its routing pattern.
const (
	SOAPLoginPrefix = "/services/Soap/u/"
	SOAPLoginPath   = SOAPLoginPrefix + "{version}"
)

// SOAPLoginHandler is POST /services/Soap/u/{version}, for the routing table.
func (s *Service) SOAPLoginHandler() http.Handler { return httpx.HandlerFunc(s.soapLogin) }

// XML namespaces of the partner API.
const (
	soapEnvNS      = "http://schemas.xmlsoap.org/soap/envelope/"
	partnerNS      = "urn:partner.soap.sforce.com"
	partnerFaultNS = "urn:fault.partner.soap.sforce.com"
	xsiNS          = "http://www.w3.org/2001/XMLSchema-instance"
)

// The real INVALID_LOGIN message, for every failed login (unknown user, wrong password, wrong organization).
const invalidLoginMessage = "Invalid username, password, security token; or user locked out."

// loginEnvelope is what a login request is read into. Header and body children match by local name in any
// namespace; the operation's namespace is checked by hand so that a wrong one gets the real "No operation" fault.
type loginEnvelope struct {
	XMLName xml.Name `xml:"http://schemas.xmlsoap.org/soap/envelope/ Envelope"`
	Header  struct {
		LoginScope *struct {
			OrganizationID string `xml:"organizationId"`
		} `xml:"LoginScopeHeader"`
		Session *struct {
			SessionID string `xml:"sessionId"`
		} `xml:"SessionHeader"`
	} `xml:"Header"`
	Body struct {
		Ops []struct {
			XMLName  xml.Name
			Username string `xml:"username"`
			Password string `xml:"password"`
		} `xml:",any"`
	} `xml:"http://schemas.xmlsoap.org/soap/envelope/ Body"`
}

// soapError is a fault to answer; soapLogin writes it (writeFault).
type soapError struct {
	code, message string
	loginFault    bool // adds the sf:LoginFault detail
}

func (e *soapError) Error() string { return e.message }

func clientFault(message string) *soapError {
	return &soapError{code: "soapenv:Client", message: message}
}

func noOperation(op string) *soapError {
	return clientFault("No operation available for request " + op + ", please check the WSDL for the service.")
}

// errInvalidLogin is every failed login (unknown user, wrong password, another organization), worded as Salesforce
// words it.
var errInvalidLogin = &soapError{code: "sf:INVALID_LOGIN", message: "INVALID_LOGIN: " + invalidLoginMessage, loginFault: true}

// soapLogin is the login and logout calls: their faults are written as SOAP faults, anything else by the one error
// writer.
func (s *Service) soapLogin(w http.ResponseWriter, r *http.Request) error {
	env, err := readLogin(w, r)
	if err == nil {
		if env.Body.Ops[0].XMLName.Local == "logout" {
			err = s.partnerLogout(w, r, env)
		} else {
			err = s.partnerLogin(w, r, env)
		}
	}
	var fault *soapError
	if errors.As(err, &fault) {
		return writeFault(w, fault)
	}
	return err
}

// readLogin reads the login request: the version, the envelope, its operation and its LoginScopeHeader.
func readLogin(w http.ResponseWriter, r *http.Request) (*loginEnvelope, error) {
	if !apiversion.Valid(r.PathValue("version")) {
		return nil, &soapError{code: "sf:UNSUPPORTED_API_VERSION", message: "UNSUPPORTED_API_VERSION: Invalid Api version specified on URL"}
	}
	// The operation is named by the body; SOAPAction may repeat it ("login", quoted or not) or be empty, as jsforce
	// sends it.
	if action := strings.Trim(strings.TrimSpace(r.Header.Get("SOAPAction")), `"`); action != "" && action != "login" && action != "logout" {
		return nil, noOperation("{" + partnerNS + "}" + action)
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, httpx.MaxBody))
	if err != nil {
		return nil, err
	}
	var env loginEnvelope
	if err := xml.NewDecoder(bytes.NewReader(body)).Decode(&env); err != nil {
		return nil, clientFault("Unable to parse the SOAP envelope: " + err.Error())
	}
	if ops := env.Body.Ops; len(ops) != 1 || ops[0].XMLName.Space != partnerNS || (ops[0].XMLName.Local != "login" && ops[0].XMLName.Local != "logout") {
		op := "{}"
		if len(ops) > 0 {
			op = "{" + ops[0].XMLName.Space + "}" + ops[0].XMLName.Local
		}
		return nil, noOperation(op)
	}
	return &env, nil
}

// errInvalidSession is a logout whose SessionHeader names no live session, worded as Salesforce words it.
var errInvalidSession = &soapError{code: "sf:INVALID_SESSION_ID",
	message: "INVALID_SESSION_ID: Invalid Session ID found in SessionHeader: Illegal Session"}

// partnerLogout ends the API session its SessionHeader names (jsforce's logout of a SOAP login) and answers an
// empty logoutResponse.
func (s *Service) partnerLogout(w http.ResponseWriter, r *http.Request, env *loginEnvelope) error {
	if env.Header.Session == nil {
		return errInvalidSession
	}
	ses, err := s.lookup(r.Context(), strings.TrimSpace(env.Header.Session.SessionID))
	if err != nil {
		return err
	}
	if ses == nil || ses.principal.Guest {
		return errInvalidSession
	}
	if err := s.destroy(r.Context(), ses.principal.SessionID); err != nil {
		return err
	}
	sessionsOf(s.DB).Forget(ses.principal.SessionID)
	return writeSOAP(w, http.StatusOK, logoutResponse{})
}

type logoutResponse struct {
	XMLName xml.Name `xml:"logoutResponse"`
}

// partnerLogin checks the credentials under the sign-in throttle and answers the loginResponse.
func (s *Service) partnerLogin(w http.ResponseWriter, r *http.Request, env *loginEnvelope) error {
	ctx := r.Context()
	login := env.Body.Ops[0]
	org, err := s.OrgID(ctx)
	if err != nil {
		return err
	}
	if scope := env.Header.LoginScope; scope != nil && scope.OrganizationID != "" && !sameOrg(scope.OrganizationID, org) {
		return errInvalidLogin
	}
	if strings.TrimSpace(login.Username) == "" || login.Password == "" {
		return errInvalidLogin
	}
	userID, _, err := s.authenticate(ctx, r, login.Username, login.Password, false)
	var limited *limitedError
	switch {
	case errors.As(err, &limited):
		// The password was not checked: not INVALID_LOGIN, which would tell a client holding the right one that it
		// is wrong. REQUEST_LIMIT_EXCEEDED is the API's code for "back off"; Retry-After says for how long.
		w.Header().Set("Retry-After", limited.retryAfter())
		return &soapError{code: "sf:REQUEST_LIMIT_EXCEEDED", message: "REQUEST_LIMIT_EXCEEDED: Too many login attempts. Try again later."}
	case errors.Is(err, errBadCredentials):
		return errInvalidLogin
	case err != nil:
		return err
	}
	p, err := s.loadProfile(ctx, userID)
	if err != nil || p == nil {
		return errors.Join(err, errors.New("auth: signed-in user without a User row"))
	}
	orgName, err := s.organizationName(ctx)
	if err != nil {
		return err
	}
	is, err := s.createAPI(ctx, userID, "", "")
	if err != nil {
		return err
	}
	version := r.PathValue("version")
	res := loginResult{
		MetadataServerURL: s.PublicURL + "/services/Soap/m/" + version + "/" + org[:15],
		ServerURL:         s.PublicURL + "/services/Soap/u/" + version + "/" + org[:15],
		SessionID:         is.token, UserID: userID,
		UserInfo: loginUserInfo{CurrencySymbol: "$", OrgAttachmentLimit: 5 << 20, OrgDefaultCurrency: "USD",
			OrgDefaultLocale: defaultLocale, OrganizationID: org,
			OrganizationName: orgName, ProfileID: profileID(p), RoleID: xsiNil(), SessionSecondsValid: int(s.IdleTimeout.Seconds()),
			UserDefaultCurrency: xsiNil(), UserEmail: p.Email, UserFullName: p.fullName(), UserID: userID,
			UserLanguage: defaultLocale, UserLocale: defaultLocale, UserName: p.Username, UserTimeZone: defaultTimeZone,
			UserType: p.UserType, UserUISkin: "Theme3"},
	}
	return writeSOAP(w, http.StatusOK, loginResponse{Result: res})
}

// organizationName is the store's name: one installation, one store, one organization.
func (s *Service) organizationName(ctx context.Context) (string, error) {
	return organizationName(ctx, s.DB)
}

func organizationName(ctx context.Context, d *db.DB) (string, error) {
	var name string
	err := d.QueryRow(ctx, `SELECT name FROM webstore ORDER BY createddate, id LIMIT 1`).Scan(&name)
	if errors.Is(err, sql.ErrNoRows) || name == "" {
		return "Storefront", nil
	}
	return name, err
}

// profileID names the user's profile; without one, Store Administrator for staff (as permissions.go reads it) and
// Buyer for buyers.
func profileID(p *profile) string {
	switch {
	case p.ProfileID != "":
		return p.ProfileID
	case p.UserType == UserTypeStaff:
		return records.StoreAdministratorProfileID
	}
	return records.BuyerProfileID
}

type loginResponse struct {
	XMLName xml.Name    `xml:"loginResponse"`
	Result  loginResult `xml:"result"`
}

// loginResult is the LoginResult type, elements in the WSDL's order.
type loginResult struct {
	MetadataServerURL string        `xml:"metadataServerUrl"`
	PasswordExpired   bool          `xml:"passwordExpired"`
	Sandbox           bool          `xml:"sandbox"`
	ServerURL         string        `xml:"serverUrl"`
	SessionID         string        `xml:"sessionId"`
	UserID            string        `xml:"userId"`
	UserInfo          loginUserInfo `xml:"userInfo"`
}

// loginUserInfo is the GetUserInfoResult type, elements in the WSDL's order.
type loginUserInfo struct {
	AccessibilityMode   bool     `xml:"accessibilityMode"`
	ChatterExternal     bool     `xml:"chatterExternal"`
	CurrencySymbol      string   `xml:"currencySymbol"`
	OrgAttachmentLimit  int      `xml:"orgAttachmentFileSizeLimit"`
	OrgDefaultCurrency  string   `xml:"orgDefaultCurrencyIsoCode"`
	OrgDefaultLocale    string   `xml:"orgDefaultCurrencyLocale"`
	OrgDisallowHTML     bool     `xml:"orgDisallowHtmlAttachments"`
	OrgPersonAccounts   bool     `xml:"orgHasPersonAccounts"`
	OrganizationID      string   `xml:"organizationId"`
	OrgMultiCurrency    bool     `xml:"organizationMultiCurrency"`
	OrganizationName    string   `xml:"organizationName"`
	ProfileID           string   `xml:"profileId"`
	RoleID              *nilElem `xml:"roleId"`
	SessionSecondsValid int      `xml:"sessionSecondsValid"`
	UserDefaultCurrency *nilElem `xml:"userDefaultCurrencyIsoCode"`
	UserEmail           string   `xml:"userEmail"`
	UserFullName        string   `xml:"userFullName"`
	UserID              string   `xml:"userId"`
	UserLanguage        string   `xml:"userLanguage"`
	UserLocale          string   `xml:"userLocale"`
	UserName            string   `xml:"userName"`
	UserTimeZone        string   `xml:"userTimeZone"`
	UserType            string   `xml:"userType"`
	UserUISkin          string   `xml:"userUiSkin"`
}

// nilElem is an element with no value: <roleId xsi:nil="true"/>.
type nilElem struct {
	Nil string `xml:"xsi:nil,attr"`
}

func xsiNil() *nilElem { return &nilElem{Nil: "true"} }

// envelope is a response envelope with the namespaces Salesforce declares on it.
type envelope struct {
	XMLName xml.Name `xml:"soapenv:Envelope"`
	SoapEnv string   `xml:"xmlns:soapenv,attr"`
	Default string   `xml:"xmlns,attr,omitempty"`
	SF      string   `xml:"xmlns:sf,attr,omitempty"`
	XSI     string   `xml:"xmlns:xsi,attr"`
	Body    struct {
		Content any
	} `xml:"soapenv:Body"`
}

// fault is a SOAP 1.1 fault; Detail is set for the API's own faults (sf:LoginFault).
type fault struct {
	XMLName xml.Name     `xml:"soapenv:Fault"`
	Code    string       `xml:"faultcode"`
	String  string       `xml:"faultstring"`
	Detail  *faultDetail `xml:"detail,omitempty"`
}

type faultDetail struct {
	LoginFault struct {
		Type    string `xml:"xsi:type,attr"`
		Code    string `xml:"sf:exceptionCode"`
		Message string `xml:"sf:exceptionMessage"`
	} `xml:"sf:LoginFault"`
}

// writeFault answers a fault with HTTP 500, as SOAP 1.1 requires.
func writeFault(w http.ResponseWriter, e *soapError) error {
	f := fault{Code: e.code, String: e.message}
	if e.loginFault {
		exception, message, _ := strings.Cut(e.message, ": ")
		f.Detail = &faultDetail{}
		f.Detail.LoginFault.Type = "sf:LoginFault"
		f.Detail.LoginFault.Code = exception
		f.Detail.LoginFault.Message = message
	}
	return writeSOAP(w, http.StatusInternalServerError, f)
}

// writeSOAP writes content in a response envelope.
func writeSOAP(w http.ResponseWriter, status int, content any) error {
	env := envelope{SoapEnv: soapEnvNS, XSI: xsiNS}
	if _, isFault := content.(fault); isFault {
		env.SF = partnerFaultNS
	} else {
		env.Default = partnerNS
	}
	env.Body.Content = content
	out, err := xml.Marshal(env)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(xml.Header))
	_, err = w.Write(out)
	return err
}
