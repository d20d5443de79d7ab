package sobjects

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// maxCollection bounds the records of one collections call, as Salesforce does.
const maxCollection = 200

// recordOp writes one record of a collection inside tx and names it.
type recordOp func(ctx context.Context, tx *db.Tx) (id string, err error)

// errRolledBack stops an allOrNone transaction after a record failed.
var errRolledBack = errors.New("sobjects: a record of the collection failed")

func rolledBackResult() SaveResult {
	return SaveResult{Errors: []ResultError{{StatusCode: "ALL_OR_NONE_OPERATION_ROLLED_BACK",
		Message: "Record rolled back because not all records were valid and the request was using AllOrNone header", Fields: []string{}}}}
}

// failedResult is a record's errors; a record that exists (update, delete) keeps its id.
func failedResult(id string, items []ResultError) SaveResult {
	res := SaveResult{Errors: items}
	if id != "" {
		res.ID = &id
	}
	return res
}

// runCollection runs the ops: with allOrNone in one transaction (records.Engine.InTx) that a failure rolls back
// (the failed record keeps its errors, every other one answers ALL_OR_NONE_OPERATION_ROLLED_BACK); otherwise each
// in its own.
func (h *Handler) runCollection(ctx context.Context, ops []recordOp, allOrNone bool) ([]SaveResult, error) {
	results := make([]SaveResult, len(ops))
	if !allOrNone {
		for i, op := range ops {
			var id string
			err := h.Engine.InTx(ctx, func(ctx context.Context, tx *db.Tx) (err error) { id, err = op(ctx, tx); return err })
			if results[i], err = saveResult(id, err); err != nil {
				return nil, err
			}
		}
		return results, nil
	}
	failed := -1
	err := h.Engine.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		for i, op := range ops {
			id, err := op(ctx, tx)
			res, fatal := saveResult(id, err)
			if fatal != nil {
				return fatal
			}
			results[i] = res
			if !res.Success {
				failed = i
				return errRolledBack
			}
		}
		return nil
	})
	if err != nil && !errors.Is(err, errRolledBack) {
		return nil, err
	}
	if failed >= 0 {
		for i := range results {
			if i != failed {
				results[i] = rolledBackResult()
			}
		}
	}
	return results, nil
}

// saveResult is one op's entry; errors that are not the caller's are returned as they are.
func saveResult(id string, err error) (SaveResult, error) {
	if err == nil {
		return created(id), nil
	}
	items, fatal := errorItems(err)
	if fatal != nil {
		return SaveResult{}, fatal
	}
	return failedResult(id, items), nil
}

// collectionBody is the body of POST and PATCH composite/sobjects.
type collectionBody struct {
	AllOrNone bool             `json:"allOrNone"`
	Records   []map[string]any `json:"records"`
}

func decodeCollection(w http.ResponseWriter, r *http.Request) (*collectionBody, error) {
	var body collectionBody
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return nil, err
	}
	if len(body.Records) > maxCollection {
		return nil, tooMany()
	}
	if len(body.Records) == 0 {
		return nil, httpx.BadRequest("INVALID_INPUT", "records must list 1 to %d records.", maxCollection)
	}
	return &body, nil
}

func tooMany() error {
	return httpx.BadRequest("EXCEEDED_ID_LIMIT", "record limit reached. cannot submit more than %d records into this call", maxCollection)
}

// recordType is a collection record's attributes.type.
func recordType(rec map[string]any) string {
	attrs, _ := rec["attributes"].(map[string]any)
	t, _ := attrs["type"].(string)
	return t
}

// fieldsOf is a record's field values: everything but attributes (and the Id, which names the record).
func fieldsOf(rec map[string]any) map[string]any {
	out := make(map[string]any, len(rec))
	for k, v := range rec {
		if k != "attributes" && !strings.EqualFold(k, "Id") {
			out[k] = v
		}
	}
	return out
}

func itemError(code, message string, fields ...string) error {
	return recordsapi.RESTError(http.StatusBadRequest, code, message, fields...)
}

// CreateCollection answers POST composite/sobjects: up to 200 records of any objects, each named by
// attributes.type; 200 with one SaveResult per record, in order.
func (h *Handler) CreateCollection() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		body, err := decodeCollection(w, r)
		if err != nil {
			return err
		}
		ops := make([]recordOp, len(body.Records))
		for i, rec := range body.Records {
			typ, values := recordType(rec), fieldsOf(rec)
			ops[i] = func(ctx context.Context, tx *db.Tx) (string, error) {
				if typ == "" {
					return "", itemError("INVALID_TYPE", "Must send a concrete entity type.")
				}
				recs, err := h.Engine.Insert(ctx, tx, actor, typ, []map[string]any{values})
				if err != nil {
					return "", err
				}
				return recs[0].ID, nil
			}
		}
		return h.answerCollection(w, r, actor, "create", ops, body.AllOrNone)
	})
}

// UpdateCollection answers PATCH composite/sobjects: records named by their Id.
func (h *Handler) UpdateCollection() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		body, err := decodeCollection(w, r)
		if err != nil {
			return err
		}
		ops := make([]recordOp, len(body.Records))
		for i, rec := range body.Records {
			rawID, _ := rec["Id"].(string)
			if rawID == "" {
				rawID, _ = rec["id"].(string)
			}
			values := fieldsOf(rec)
			ops[i] = func(ctx context.Context, tx *db.Tx) (string, error) {
				id, ok := records.NormalizeID(rawID)
				switch {
				case rawID == "":
					return "", itemError("MISSING_ARGUMENT", "Id not specified in an update call", "Id")
				case !ok:
					return "", itemError("MALFORMED_ID", "invalid record id: "+rawID, "Id")
				}
				if _, err := h.Engine.UpdateMany(ctx, tx, actor, []records.Change{{ID: id, Values: values}}, records.UpdateOptions{}); err != nil {
					return id, err
				}
				return id, nil
			}
		}
		return h.answerCollection(w, r, actor, "update", ops, body.AllOrNone)
	})
}

// DeleteCollection answers DELETE composite/sobjects?ids=a,b&allOrNone=true.
func (h *Handler) DeleteCollection() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		ids := recordsapi.SplitList(r.URL.Query().Get("ids"))
		if len(ids) == 0 {
			return httpx.BadRequest("MISSING_ARGUMENT", "ids must name 1 to %d records.", maxCollection)
		}
		if len(ids) > maxCollection {
			return tooMany()
		}
		ops := make([]recordOp, len(ids))
		for i, raw := range ids {
			ops[i] = func(ctx context.Context, tx *db.Tx) (string, error) {
				id, ok := records.NormalizeID(raw)
				if !ok {
					return "", itemError("MALFORMED_ID", "malformed id "+raw)
				}
				return id, h.Engine.DeleteMany(ctx, tx, actor, []string{id})
			}
		}
		return h.answerCollection(w, r, actor, "delete", ops, strings.EqualFold(r.URL.Query().Get("allOrNone"), "true"))
	})
}

// answerCollection runs the ops, logs what was written and answers the results.
func (h *Handler) answerCollection(w http.ResponseWriter, r *http.Request, actor *identity.Principal, what string, ops []recordOp, allOrNone bool) error {
	results, err := h.runCollection(r.Context(), ops, allOrNone)
	if err != nil {
		return err
	}
	var written []string
	for _, res := range results {
		if res.Success {
			written = append(written, *res.ID)
		}
	}
	if len(written) > 0 {
		h.logWrite(r, actor, what+"-collection", "", written...)
	}
	httpx.WriteJSON(w, http.StatusOK, results)
	return nil
}
