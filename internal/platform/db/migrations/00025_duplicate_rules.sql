-- +goose Up
-- Duplicate rules (internal/uiapi/duplicates): per object, a rule with its matching rules, stored as a JSON
-- definition so an administrator can edit it without a schema change. The standard set every installation starts
-- with alerts only (Allow): Accounts by fuzzy Name and exact BillingCity, Contacts by exact Email, Leads by exact
-- Email and fuzzy Company. position orders an object's rules; updated_at (epoch ms) dates the last edit.
CREATE TABLE sf_duplicate_rule (
    name        TEXT PRIMARY KEY,
    object_name TEXT NOT NULL,
    position    BIGINT NOT NULL,
    definition  TEXT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX ix_sf_duplicate_rule_object ON sf_duplicate_rule (object_name, position);
INSERT INTO sf_duplicate_rule (name, object_name, position, definition, updated_at) VALUES
('Standard_Account_Duplicate_Rule', 'account', 1, '{"active":true,"actionOnInsert":"Allow","actionOnUpdate":"Allow","operationsOnInsert":["Alert","Report"],"operationsOnUpdate":["Alert","Report"],"matchRules":[{"name":"Standard_Account_Match_Rule_v1_0","fields":[{"field":"Name","fuzzy":true},{"field":"BillingCity"}]}]}', 0),
('Standard_Contact_Duplicate_Rule', 'contact', 1, '{"active":true,"actionOnInsert":"Allow","actionOnUpdate":"Allow","operationsOnInsert":["Alert","Report"],"operationsOnUpdate":["Report"],"matchRules":[{"name":"Standard_Contact_Match_Rule_v1_1","fields":[{"field":"Email"}]}]}', 0),
('Standard_Lead_Duplicate_Rule', 'lead', 1, '{"active":true,"actionOnInsert":"Allow","actionOnUpdate":"Allow","operationsOnInsert":["Alert","Report"],"operationsOnUpdate":["Report"],"matchRules":[{"name":"Standard_Lead_Match_Rule_v1_0","fields":[{"field":"Email"},{"field":"Company","fuzzy":true}]}]}', 0);

-- +goose Down
DROP TABLE sf_duplicate_rule;
