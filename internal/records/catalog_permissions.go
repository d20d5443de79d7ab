package records

// permissionObjects are the records that say what staff may do (permissions.go reads them): profiles, permission
// sets with their object and field permissions, and the assignment of permission sets to users, under
// Salesforce's names. They are written by users with user administration only (access.go).
func permissionObjects() []Object {
	objectPerms := StandardObject("ObjectPermissions", "Object Permissions", "Object Permissions", "110", false,
		Detail(Required(Ref("ParentId", "Parent ID", "PermissionSet"))),
		Required(Text("SobjectType", "SObject Type Name", 40)),
		Bool("PermissionsCreate", "Create Records", false),
		Bool("PermissionsRead", "Read Records", false),
		Bool("PermissionsEdit", "Edit Records", false),
		Bool("PermissionsDelete", "Delete Records", false),
		Bool("PermissionsViewAllRecords", "Read All Records", false),
		Bool("PermissionsModifyAllRecords", "Edit All Records", false),
	)
	objectPerms.UniqueTogether = [][]string{{"ParentId", "SobjectType"}}
	fieldPerms := StandardObject("FieldPermissions", "Field Permissions", "Field Permissions", "01k", false,
		Detail(Required(Ref("ParentId", "Parent ID", "PermissionSet"))),
		Required(Text("SobjectType", "SObject Type Name", 40)),
		Required(Text("Field", "Field Name", 121)), // Object.Field, as Salesforce names it
		Bool("PermissionsRead", "Read Access", false),
		Bool("PermissionsEdit", "Edit Access", false),
	)
	fieldPerms.UniqueTogether = [][]string{{"ParentId", "Field"}}
	assignment := StandardObject("PermissionSetAssignment", "Permission Set Assignment", "Permission Set Assignments", "0Pa", false,
		Detail(Required(Ref("AssigneeId", "Assignee ID", "User"))),
		Detail(Required(Ref("PermissionSetId", "Permission Set ID", "PermissionSet"))),
	)
	assignment.UniqueTogether = [][]string{{"AssigneeId", "PermissionSetId"}}
	return []Object{
		StandardObject("Profile", "Profile", "Profiles", "00e", false,
			Unique(NameField("Name", 255)),
			TextArea("Description", "Description"),
			Required(WithDefault(Picklist("UserType", "User Type", "Standard", "PowerCustomerSuccess"), "Standard")),
		),
		StandardObject("PermissionSet", "Permission Set", "Permission Sets", "0PS", false,
			Unique(NameField("Name", 80)),
			Required(Text("Label", "Label", 80)),
			TextArea("Description", "Description"),
			// A profile's own permission set holds the profile's permissions; which profile is set on create.
			createOnly(Bool("IsOwnedByProfile", "Is Owned By Profile", false)),
			createOnly(Ref("ProfileId", "Profile ID", "Profile")),
			Bool("PermissionsModifyAllData", "Modify All Data", false),
			Bool("PermissionsViewAllData", "View All Data", false),
			Bool("PermissionsManageUsers", "Manage Users", false),
		),
		objectPerms,
		fieldPerms,
		assignment,
	}
}

func createOnly(f Field) Field { f.CreateOnly = true; return f }
