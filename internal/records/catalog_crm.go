package records

// crmObjects are the service and sales objects staff work with in the console.
func crmObjects() []Object {
	return []Object{
		StandardObject("Case", "Case", "Cases", "500", true,
			Field{APIName: "CaseNumber", Label: "Case Number", Type: TypeText, Length: 8, ReadOnly: true,
				NameField: true, AutoNumber: true, AutoNumberStart: 1001},
			Text("Subject", "Subject", 255),
			LongText("Description", "Description"),
			Required(WithDefault(withAttributes(Picklist("Status", "Status", "New", "Working", "Escalated", "Closed"),
				"closed", map[string]any{"Closed": true}, false), "New")),
			WithDefault(Picklist("Priority", "Priority", "High", "Medium", "Low"), "Medium"),
			Picklist("Origin", "Case Origin", "Phone", "Email", "Web"),
			Picklist("Type", "Type", "Question", "Problem", "Feature Request"),
			caseReasons(),
			Ref("AccountId", "Account ID", "Account"),
			Ref("ContactId", "Contact ID", "Contact"),
			Bool("IsClosed", "Closed", false),
			DateTime("ClosedDate", "Closed Date"),
		),

		StandardObject("Lead", "Lead", "Leads", "00Q", true,
			Text("FirstName", "First Name", 40),
			Required(Text("LastName", "Last Name", 80)),
			ReadOnly(Field{APIName: "Name", Label: "Full Name", Type: TypeText, Length: 121, NameField: true}),
			Required(Text("Company", "Company", 255)),
			Text("Title", "Title", 128),
			Field{APIName: "Email", Label: "Email", Type: TypeEmail, Length: 80},
			Field{APIName: "Phone", Label: "Phone", Type: TypePhone, Length: 40},
			Picklist("LeadSource", "Lead Source", "Web", "Phone Inquiry", "Partner Referral", "Purchased List", "Other"),
			Required(WithDefault(withAttributes(Picklist("Status", "Lead Status", "Open - Not Contacted",
				"Working - Contacted", "Closed - Converted", "Closed - Not Converted"),
				"converted", map[string]any{"Closed - Converted": true}, false), "Open - Not Contacted")),
			Picklist("Industry", "Industry", "Agriculture", "Apparel", "Banking", "Construction", "Education",
				"Electronics", "Energy", "Engineering", "Healthcare", "Hospitality", "Manufacturing", "Retail",
				"Technology", "Transportation", "Other"),
			Currency("AnnualRevenue", "Annual Revenue"),
			TextArea("Description", "Description"),
		),

		StandardObject("Opportunity", "Opportunity", "Opportunities", "006", true,
			NameField("Name", 120),
			Ref("AccountId", "Account ID", "Account"),
			Currency("Amount", "Amount"),
			Required(Date("CloseDate", "Close Date")),
			Required(opportunityStages()),
			Field{APIName: "Probability", Label: "Probability (%)", Type: TypePercent, Precision: 3, Scale: 0},
			Picklist("Type", "Opportunity Type", "New Business", "Existing Customer - Upgrade",
				"Existing Customer - Replacement", "Existing Customer - Downgrade"),
			Picklist("LeadSource", "Lead Source", "Web", "Phone Inquiry", "Partner Referral", "Purchased List", "Other"),
			Text("NextStep", "Next Step", 255),
			TextArea("Description", "Description"),
		),

		workStep(),
	}
}

// caseReasons is Case.Reason, a picklist that depends on Case.Type: each reason is valid for some types only.
func caseReasons() Field {
	f := Field{APIName: "Reason", Label: "Case Reason", Type: TypePicklist, Length: 255, ControllerName: "Type"}
	for _, r := range []struct {
		value string
		types []string
	}{
		{"Instructions not clear", []string{"Question"}},
		{"User didn't attend training", []string{"Question"}},
		{"Breakdown", []string{"Problem"}},
		{"Performance", []string{"Problem"}},
		{"Equipment Complexity", []string{"Question", "Problem"}},
		{"New problem", []string{"Feature Request"}},
	} {
		f.Picklist = append(f.Picklist, PicklistValue{Value: r.value, Label: r.value, ValidFor: r.types})
	}
	return f
}

// workStep is a step of field-service work; its Status picklist carries the WorkStepStatus attributes (the
// status category of each value, statusCode, and its place in the path, sortOrder).
func workStep() Object {
	status := Field{APIName: "Status", Label: "Status", Type: TypePicklist, Length: 255, Required: true, Default: "New"}
	for i, s := range []struct{ value, code string }{
		{"New", "New"}, {"In Progress", "InProgress"}, {"Completed", "Completed"}, {"Cannot Complete", "CannotComplete"},
	} {
		status.Picklist = append(status.Picklist, PicklistValue{Value: s.value, Label: s.value, Attributes: map[string]any{
			"picklistAtrributesValueType": "WorkStepStatus", "sortOrder": i + 1, "statusCode": s.code}})
	}
	return StandardObject("WorkStep", "Work Step", "Work Steps", "0hF", true,
		NameField("Work Step Name", 255),
		status,
		Int("ExecutionOrder", "Execution Order"),
		TextArea("Description", "Description"),
	)
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
