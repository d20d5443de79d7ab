// Package uiapi serves the records part of the UI API (v64.0) over the records engine: records (read, create,
// update, delete) and object info, in Salesforce's wire shapes. What it shares with sObject REST and SOQL (the
// signed-in wrapper, error bodies, record representation, describe rules) is package recordsapi.
package uiapi

import (
	"net/http"

	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// Base is the path every records call lives under (the app's routing table lists them).
const Base = "/services/data/v64.0/ui-api"

// Handler holds what the routes need.
type Handler struct {
	Engine *records.Engine
}

// SignedIn turns a records call into a handler that refuses guests and answers the engine's errors with the UI
// API's bodies. Every records route goes through it.
func SignedIn(next recordsapi.Call) http.Handler { return recordsapi.SignedIn(recordsapi.UIAPI, next) }
