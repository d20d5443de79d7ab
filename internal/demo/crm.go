package demo

import (
	"strings"

	"storefront/internal/records"
)

// seedCRM adds a few cases, leads and opportunities for the console, owned by the admin.
func (w *writer) seedCRM() error {
	cases := w.table("Case", "Subject", "Description", "Status", "Priority", "Origin", "Type", "AccountId",
		"IsClosed")
	for i, c := range []struct{ subject, status, priority, origin, kind string }{
		{"Damaged cartons in last delivery", "New", "High", "Web", "Problem"},
		{"Request for a tax exemption certificate", "Working", "Medium", "Email", "Question"},
		{"Wrong toner model received", "Escalated", "High", "Phone", "Problem"},
		{"Set up a second shipping address", "Closed", "Low", "Web", "Question"},
		{"Invoice copy for March order", "New", "Low", "Email", "Question"},
		{"Volume pricing for floor care", "Working", "Medium", "Web", "Feature Request"},
	} {
		account := []string{BuyerAccountID, ManagerAccountID, ManagedAccountIDs[0]}[i%3]
		// The engine numbers them from 00001001, in this order.
		if err := cases.add(records.StableID("500", int64(i+1)), c.subject, c.subject+".", c.status, c.priority,
			c.origin, c.kind, account, c.status == "Closed"); err != nil {
			return err
		}
	}
	leads := w.table("Lead", "FirstName", "LastName", "Name", "Company", "Title", "Status", "LeadSource", "Email")
	for i, l := range []struct{ first, last, company, title, status, source string }{
		{"Jordan", "Reyes", "Cascade Hospitality", "Facilities Director", "Open - Not Contacted", "Web"},
		{"Priya", "Natarajan", "Lakeside School District", "Purchasing Manager", "Working - Contacted", "Other"},
		{"Sam", "Okafor", "Metro Transit Authority", "Maintenance Supervisor", "Working - Contacted", "Phone Inquiry"},
		{"Elena", "Fischer", "Brightline Clinics", "Operations Lead", "Closed - Not Converted", "Partner Referral"},
		{"Marcus", "Lee", "Harborview Hotels", "Procurement Analyst", "Open - Not Contacted", "Web"},
	} {
		if err := leads.add(records.StableID("00Q", int64(i+1)), l.first, l.last, l.first+" "+l.last, l.company,
			l.title, l.status, l.source, strings.ToLower(l.first+"."+l.last)+"@example.com"); err != nil {
			return err
		}
	}
	opps := w.table("Opportunity", "Name", "StageName", "Amount", "CloseDate", "AccountId", "Probability")
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
		if err := opps.add(records.StableID("006", int64(i+1)), o.name, o.stage, o.amount, o.close, account,
			o.probability); err != nil {
			return err
		}
	}
	return w.flush()
}
