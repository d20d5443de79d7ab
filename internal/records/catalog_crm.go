package records

// crmObjects are the service and sales objects staff work with in the console.
func crmObjects() []Object {
	return []Object{
		std("Case", "Case", "Cases", "500", true,
			Field{APIName: "CaseNumber", Label: "Case Number", Type: TypeText, Length: 8, ReadOnly: true,
				NameField: true, AutoNumber: true, AutoNumberStart: 1001},
			text("Subject", "Subject", 255),
			longText("Description", "Description"),
			required(withDefault(withAttributes(picklist("Status", "Status", "New", "Working", "Escalated", "Closed"),
				"closed", map[string]any{"Closed": true}, false), "New")),
			withDefault(picklist("Priority", "Priority", "High", "Medium", "Low"), "Medium"),
			picklist("Origin", "Case Origin", "Phone", "Email", "Web"),
			picklist("Type", "Type", "Question", "Problem", "Feature Request"),
			ref("AccountId", "Account ID", "Account"),
			ref("ContactId", "Contact ID", "Contact"),
			boolean("IsClosed", "Closed", false),
			dateTime("ClosedDate", "Closed Date"),
		),

		std("Lead", "Lead", "Leads", "00Q", true,
			text("FirstName", "First Name", 40),
			required(text("LastName", "Last Name", 80)),
			readOnly(Field{APIName: "Name", Label: "Full Name", Type: TypeText, Length: 121, NameField: true}),
			required(text("Company", "Company", 255)),
			text("Title", "Title", 128),
			Field{APIName: "Email", Label: "Email", Type: TypeEmail, Length: 80},
			Field{APIName: "Phone", Label: "Phone", Type: TypePhone, Length: 40},
			picklist("LeadSource", "Lead Source", "Web", "Phone Inquiry", "Partner Referral", "Purchased List", "Other"),
			required(withDefault(withAttributes(picklist("Status", "Lead Status", "Open - Not Contacted",
				"Working - Contacted", "Closed - Converted", "Closed - Not Converted"),
				"converted", map[string]any{"Closed - Converted": true}, false), "Open - Not Contacted")),
			picklist("Industry", "Industry", "Agriculture", "Apparel", "Banking", "Construction", "Education",
				"Electronics", "Energy", "Engineering", "Healthcare", "Hospitality", "Manufacturing", "Retail",
				"Technology", "Transportation", "Other"),
			currency("AnnualRevenue", "Annual Revenue"),
			textArea("Description", "Description"),
		),

		std("Opportunity", "Opportunity", "Opportunities", "006", true,
			nameField("Name", 120),
			ref("AccountId", "Account ID", "Account"),
			currency("Amount", "Amount"),
			required(date("CloseDate", "Close Date")),
			required(opportunityStages()),
			Field{APIName: "Probability", Label: "Probability (%)", Type: TypePercent, Precision: 3, Scale: 0},
			picklist("Type", "Opportunity Type", "New Business", "Existing Customer - Upgrade",
				"Existing Customer - Replacement", "Existing Customer - Downgrade"),
			picklist("LeadSource", "Lead Source", "Web", "Phone Inquiry", "Partner Referral", "Purchased List", "Other"),
			text("NextStep", "Next Step", 255),
			textArea("Description", "Description"),
		),
	}
}

// opportunityStages is the StageName picklist with its OpportunityStage attributes.
func opportunityStages() Field {
	type stage struct {
		name     string
		prob     int
		category string
		closed   bool
		won      bool
	}
	stages := []stage{
		{"Prospecting", 10, "Pipeline", false, false},
		{"Qualification", 10, "Pipeline", false, false},
		{"Needs Analysis", 20, "Pipeline", false, false},
		{"Value Proposition", 50, "Pipeline", false, false},
		{"Id. Decision Makers", 60, "Pipeline", false, false},
		{"Perception Analysis", 70, "Pipeline", false, false},
		{"Proposal/Price Quote", 75, "Pipeline", false, false},
		{"Negotiation/Review", 90, "Pipeline", false, false},
		{"Closed Won", 100, "Closed", true, true},
		{"Closed Lost", 0, "Omitted", true, false},
	}
	f := Field{APIName: "StageName", Label: "Stage", Type: TypePicklist, Length: 255}
	for _, s := range stages {
		f.Picklist = append(f.Picklist, PicklistValue{Value: s.name, Label: s.name, Attributes: map[string]any{
			"picklistAtrributesValueType": "OpportunityStage", "closed": s.closed, "won": s.won,
			"defaultProbability": s.prob, "forecastCategoryName": s.category}})
	}
	return f
}

// withAttributes gives every value of a picklist the boolean attribute key: true for the values in set, def
// otherwise, tagged with the attribute type Salesforce uses for that picklist (CaseStatus, LeadStatus).
func withAttributes(f Field, key string, set map[string]any, def bool) Field {
	valueType := map[string]string{"closed": "CaseStatus", "converted": "LeadStatus"}[key]
	for i := range f.Picklist {
		v := any(def)
		if x, ok := set[f.Picklist[i].Value]; ok {
			v = x
		}
		f.Picklist[i].Attributes = map[string]any{"picklistAtrributesValueType": valueType, key: v}
	}
	return f
}
