package actions

import (
	"net/http"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// performInput is the body of perform-quick-action.
type performInput struct {
	allowSaveOnDuplicate bool
	contextID            string
	fields               map[string]any
}

// quickActionExecution is the quick action execution result of spec/data-layer.md section 3.
type quickActionExecution struct {
	ContextID      *string `json:"contextId"`
	FeedItemID     *string `json:"feedItemId"`
	ID             string  `json:"id"`
	IsCreated      bool    `json:"isCreated"`
	IsSuccess      bool    `json:"isSuccess"`
	SuccessMessage string  `json:"successMessage"`
}

// PerformQuickAction answers POST (a Create action) and PATCH (an Update action) of
// /actions/perform-quick-action/{actionApiName}: the record is written through the engine, so its hooks,
// validation and field-level security apply, all or nothing.
func (h *Handler) PerformQuickAction(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	q, _, err := h.quickAction(r.Context(), actor, r.PathValue("actionApiName"))
	if err != nil {
		return err
	}
	in, err := decodePerformInput(w, r, q)
	if err != nil {
		return err
	}
	if want := map[string]string{"Create": http.MethodPost, "Update": http.MethodPatch}[q.Type]; r.Method != want {
		return httpx.BadRequest("INVALID_INPUT", "The %s quick action is a %s action: send it with %s.", q.APIName, q.Type, want)
	}
	ctxRec, err := h.contextRecord(r.Context(), actor, q, in.contextID, "contextId", true)
	if err != nil {
		return err
	}
	values := map[string]any{}
	if q.Type == "Create" && ctxRec != nil {
		// A new record is linked to its context record (and takes the values the action copies from it) unless the
		// caller set those fields.
		for target, from := range q.FromContext {
			if src := ctxRec.Object.Field(from); src != nil && h.Engine.FieldReadable(actor, ctxRec.Object, src) {
				values[target] = records.WireValue(src, ctxRec.Values[src.APIName])
			}
		}
	}
	for name, v := range in.fields {
		values[name] = v
	}
	// Duplicate rules are the engine's before-save hook (package uiapi/duplicates), as for every writer: the
	// caller's allowSaveOnDuplicate reaches it in the write's context.
	ctx := recordsapi.AllowSaveOnDuplicate(r.Context(), in.allowSaveOnDuplicate)
	var rec *records.Record
	status, verb := http.StatusCreated, "created"
	if q.Type == "Update" {
		rec, err = h.Engine.Update(ctx, actor, ctxRec.ID, values, records.UpdateOptions{})
		status, verb = http.StatusOK, "saved"
	} else {
		rec, err = h.Engine.Create(ctx, actor, q.Target, values)
	}
	if err != nil {
		return err
	}
	out := quickActionExecution{ID: rec.ID, IsCreated: q.Type == "Create", IsSuccess: true,
		SuccessMessage: q.target.Label + ` "` + recordName(rec) + `" was ` + verb + "."}
	if ctxRec != nil {
		out.ContextID = &ctxRec.ID
	}
	httpx.WriteJSON(w, status, out)
	return nil
}

// recordName is what the success message calls the record: its name, else its id.
func recordName(rec *records.Record) string {
	if nf := rec.Object.NameFieldName(); nf != "" && rec.String(nf) != "" {
		return rec.String(nf)
	}
	return rec.ID
}

// decodePerformInput reads {allowSaveOnDuplicate, apiName, contextId, fields}. fields must be an object of the
// action's own fields: a quick action sets what its layout shows and nothing else.
func decodePerformInput(w http.ResponseWriter, r *http.Request, q *resolved) (performInput, error) {
	var in performInput
	var body map[string]any
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return in, err
	}
	if body == nil {
		return in, recordsapi.InvalidRecordInput("the body must be an object")
	}
	fields, ok := body["fields"].(map[string]any)
	if !ok {
		return in, recordsapi.InvalidRecordInput("fields must be an object of field names to values")
	}
	for name := range fields {
		if !containsFold(q.Fields, name) {
			return in, recordsapi.InvalidRecordInput("the field " + name + " is not on the " + q.APIName + " quick action")
		}
	}
	in.fields = fields
	if v, present := body["apiName"]; present && v != nil {
		if s, ok := v.(string); !ok || !strings.EqualFold(s, q.APIName) {
			return in, recordsapi.InvalidRecordInput("apiName must be the quick action's name, " + q.APIName)
		}
	}
	if v, present := body["contextId"]; present && v != nil {
		if in.contextID, ok = v.(string); !ok {
			return in, recordsapi.InvalidRecordInput("contextId must be a string")
		}
	}
	if v, present := body["allowSaveOnDuplicate"]; present && v != nil {
		if in.allowSaveOnDuplicate, ok = v.(bool); !ok {
			return in, recordsapi.InvalidRecordInput("allowSaveOnDuplicate must be a boolean")
		}
	}
	return in, nil
}

func containsFold(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}
