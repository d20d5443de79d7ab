package records

import (
	"context"
	"encoding/base64"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
)

// Query is a read of an object's rows for one actor: the fields (paths through parent relationships, such as
// Account.Owner.Name), a filter tree, a sort, a page and whether to count. Engine.Query applies the actor's row
// rule to the object and to every parent a path reaches (a parent out of sight reads as no parent) and the field
// permissions: a field or relationship the actor may not read is refused as if it did not exist. The SOQL
// compiler, the sObject lists, and the list views, related lists, lookups and duplicate rules of the records API
// all read rows this way.
type Query struct {
	Object  string
	Fields  []string // paths; the Id always comes in Row.ID
	Where   Filter   // nil: every row
	OrderBy []Order  // rows then tie-break on Id, so pages never overlap
	// Limit bounds the rows of the whole query (0: no bound); Offset skips its first rows.
	Limit, Offset int
	// PageSize is the rows of one page (0: DefaultPageSize); PageToken continues where a page ended.
	PageSize  int
	PageToken string
	// Count asks for TotalSize, the rows the query selects within Limit and Offset (one more statement).
	Count bool
	// PerGroup, a path, reads the first PageSize rows of each of its values (in OrderBy) instead of one page:
	// the children of many parents in one statement, each parent's share the page its own query would read.
	// The result has every group's rows, each group's in order (rows of different groups interleave), and with
	// Count GroupSizes; no page token.
	PerGroup string
}

// Order is one sort term: ascending puts nulls first and descending last unless NullsFirst says otherwise.
type Order struct {
	Field      string
	Desc       bool
	NullsFirst *bool
	// IDs, with no Field, put the rows with these ids first, in this order, and the others after them: a recent
	// list's records viewed, newest first.
	IDs []string
}

// DefaultPageSize and MaxPageSize bound a page of Engine.Query.
const (
	DefaultPageSize = 200
	MaxPageSize     = 2000
)

// Row is one record read by a query: its id and the value of each queried path (nil when a path's parent is
// missing or out of sight), values as the engine reads them (FromDB).
type Row struct {
	ID     string
	Values map[string]any
}

// QueryResult is one page of a query.
type QueryResult struct {
	Rows []*Row
	// NextPageToken reads the next page ("" on the last one).
	NextPageToken string
	// TotalSize is the count of the whole query when asked (Query.Count), -1 otherwise.
	TotalSize int64
	// GroupSizes is each PerGroup value's count of rows, all of them, not only those read (PerGroup with Count).
	GroupSizes map[any]int64
}

// Query reads one page of the query's rows; q is the database or a transaction. An object the actor may not read
// is ErrNotFound; a path, value or operator the engine refuses is a *FilterError.
func (e *Engine) Query(ctx context.Context, q db.Querier, actor *identity.Principal, query Query) (*QueryResult, error) {
	cat, err := e.Catalog(ctx)
	if err != nil {
		return nil, err
	}
	o := cat.Object(query.Object)
	s := e.NewSelect(cat, actor, o, "r")
	if !s.Readable(o) {
		return nil, ErrNotFound
	}
	start, err := pageStart(query.PageToken)
	if err != nil {
		return nil, err
	}
	size := query.PageSize
	if size <= 0 {
		size = DefaultPageSize
	}
	size = min(size, MaxPageSize)
	if query.Limit > 0 {
		size = min(size, query.Limit-start)
	}
	idField := o.Field("Id")
	selects := []string{s.Alias + `."id"`}
	cols := make([]*Column, len(query.Fields))
	for i, path := range query.Fields {
		c, perr := s.Path(strings.Split(path, "."))
		if perr != nil {
			return nil, &FilterError{Path: perr}
		}
		if !c.Field.HasColumn() {
			return nil, badFilter("field '%s' can not be selected: select its components", c.Field.APIName)
		}
		cols[i] = c
		selects = append(selects, c.SQL)
	}
	var conds []string
	var whereArgs []any
	if query.Where != nil {
		cond, args, err := s.Where(query.Where)
		if err != nil {
			return nil, err
		}
		conds, whereArgs = []string{cond}, args
	}
	order := make([]string, 0, len(query.OrderBy)+1)
	for _, ob := range query.OrderBy {
		if ob.Field == "" { // an order by ids (none: no order of its own)
			if term, ok := idRank(s.Alias, ob.IDs); ok {
				order = append(order, term)
			}
			continue
		}
		c, err := s.column(ob.Field)
		if err != nil {
			return nil, err
		}
		order = append(order, OrderTerm(c, ob.Desc, ob.NullsFirst))
	}
	order = append(order, s.Alias+`."id" ASC`)
	res := &QueryResult{Rows: []*Row{}, TotalSize: -1}
	limit := int64(-1)
	if query.Limit > 0 {
		limit = int64(query.Limit)
	}
	if query.Count && query.PerGroup == "" { // PerGroup counts each group in its own statement
		if res.TotalSize, err = s.Count(ctx, q, conds, whereArgs, int64(query.Offset), limit); err != nil {
			return nil, err
		}
	}
	if size <= 0 {
		return res, nil
	}
	if query.PerGroup != "" {
		return e.perGroup(ctx, q, s, query, size, selects, cols, conds, whereArgs, order)
	}
	// One row more than the page tells whether another page follows, unless the page ends the query's limit.
	read := size + 1
	if query.Limit > 0 && start+size >= query.Limit {
		read = size
	}
	sql, args := s.SQL(Statement{Columns: selects, Conds: conds, Args: whereArgs, OrderBy: order,
		Limit: int64(read), Offset: int64(query.Offset + start)})
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	raw := make([]any, len(selects))
	ptrs := make([]any, len(raw))
	for i := range raw {
		ptrs[i] = &raw[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		if len(res.Rows) == size {
			res.NextPageToken = pageToken(start + size)
			break
		}
		row := &Row{Values: make(map[string]any, len(cols))}
		row.ID, _ = fromDB(idField, raw[0]).(string)
		for i, c := range cols {
			row.Values[query.Fields[i]] = fromDB(c.Field, raw[i+1])
		}
		res.Rows = append(res.Rows, row)
	}
	return res, rows.Err()
}

// perGroup reads the first size rows of each value of query.PerGroup: a window numbering each group's rows in
// the query's order (and, with Count, counting them), one statement on both databases. The rows come back in any
// order (sorting them all again in SQL costs more than it saves) and are put in their group's order here.
func (e *Engine) perGroup(ctx context.Context, q db.Querier, s *Select, query Query, size int, selects []string,
	cols []*Column, conds []string, args []any, order []string) (*QueryResult, error) {
	group, err := s.column(query.PerGroup)
	if err != nil {
		return nil, err
	}
	inner := make([]string, 0, len(selects)+3)
	outer := make([]string, 0, len(selects)+3)
	for i, c := range selects {
		inner = append(inner, c+" AS c"+strconv.Itoa(i))
		outer = append(outer, "c"+strconv.Itoa(i))
	}
	inner = append(inner, group.SQL+" AS sf_group",
		"ROW_NUMBER() OVER (PARTITION BY "+group.SQL+" ORDER BY "+strings.Join(order, ", ")+") AS sf_n")
	outer = append(outer, "sf_group", "sf_n")
	if query.Count { // a second window, costly on SQLite: only when asked
		inner = append(inner, "COUNT(*) OVER (PARTITION BY "+group.SQL+") AS sf_total")
		outer = append(outer, "sf_total")
	}
	sql, args := s.SQL(Statement{Columns: inner, Conds: conds, Args: args, Limit: -1})
	sql = "SELECT " + strings.Join(outer, ", ") + " FROM (" + sql + ") w WHERE sf_n <= ?"
	rows, err := q.Query(ctx, sql, append(args, size)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	res := &QueryResult{Rows: []*Row{}, TotalSize: -1}
	if query.Count {
		res.GroupSizes = map[any]int64{}
	}
	idField := s.Obj.Field("Id")
	raw := make([]any, len(selects)+1) // the selected columns and the group
	ptrs := make([]any, len(outer))
	for i := range raw {
		ptrs[i] = &raw[i]
	}
	var n, total int64
	ptrs[len(raw)] = &n
	if query.Count {
		ptrs[len(raw)+1] = &total
	}
	var ranks []int64
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		row := &Row{Values: make(map[string]any, len(cols))}
		row.ID, _ = fromDB(idField, raw[0]).(string)
		for i, c := range cols {
			row.Values[query.Fields[i]] = fromDB(c.Field, raw[i+1])
		}
		if query.Count {
			res.GroupSizes[fromDB(group.Field, raw[len(raw)-1])] = total
		}
		res.Rows = append(res.Rows, row)
		ranks = append(ranks, n)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// By rank alone: each group's rows stay in its order, which is all a caller splitting them by group needs.
	sort.Stable(byRank{res.Rows, ranks})
	return res, nil
}

// byRank sorts rows by their rank within their group.
type byRank struct {
	rows  []*Row
	ranks []int64
}

func (b byRank) Len() int           { return len(b.rows) }
func (b byRank) Less(i, j int) bool { return b.ranks[i] < b.ranks[j] }
func (b byRank) Swap(i, j int) {
	b.rows[i], b.rows[j] = b.rows[j], b.rows[i]
	b.ranks[i], b.ranks[j] = b.ranks[j], b.ranks[i]
}

// PageTokenAt is the token of the page starting at the query's row n (0: the first), and PageStart the row a token
// names: GraphQL cursors name the row after which a page starts.
func PageTokenAt(n int) string { return pageToken(n) }

// PageStart is the row a page token starts at (0 for ""); a token the engine did not write is a *FilterError.
func PageStart(token string) (int, error) { return pageStart(token) }

// Page tokens are opaque to callers; they hold the position of the page's first row in the query.
func pageToken(start int) string {
	return base64.RawURLEncoding.EncodeToString([]byte("p" + strconv.Itoa(start)))
}

func pageStart(token string) (int, error) {
	if token == "" {
		return 0, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(token)
	if err == nil && len(b) > 1 && b[0] == 'p' {
		if n, err := strconv.Atoi(string(b[1:])); err == nil && n >= 0 {
			return n, nil
		}
	}
	return 0, badFilter("invalid page token")
}

// idRank is the ORDER BY term of Order.IDs: each id's position, then the rest; false when there is no id. The ids
// are written into the statement (a recent list has at most MaxViewsPerObject), so only well-formed record ids are
// (base62 only); anything else ranks with the rest.
func idRank(alias string, ids []string) (string, bool) {
	var b strings.Builder
	b.WriteString("CASE " + alias + `."id"`)
	n := 0
	for _, id := range ids {
		if full, ok := NormalizeID(id); ok {
			fmt.Fprintf(&b, " WHEN '%s' THEN %d", full, n)
			n++
		}
	}
	fmt.Fprintf(&b, " ELSE %d END", n)
	return b.String(), n > 0
}
