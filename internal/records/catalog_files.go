package records

import (
	"slices"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
)

// fileObjects are Salesforce Files: a ContentDocument is a file, each ContentVersion one upload of it (the bytes
// live outside the row, in the file store of package uiapi/files), and a ContentDocumentLink shares the file with a
// record. What an upload measures (name, size, type, version number) is read-only to every caller: the hooks of
// ContentVersion (uiapi/files/hooks.go) set it from the stored bytes. A version names its document on create only
// (none: a new document).
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
			Detail(Cascade(Ref("ContentDocumentId", "Content Document ID", "ContentDocument"))),
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

// linkableObjects are the standard objects a file can be shared with (a ContentDocumentLink's LinkedEntityId);
// domains add theirs with ShareFilesWith.
var linkableObjects = []string{"Account", "Contact", "User", "Case", "Lead", "Opportunity", "Product2"}

// ShareFilesWith is objs with the named objects (a domain's, such as Orders: a purchase order's PDF, a delivery
// note) added to those a file can be shared with. The definition is the one place that says it: the link's
// reference check and the files' row rule (linkedVisible) both read it.
func ShareFilesWith(objs []Object, names ...string) []Object {
	out := slices.Clone(objs)
	for i := range out {
		if out[i].APIName != "ContentDocumentLink" {
			continue
		}
		out[i].Fields = slices.Clone(out[i].Fields)
		for j := range out[i].Fields {
			if f := &out[i].Fields[j]; f.APIName == "LinkedEntityId" {
				f.ReferenceTo = append(slices.Clone(f.ReferenceTo), names...)
			}
		}
	}
	return out
}

// linkTargets are the objects the catalogue lets a file be shared with: LinkedEntityId's references in the
// definitions the engine last loaded (every query loads them first), else the standard ones.
func (e *Engine) linkTargets() []string {
	if cat := e.Registry.snap.Load(); cat != nil {
		if o := cat.Object("ContentDocumentLink"); o != nil {
			if f := o.Field("LinkedEntityId"); f != nil {
				return f.ReferenceTo
			}
		}
	}
	return linkableObjects
}

// shareFiles gives the file objects Salesforce's rule: a file is visible to its owner and to whoever sees a record
// it is linked to. The rule binds staff as well as buyers (a support agent, who reads cases but not leads, sees the
// files on cases and not those on leads alone); View All Data and Modify All Data see every file. So a buyer sees
// the files linked to their accounts, their contacts and cases, their own user or the products they are entitled
// to, and no other. A version follows its document; a link is visible where its record is, and to the document's
// owner.
func (e *Engine) shareFiles() {
	docs := func(alias string, actor *identity.Principal) (string, []any) {
		linked, args := e.linkedVisible("fl", actor)
		return alias + `."ownerid" = ? OR ` + alias + `."id" IN (SELECT fl."contentdocumentid" FROM "contentdocumentlink" fl WHERE ` +
			linked + ")", append([]any{actor.UserID}, args...)
	}
	rules := map[string]Visibility{
		"ContentDocument": docs,
		"ContentVersion": func(alias string, actor *identity.Principal) (string, []any) {
			cond, args := docs("fd", actor)
			return alias + `."contentdocumentid" IN (SELECT fd."id" FROM "contentdocument" fd WHERE ` + cond + ")", args
		},
		"ContentDocumentLink": func(alias string, actor *identity.Principal) (string, []any) {
			linked, args := e.linkedVisible(alias, actor)
			return linked + " OR " + alias + `."contentdocumentid" IN (SELECT fd."id" FROM "contentdocument" fd WHERE fd."ownerid" = ?)`,
				append(args, actor.UserID)
		},
	}
	for name, rule := range rules {
		e.visibility[name] = e.unlessSeesAllFiles(rule)
		e.shared[name] = e.visibility[name]
	}
}

// unlessSeesAllFiles is the rule, but every row for staff with View All Data or Modify All Data.
func (e *Engine) unlessSeesAllFiles(rule Visibility) Visibility {
	return func(alias string, actor *identity.Principal) (string, []any) {
		if actor.Staff {
			if r := e.rightsOf(actor); r.viewAll || r.modifyAll {
				return "", nil
			}
		}
		return rule(alias, actor)
	}
}

// linkedVisible is the condition on a ContentDocumentLink, aliased alias, that the actor sees the linked record:
// one of the linkable objects they may read, within its row rule.
func (e *Engine) linkedVisible(alias string, actor *identity.Principal) (string, []any) {
	var conds []string
	var args []any
	for _, name := range e.linkTargets() {
		o := &Object{APIName: name}
		if !e.canAccessObject(actor, o, accessRead) {
			continue
		}
		filter, filterArgs := e.rowFilter("fe", actor, o)
		conds = append(conds, alias+`."linkedentityid" IN (SELECT fe."id" FROM `+db.Ident(o.TableName())+" fe WHERE 1 = 1"+filter+")")
		args = append(args, filterArgs...)
	}
	if len(conds) == 0 {
		return "1 = 0", nil
	}
	return "(" + strings.Join(conds, " OR ") + ")", args
}
