package soql

// The query's syntax tree. Every node keeps the byte offset it starts at, so that the compiler's errors point where
// Salesforce's do. Names are kept as written; the compiler resolves them (case-insensitively) against metadata.

// Query is one SELECT, the outer query or a child subquery.
type Query struct {
	Pos     int
	Select  []SelectItem
	From    Name
	Where   Expr // nil when absent
	GroupBy []Path
	Having  Expr // conditions over aggregates and grouped fields; nil when absent
	OrderBy []OrderItem
	Limit   *Int
	Offset  *Int
}

// Name is an identifier and where it was written.
type Name struct {
	Text string
	Pos  int
}

// Path is a field reference: a field of the queried object (Name) or one reached through parent relationships
// (Account.Owner.Name). The object's own name may lead it (Account.Name in FROM Account), as Salesforce allows.
type Path struct {
	Parts []Name
	Pos   int
}

// String is the path as written, dotted.
func (p Path) String() string {
	s := ""
	for i, n := range p.Parts {
		if i > 0 {
			s += "."
		}
		s += n.Text
	}
	return s
}

// SelectItem is one entry of the field list: exactly one of Field, Agg, Sub is set, or Fields names a FIELDS() set.
type SelectItem struct {
	Pos    int
	Field  *Path
	Agg    *Aggregate
	Sub    *Query
	Fields string // STANDARD, CUSTOM or ALL
}

// Aggregate is COUNT(), COUNT(field), SUM, AVG, MIN, MAX or COUNT_DISTINCT, with an optional alias.
type Aggregate struct {
	Pos   int
	Func  string // upper case
	Arg   *Path  // nil for COUNT()
	Alias string
}

// OrderItem is one ORDER BY entry.
type OrderItem struct {
	Path       Path
	Desc       bool
	NullsFirst *bool // nil: the default (first when ascending, last when descending)
}

// Int is a LIMIT or OFFSET value.
type Int struct {
	N   int64
	Pos int
}

// Expr is a WHERE condition: *Cond, *Logic or *Not.
type Expr interface{ exprPos() int }

// Logic is AND or OR over two or more conditions.
type Logic struct {
	Pos   int
	Op    string // AND, OR
	Terms []Expr
}

// Not negates a condition.
type Not struct {
	Pos int
	X   Expr
}

// Cond compares a field with a value or a list of values.
type Cond struct {
	Pos    int
	Field  Path
	Op     string // = != < > <= >= LIKE IN NOT IN INCLUDES EXCLUDES (<> is read as !=)
	Value  *Value
	Values []*Value   // IN, NOT IN, INCLUDES, EXCLUDES
	Sub    *Query     // IN and NOT IN over a semi-join: Id IN (SELECT AccountId FROM Contact)
	Agg    *Aggregate // HAVING only: an aggregate compared instead of Field
}

func (l *Logic) exprPos() int { return l.Pos }
func (n *Not) exprPos() int   { return n.Pos }
func (c *Cond) exprPos() int  { return c.Pos }

// ValueKind is the kind of a literal.
type ValueKind int

const (
	ValNull ValueKind = iota
	ValBool
	ValNumber
	ValString
	ValDate
	ValDateTime
	ValDateLiteral // TODAY, LAST_N_DAYS:n...
)

// Value is a literal of a condition.
type Value struct {
	Pos  int
	Kind ValueKind
	Text string // as written (numbers, dates), the decoded string, or the date literal's name in upper case
	Like string // strings: the LIKE form (see token.like)
	Bool bool
	N    int64 // the n of LAST_N_DAYS:n and kin
}
