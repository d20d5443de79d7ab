package navigation

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"storefront/internal/platform/httpx"
)

// The one server action Storefront has: the navigation menu of the storefront's header and profile menu.
const (
	ApexClass  = "NavigationMenuItemsController"
	ApexMethod = "getConnectNavigationItems"
)

// ApexError is the body of a failed server action, as Apex reports an exception to the client
// (error.body in a component): message, exceptionType, isUserDefinedException, stackTrace.
type ApexError struct {
	Message                string  `json:"message"`
	ExceptionType          string  `json:"exceptionType"`
	IsUserDefinedException bool    `json:"isUserDefinedException"`
	StackTrace             *string `json:"stackTrace"`
}

// Apex answers the server-action route /lwr/apex/v64.0/{apexClass}/{apexMethod} for GET and POST. GET carries the
// parameters as the JSON string query parameter methodParams, POST as the JSON body. The X-SFDC-Allow-Continuation
// header is accepted and changes nothing: every action here answers at once.
func (h *Handlers) Apex() http.Handler {
	return httpx.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		if !strings.EqualFold(r.PathValue("apexClass"), ApexClass) || !strings.EqualFold(r.PathValue("apexMethod"), ApexMethod) {
			return apexError(http.StatusNotFound, "System.NoSuchMethodException",
				fmt.Sprintf("No Apex action is available for %s.%s.", r.PathValue("apexClass"), r.PathValue("apexMethod")))
		}
		params, err := methodParams(w, r)
		if err != nil {
			return err
		}
		out, err := h.getConnectNavigationItems(r, params)
		if err != nil {
			return asApexError(err)
		}
		w.Header().Set("Cache-Control", CacheControl)
		httpx.WriteJSON(w, http.StatusOK, out)
		return nil
	})
}

// getConnectNavigationItems(communityId, navigationLinkSetDeveloperName, showHomeLink, effectiveAccountId,
// includeImageUrl): the live menu of the community.
func (h *Handlers) getConnectNavigationItems(r *http.Request, p params) (*Collection, error) {
	community, err := p.requiredString("communityId")
	if err != nil {
		return nil, err
	}
	name, err := p.requiredString("navigationLinkSetDeveloperName")
	if err != nil {
		return nil, err
	}
	req := Request{LinkSetName: name, SkipTypes: map[string]bool{}}
	if req.AddHome, err = p.boolean("showHomeLink"); err != nil {
		return nil, err
	}
	if req.IncludeImageURLs, err = p.boolean("includeImageUrl"); err != nil {
		return nil, err
	}
	account, err := p.optionalString("effectiveAccountId")
	if err != nil {
		return nil, err
	}
	return h.serve(r, community, account, req)
}

// params are an action's named parameters, as raw JSON values.
type params map[string]json.RawMessage

// methodParams reads the parameters: the methodParams query parameter of a GET (none is an empty set), the body
// of a POST.
func methodParams(w http.ResponseWriter, r *http.Request) (params, error) {
	var raw []byte
	if r.Method == http.MethodPost {
		body, err := httpx.ReadBody(w, r)
		if err != nil {
			return nil, err
		}
		raw = body
	} else {
		raw = []byte(r.URL.Query().Get("methodParams"))
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return params{}, nil
	}
	var p params
	if err := json.Unmarshal(raw, &p); err != nil || p == nil {
		return nil, apexError(http.StatusBadRequest, "System.JSONException",
			"The method parameters must be a JSON object of named parameters.")
	}
	return p, nil
}

func (p params) value(name string) (json.RawMessage, bool) {
	v, ok := p[name]
	if !ok || string(bytes.TrimSpace(v)) == "null" {
		return nil, false
	}
	return v, true
}

func (p params) optionalString(name string) (string, error) {
	v, ok := p.value(name)
	if !ok {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		return "", paramTypeError(name, "String")
	}
	return strings.TrimSpace(s), nil
}

func (p params) requiredString(name string) (string, error) {
	s, err := p.optionalString(name)
	if err == nil && s == "" {
		err = apexError(http.StatusBadRequest, "System.IllegalArgumentException",
			fmt.Sprintf("The parameter %s is required.", name))
	}
	return s, err
}

// boolean reads a Boolean parameter: true, false, or the strings "true" and "false" (Apex converts them); absent
// or null is false.
func (p params) boolean(name string) (bool, error) {
	v, ok := p.value(name)
	if !ok {
		return false, nil
	}
	var b bool
	if err := json.Unmarshal(v, &b); err == nil {
		return b, nil
	}
	var s string
	if err := json.Unmarshal(v, &s); err == nil {
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
	}
	return false, paramTypeError(name, "Boolean")
}

func paramTypeError(name, typ string) error {
	return apexError(http.StatusBadRequest, "System.TypeException",
		fmt.Sprintf("The value of the parameter %s isn't a valid %s.", name, typ))
}

func apexError(status int, exceptionType, message string) *httpx.Error {
	return &httpx.Error{Status: status, Code: exceptionType, Message: message,
		Body: ApexError{Message: message, ExceptionType: exceptionType}}
}

// asApexError gives the API errors of the shared checks (unknown community 404, guest of a closed store 401,
// effective account 400/403) the Apex error body; other errors stay as they are (a 500 reveals nothing).
func asApexError(err error) error {
	var e *httpx.Error
	if !errors.As(err, &e) || e.Body != nil {
		return err
	}
	kind := "System.IllegalArgumentException"
	switch e.Status {
	case http.StatusUnauthorized, http.StatusForbidden:
		kind = "System.NoAccessException"
	case http.StatusNotFound:
		kind = "System.NoDataFoundException"
	}
	return apexError(e.Status, kind, e.Message)
}
