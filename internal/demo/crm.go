package demo

import (
	"fmt"
	"sort"
	"strings"

	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// seedCRM adds a few cases, leads and opportunities for the console. Those objects come from the records work
// (catalog_crm.go); until their tables exist this does nothing, and it writes only the columns a table has, so it
// keeps working whatever optional fields that work chose.
func (w *writer) seedCRM(users map[string]string) error {
	owner := users[AdminUserID]
	var cases, leads, opps []map[string]any
	for i, c := range []struct{ subject, status, priority, origin, kind string }{
		{"Damaged cartons in last delivery", "New", "High", "Web", "Problem"},
		{"Request for a tax exemption certificate", "Working", "Medium", "Email", "Question"},
		{"Wrong toner model received", "Escalated", "High", "Phone", "Problem"},
		{"Set up a second shipping address", "Closed", "Low", "Web", "Question"},
		{"Invoice copy for March order", "New", "Low", "Email", "Question"},
		{"Volume pricing for floor care", "Working", "Medium", "Web", "Feature Request"},
	} {
		account := []string{BuyerAccountID, ManagerAccountID, ManagedAccountIDs[0]}[i%3]
		cases = append(cases, map[string]any{"id": records.StableID("500", int64(i+1)), "subject": c.subject,
			"description": c.subject + ".", "status": c.status, "priority": c.priority, "origin": c.origin,
			"type": c.kind, "accountid": account, "casenumber": fmt.Sprintf("%08d", 1001+i), "ownerid": owner,
			"isclosed": c.status == "Closed"})
	}
	for i, l := range []struct{ first, last, company, title, status, source string }{
		{"Jordan", "Reyes", "Cascade Hospitality", "Facilities Director", "Open - Not Contacted", "Web"},
		{"Priya", "Natarajan", "Lakeside School District", "Purchasing Manager", "Working - Contacted", "Other"},
		{"Sam", "Okafor", "Metro Transit Authority", "Maintenance Supervisor", "Working - Contacted", "Phone Inquiry"},
		{"Elena", "Fischer", "Brightline Clinics", "Operations Lead", "Closed - Not Converted", "Partner Referral"},
		{"Marcus", "Lee", "Harborview Hotels", "Procurement Analyst", "Open - Not Contacted", "Web"},
	} {
		leads = append(leads, map[string]any{"id": records.StableID("00Q", int64(i+1)), "firstname": l.first,
			"lastname": l.last, "name": l.first + " " + l.last, "company": l.company, "title": l.title,
			"status": l.status, "leadsource": l.source, "ownerid": owner,
			"email": strings.ToLower(l.first+"."+l.last) + "@example.com"})
	}
	for i, o := range []struct {
		name, stage, amount, close string
		probability                int
	}{
		{"Acme - Annual Janitorial Contract", "Negotiation/Review", "48000.00", "2026-09-30", 90},
		{"Northwind - Campus Lighting Retrofit", "Proposal/Price Quote", "125000.00", "2026-11-15", 75},
		{"Summit Medical - PPE Standing Order", "Qualification", "36000.00", "2026-08-31", 10},
		{"Harbor Office Park - Furniture Refresh", "Closed Won", "72000.00", "2026-03-31", 100},
	} {
		account := []string{BuyerAccountID, ManagedAccountIDs[0], ManagedAccountIDs[2], ManagedAccountIDs[1]}[i]
		opps = append(opps, map[string]any{"id": records.StableID("006", int64(i+1)), "name": o.name,
			"stagename": o.stage, "amount": o.amount, "closedate": o.close, "accountid": account, "ownerid": owner,
			"probability": o.probability, "isclosed": o.stage == "Closed Won", "iswon": o.stage == "Closed Won"})
	}
	for table, rows := range map[string][]map[string]any{"case": cases, "lead": leads, "opportunity": opps} {
		if err := w.insertWhereColumnsExist(table, rows); err != nil {
			return err
		}
	}
	return nil
}

// insertWhereColumnsExist writes rows (all with the same keys) into table, keeping only the columns the table has,
// plus the system columns; it does nothing when the table does not exist.
func (w *writer) insertWhereColumnsExist(table string, rows []map[string]any) error {
	existing, err := tableColumns(w, table)
	if err != nil || len(existing) == 0 {
		return err
	}
	system := map[string]any{"recordtypeid": records.DefaultRecordTypeID, "createddate": w.now,
		"createdbyid": w.userID, "lastmodifieddate": w.now, "lastmodifiedbyid": w.userID, "systemmodstamp": w.now}
	var cols []string
	for c := range rows[0] {
		if existing[c] {
			cols = append(cols, c)
		}
	}
	for c := range system {
		if existing[c] {
			cols = append(cols, c)
		}
	}
	sort.Strings(cols)
	var args []any
	var tuples []string
	for _, r := range rows {
		for _, c := range cols {
			if v, ok := r[c]; ok {
				args = append(args, v)
			} else {
				args = append(args, system[c])
			}
		}
		tuples = append(tuples, "("+strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ")+")")
	}
	quoted := make([]string, len(cols))
	for i, c := range cols {
		quoted[i] = db.Ident(c)
	}
	_, err = w.tx.Exec(w.ctx, "INSERT INTO "+db.Ident(table)+" ("+strings.Join(quoted, ", ")+") VALUES "+
		strings.Join(tuples, ", "), args...)
	if err != nil {
		return fmt.Errorf("demo: insert into %s: %w", table, err)
	}
	return nil
}

// tableColumns lists a table's columns (lower case); empty when the table does not exist.
func tableColumns(w *writer, table string) (map[string]bool, error) {
	q := `SELECT name FROM pragma_table_info(?)`
	if w.tx.Dialect() == db.Postgres {
		q = `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?`
	}
	rows, err := w.tx.Query(w.ctx, q, table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols := map[string]bool{}
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, err
		}
		cols[strings.ToLower(c)] = true
	}
	return cols, rows.Err()
}
