package records

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	engine "storefront/internal/records"
	"storefront/internal/recordsapi"
)

// POST /records/batch: operations of type CREATE, UPDATE or DELETE (any case), each with records in the record
// input shape. With allOrNone the whole batch is one engine transaction: the first refusal rolls everything back and
// the other items say so. Without it every record is saved on its own.

// errBatchConfig is the message of a batch whose shape is wrong.
const errBatchConfig = `Invalid config for "executeBatchRecordOperations"`

func batchConfig(why string) error {
	return httpx.BadRequest("INVALID_INPUT", "%s: %s.", errBatchConfig, why)
}

// batchOp is one record of one operation.
type batchOp struct {
	kind string // CREATE, UPDATE, DELETE
	in   recordInput
	id   string // UPDATE and DELETE: the record's Id field
}

// decodeBatch checks the body: {allOrNone: boolean (required), useDefaultRule: boolean (optional), operations:
// [{type, records: [recordInput]}]}.
func decodeBatch(w http.ResponseWriter, r *http.Request) (allOrNone bool, ops []batchOp, err error) {
	var decoded any
	if err := httpx.DecodeJSON(w, r, &decoded); err != nil {
		return false, nil, err
	}
	body, ok := decoded.(map[string]any)
	if !ok {
		return false, nil, batchConfig("the body must be an object")
	}
	allOrNone, ok = body["allOrNone"].(bool)
	if !ok {
		return false, nil, batchConfig("allOrNone is required and must be a boolean")
	}
	// useDefaultRule may come in the body too (the client's config, spec section 5): optional, boolean when given.
	if v, given := body["useDefaultRule"]; given {
		if _, ok := v.(bool); !ok {
			return false, nil, batchConfig("useDefaultRule must be a boolean")
		}
	}
	operations, ok := body["operations"].([]any)
	if !ok || len(operations) == 0 {
		return false, nil, batchConfig("operations must be a non-empty list")
	}
	ids := map[string]bool{}
	for _, o := range operations {
		op, _ := o.(map[string]any)
		kind, _ := op["type"].(string)
		kind = strings.ToUpper(kind)
		if kind != "CREATE" && kind != "UPDATE" && kind != "DELETE" {
			return false, nil, batchConfig("each operation needs a type: CREATE, UPDATE or DELETE")
		}
		recs, ok := op["records"].([]any)
		if !ok {
			return false, nil, batchConfig("each operation needs a records list")
		}
		for _, rv := range recs {
			in, err := recordInputOf(rv)
			if err != nil {
				return false, nil, err
			}
			item := batchOp{kind: kind, in: in}
			item.id, _ = in.fields["Id"].(string)
			switch {
			case kind == "CREATE" && (in.apiName == "" || item.id != ""):
				return false, nil, invalidBatch("A CREATE operation needs the apiName of each record and no Id.")
			case kind != "CREATE" && (in.apiName != "" || item.id == ""):
				return false, nil, invalidBatch("An " + kind + " operation needs the Id field of each record and no apiName.")
			}
			if item.id != "" {
				full, _ := engine.NormalizeID(item.id)
				if ids[full] && full != "" {
					return false, nil, invalidBatch("A record can be in only one operation of a batch: " + item.id)
				}
				ids[full] = true
			}
			ops = append(ops, item)
		}
	}
	if len(ops) > MaxBatchRecords {
		return false, nil, invalidBatch(fmt.Sprintf("A batch can save at most %d records.", MaxBatchRecords))
	}
	return allOrNone, ops, nil
}

func invalidBatch(msg string) error { return httpx.BadRequest("INVALID_BATCH_REQUEST", "%s", msg) }

// rolledBack is the item of a record that was valid but undone with the batch (allOrNone).
var rolledBack = recordsapi.BatchItem{StatusCode: http.StatusBadRequest, Result: []httpx.ErrorItem{{ErrorCode: "ALL_OR_NONE_OPERATION_ROLLED_BACK",
	Message: "Record rolled back because not all records were valid and the request was using AllOrNone header"}}}

// ExecuteBatch answers POST /records/batch with BatchRepresentation (200), an item per record in order.
func (h *Handler) ExecuteBatch(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	if _, err := boolParam(r, "useDefaultRule"); err != nil {
		return err
	}
	allOrNone, ops, err := decodeBatch(w, r)
	if err != nil {
		return err
	}
	out := batchBody{Results: make([]recordsapi.BatchItem, len(ops))}
	if !allOrNone {
		for i, op := range ops {
			if out.Results[i], err = h.save(r.Context(), actor, op); err != nil {
				return err
			}
			out.HasErrors = out.HasErrors || out.Results[i].StatusCode >= 400
		}
		httpx.WriteJSON(w, http.StatusOK, out)
		return nil
	}
	failed := errors.New("batch refused")
	err = h.Engine.InTx(r.Context(), func(ctx context.Context, _ *db.Tx) error {
		for i, op := range ops {
			item, err := h.save(ctx, actor, op)
			if err != nil {
				return err
			}
			out.Results[i] = item
			if item.StatusCode >= 400 {
				for j := range out.Results {
					if j != i {
						out.Results[j] = rolledBack
					}
				}
				out.HasErrors = true
				return failed
			}
		}
		return nil
	})
	if err != nil && err != failed {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// save runs one record of a batch; a refusal is its item (status and the error body), not an error.
func (h *Handler) save(ctx context.Context, actor *identity.Principal, op batchOp) (recordsapi.BatchItem, error) {
	var rec *engine.Record
	var err error
	status := http.StatusOK
	switch op.kind {
	case "CREATE":
		rec, err = h.Engine.Create(op.in.context(ctx), actor, op.in.apiName, op.in.fields)
		status = http.StatusCreated
	case "UPDATE":
		rec, err = h.Engine.Update(op.in.context(ctx), actor, op.id, op.in.fields, engine.UpdateOptions{})
	case "DELETE":
		err = h.Engine.Delete(ctx, actor, op.id)
		status = http.StatusNoContent
	}
	if err != nil {
		return recordsapi.ItemOf(nil, err)
	}
	if rec == nil {
		return recordsapi.BatchItem{StatusCode: status}, nil
	}
	return recordsapi.BatchItem{StatusCode: status, Result: recordsapi.UIRecord(h.Engine, actor, rec)}, nil
}
