package records

// fileObjects are Salesforce Files: a ContentDocument is a file, each ContentVersion one upload of it (the bytes
// live outside the row, in the file store of package uiapi/files), and a ContentDocumentLink shares the file with a
// record. What an upload measures (size, type, version number) is read-only: the upload call sets it, nobody edits it.
func fileObjects() []Object {
	return []Object{
		StandardObject("ContentDocument", "Content Document", "Content Documents", "069", true,
			Required(Text("Title", "Title", 255)),
			ReadOnly(Text("FileType", "File Type", 20)),
			ReadOnly(Text("FileExtension", "File Extension", 40)),
			ReadOnly(Int("ContentSize", "Size")),
			TextArea("Description", "Description"),
			ReadOnly(Ref("LatestPublishedVersionId", "Latest Published Version ID", "ContentVersion")),
		),
		StandardObject("ContentVersion", "Content Version", "Content Versions", "068", true,
			Required(Text("Title", "Title", 255)),
			TextArea("Description", "Description"),
			ReadOnly(Text("PathOnClient", "Path On Client", 500)),
			ReadOnly(Text("FileType", "File Type", 20)),
			ReadOnly(Text("FileExtension", "File Extension", 40)),
			ReadOnly(Int("ContentSize", "Size")),
			ReadOnly(Text("VersionNumber", "Version Number", 20)),
			ReadOnly(Cascade(Ref("ContentDocumentId", "Content Document ID", "ContentDocument"))),
		),
		{APIName: "ContentDocumentLink", Label: "Content Document Link", LabelPlural: "Content Document Links",
			KeyPrefix: "06A", Createable: true, Deletable: true, Queryable: true, Fields: []Field{
				Detail(Cascade(Required(Ref("ContentDocumentId", "Content Document ID", "ContentDocument")))),
				// The record the file is shared with: any object (Salesforce's polymorphic LinkedEntityId).
				Detail(Field{APIName: "LinkedEntityId", Label: "Linked Entity ID", Type: TypeReference, Length: 18,
					Required: true, ReferenceTo: linkableObjects, RelationshipName: "LinkedEntity"}),
				Required(WithDefault(Picklist("ShareType", "Share Type", "V", "C", "I"), "V")),
				Required(WithDefault(Picklist("Visibility", "Visibility", "AllUsers", "InternalUsers", "SharedUsers"), "AllUsers")),
			}},
	}
}

// linkableObjects are the objects a file can be shared with (a ContentDocumentLink's LinkedEntityId).
var linkableObjects = []string{"Account", "Contact", "User", "Case", "Lead", "Opportunity", "Product2"}
