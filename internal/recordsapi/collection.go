package recordsapi

// ListAlwaysFields are read for every record of a list view's or a related list's page, and for every related
// record a list view shows (spec/data-layer.md section 9).
var ListAlwaysFields = []string{"CreatedDate", "Id", "LastModifiedById", "LastModifiedDate", "SystemModstamp"}

// ListRecordCollection is the page of a list view's or a related list's records
// (ListRecordCollectionRepresentation, RelatedListRecordCollectionRepresentation). The two differ only where the
// fields are typed any or optional.
type ListRecordCollection struct {
	// ColumnLabels, the heading of each column, only in a related list's page asked with includeColumnLabels.
	ColumnLabels      map[string]string `json:"columnLabels,omitempty"`
	Count             int               `json:"count"`
	CurrentPageToken  string            `json:"currentPageToken"`
	CurrentPageURL    string            `json:"currentPageUrl"`
	Fields            []string          `json:"fields"`
	ListInfoETag      string            `json:"listInfoETag"`
	ListReference     any               `json:"listReference"`
	NextPageToken     *string           `json:"nextPageToken"`
	NextPageURL       *string           `json:"nextPageUrl"`
	OptionalFields    []string          `json:"optionalFields"`
	PageSize          int               `json:"pageSize"`
	PreviousPageToken *string           `json:"previousPageToken"`
	PreviousPageURL   *string           `json:"previousPageUrl"`
	Records           []*RecordRep      `json:"records"`
	// SortBy is a list view's sort as one string (or null), a related list's as a list.
	SortBy any `json:"sortBy"`
}

// RecordCollection is RecordCollectionRepresentation: one page of records (a record's child relationship, a
// lookup's or a search's results).
type RecordCollection struct {
	Count             int          `json:"count"`
	CurrentPageToken  *string      `json:"currentPageToken"`
	CurrentPageURL    string       `json:"currentPageUrl"`
	NextPageToken     *string      `json:"nextPageToken"`
	NextPageURL       *string      `json:"nextPageUrl"`
	PreviousPageToken *string      `json:"previousPageToken"`
	PreviousPageURL   *string      `json:"previousPageUrl"`
	Records           []*RecordRep `json:"records"`
}
