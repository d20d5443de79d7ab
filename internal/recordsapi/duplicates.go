package recordsapi

import (
	"context"
	"net/http"
	"strings"

	"storefront/internal/records"
)

// A save that a duplicate rule blocks (records.CodeDuplicates) answers, in each dialect, what the rule matched: the
// UI API's duplicateRecordError {matchResults} on the error item, the REST API's duplicateResult.

// DuplicateHeader is the REST API's header that lets a write save duplicates: "allowSave=true".
const DuplicateHeader = "Sforce-Duplicate-Rule-Header"

// withDuplicateHeader carries the header's allowSave into the write's context, for sObject REST, composite and
// the UI API alike (the UI API's body flag allowSaveOnDuplicate does the same).
func withDuplicateHeader(r *http.Request) *http.Request {
	for _, part := range strings.Split(r.Header.Get(DuplicateHeader), ",") {
		k, v, _ := strings.Cut(part, "=")
		if strings.EqualFold(strings.TrimSpace(k), "allowSave") && strings.EqualFold(strings.TrimSpace(v), "true") {
			return r.WithContext(records.AllowDuplicates(r.Context()))
		}
	}
	return r
}

// AllowSaveOnDuplicate is ctx marked to save duplicates when allow is true (the UI API's allowSaveOnDuplicate).
func AllowSaveOnDuplicate(ctx context.Context, allow bool) context.Context {
	if allow {
		return records.AllowDuplicates(ctx)
	}
	return ctx
}

// MatchResult is the UI API's MatchResultRepresentation.
type MatchResult struct {
	APIName           string    `json:"apiName"`
	IsAllowSave       bool      `json:"isAllowSave"`
	MatchRecordIDs    []string  `json:"matchRecordIds"`
	MatchRule         string    `json:"matchRule"`
	ObjectLabel       string    `json:"objectLabel"`
	ObjectLabelPlural string    `json:"objectLabelPlural"`
	ThemeInfo         ThemeInfo `json:"themeInfo"`
}

type uiDuplicateError struct {
	MatchResults []MatchResult `json:"matchResults"`
}

func uiDuplicates(d *records.DuplicateResult) *uiDuplicateError {
	o := d.Object
	return &uiDuplicateError{MatchResults: []MatchResult{{APIName: o.APIName, IsAllowSave: d.AllowSave,
		MatchRecordIDs: append([]string{}, d.RecordIDs...), MatchRule: d.MatchRule, ObjectLabel: o.Label,
		ObjectLabelPlural: o.LabelPlural, ThemeInfo: ThemeInfoOf(o)}}}
}

// restDuplicateResult is the REST API's DuplicateResult.
type restDuplicateResult struct {
	AllowSave               bool              `json:"allowSave"`
	DuplicateRule           string            `json:"duplicateRule"`
	DuplicateRuleEntityType string            `json:"duplicateRuleEntityType"`
	ErrorMessage            string            `json:"errorMessage"`
	MatchResults            []restMatchResult `json:"matchResults"`
}

type restMatchResult struct {
	EntityType   string            `json:"entityType"`
	Errors       []any             `json:"errors"`
	MatchEngine  string            `json:"matchEngine"`
	MatchRecords []restMatchRecord `json:"matchRecords"`
	Rule         string            `json:"rule"`
	Size         int               `json:"size"`
	Success      bool              `json:"success"`
}

type restMatchRecord struct {
	AdditionalInformation []any   `json:"additionalInformation"`
	FieldDiffs            []any   `json:"fieldDiffs"`
	MatchConfidence       float64 `json:"matchConfidence"`
	Record                *Object `json:"record"`
}

func restDuplicates(d *records.DuplicateResult) *restDuplicateResult {
	if d == nil {
		return nil
	}
	o := d.Object
	m := restMatchResult{EntityType: o.APIName, Errors: []any{}, MatchEngine: d.MatchEngine,
		MatchRecords: []restMatchRecord{}, Rule: d.MatchRule, Size: len(d.RecordIDs), Success: true}
	for _, id := range d.RecordIDs {
		rec := &Object{}
		rec.Set("attributes", map[string]string{"type": o.APIName, "url": "/services/data/v64.0/sobjects/" + o.APIName + "/" + id})
		rec.Set("Id", id)
		m.MatchRecords = append(m.MatchRecords, restMatchRecord{AdditionalInformation: []any{}, FieldDiffs: []any{},
			MatchConfidence: 100, Record: rec})
	}
	return &restDuplicateResult{AllowSave: d.AllowSave, DuplicateRule: d.Rule, DuplicateRuleEntityType: o.APIName,
		ErrorMessage: records.DuplicatesMessage, MatchResults: []restMatchResult{m}}
}
