// Package uiapi is the root of the UI API (v64.0): its base path and the one signed-in wrapper every UI API route
// goes through. The calls live in one package per endpoint group below it (records, metadata, lists,
// relatedlists, actions, apps, duplicates, lookups, avatars, files, graphql); what they share with sObject REST and
// SOQL (error bodies, record representation, field paths, describe rules) is package recordsapi.
package uiapi

import (
	"net/http"

	"storefront/internal/recordsapi"
)

// Base is the path every records call lives under (the app's routing table lists them).
const Base = "/services/data/v64.0/ui-api"

// SignedIn turns a records call into a handler that refuses guests and answers the engine's errors with the UI
// API's bodies. Every records route goes through it.
func SignedIn(next recordsapi.Call) http.Handler { return recordsapi.SignedIn(recordsapi.UIAPI, next) }
