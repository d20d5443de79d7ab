package soql

import (
	"strconv"
	"strings"
)

// MaxQueryLength bounds the query text, as Salesforce does (100,000 characters).
const MaxQueryLength = 100000

// Parse reads a SOQL query into its syntax tree. Keywords are case-insensitive; errors are worded as Salesforce
// words them and point at the offending token.
func Parse(src string) (*Query, *Error) {
	if strings.TrimSpace(src) == "" {
		return nil, errAt(CodeMalformed, -1, "SOQL statements cannot be empty or null")
	}
	if len(src) > MaxQueryLength {
		return nil, errAt(CodeMalformed, -1, "Query is too long: SOQL statements cannot exceed %d characters", MaxQueryLength)
	}
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks}
	q, err := p.query(false)
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tokEOF {
		return nil, p.unexpected(t)
	}
	return q, nil
}

type parser struct {
	toks []token
	i    int
}

// reserved words cannot name a field or object.
var reserved = map[string]bool{
	"SELECT": true, "FROM": true, "WHERE": true, "AND": true, "OR": true, "NOT": true, "LIMIT": true, "ORDER": true,
	"BY": true, "GROUP": true, "OFFSET": true, "IN": true, "LIKE": true, "INCLUDES": true, "EXCLUDES": true,
	"NULL": true, "TRUE": true, "FALSE": true, "ASC": true, "DESC": true, "NULLS": true, "HAVING": true, "WITH": true,
	"FOR": true, "USING": true, "TYPEOF": true,
}

func (p *parser) peek() token { return p.toks[p.i] }
func (p *parser) peekAt(n int) token {
	if p.i+n >= len(p.toks) {
		return p.toks[len(p.toks)-1]
	}
	return p.toks[p.i+n]
}
func (p *parser) advance() token { t := p.toks[p.i]; p.i = min(p.i+1, len(p.toks)-1); return t }

// isKeyword reports whether t is the keyword kw (upper case).
func isKeyword(t token, kw string) bool { return t.kind == tokIdent && strings.EqualFold(t.text, kw) }

func (p *parser) accept(kw string) bool {
	if isKeyword(p.peek(), kw) {
		p.advance()
		return true
	}
	return false
}

func (p *parser) expectKeyword(kw string) *Error {
	if !p.accept(kw) {
		return p.unexpected(p.peek())
	}
	return nil
}

func (p *parser) expect(kind tokenKind) (token, *Error) {
	t := p.peek()
	if t.kind != kind {
		return t, p.unexpected(t)
	}
	return p.advance(), nil
}

func (p *parser) unexpected(t token) *Error {
	text := t.text
	if t.kind == tokString {
		text = "'" + t.text + "'"
	}
	return malformed(t.pos, "unexpected token: '%s'", text)
}

// name reads an identifier that is not a reserved word.
func (p *parser) name() (Name, *Error) {
	t := p.peek()
	if t.kind != tokIdent || reserved[strings.ToUpper(t.text)] {
		return Name{}, p.unexpected(t)
	}
	p.advance()
	return Name{Text: t.text, Pos: t.pos}, nil
}

func (p *parser) path() (Path, *Error) {
	first, err := p.name()
	if err != nil {
		return Path{}, err
	}
	path := Path{Parts: []Name{first}, Pos: first.Pos}
	for p.peek().kind == tokDot {
		p.advance()
		n, err := p.name()
		if err != nil {
			return Path{}, err
		}
		path.Parts = append(path.Parts, n)
	}
	return path, nil
}

// query reads SELECT ... up to its end; child is true inside a subquery's parentheses.
func (p *parser) query(child bool) (*Query, *Error) {
	start := p.peek()
	if err := p.expectKeyword("SELECT"); err != nil {
		return nil, err
	}
	q := &Query{Pos: start.pos}
	for {
		item, err := p.selectItem(child)
		if err != nil {
			return nil, err
		}
		q.Select = append(q.Select, item)
		if p.peek().kind != tokComma {
			break
		}
		p.advance()
	}
	if err := p.expectKeyword("FROM"); err != nil {
		return nil, err
	}
	var from Name
	var err *Error
	if t := p.peek(); isKeyword(t, "ORDER") && !isKeyword(p.peekAt(1), "BY") {
		from = Name{Text: p.advance().text, Pos: t.pos} // the Order object (ORDER is reserved only before BY)
	} else if from, err = p.name(); err != nil {
		return nil, err
	}
	q.From = from
	if p.accept("WHERE") {
		if q.Where, err = p.expr(); err != nil {
			return nil, err
		}
	}
	if isKeyword(p.peek(), "GROUP") {
		p.advance()
		if err := p.expectKeyword("BY"); err != nil {
			return nil, err
		}
		for {
			path, err := p.path()
			if err != nil {
				return nil, err
			}
			q.GroupBy = append(q.GroupBy, path)
			if p.peek().kind != tokComma {
				break
			}
			p.advance()
		}
		if p.accept("HAVING") {
			if q.Having, err = p.expr(); err != nil {
				return nil, err
			}
		}
	}
	if isKeyword(p.peek(), "ORDER") {
		p.advance()
		if err := p.expectKeyword("BY"); err != nil {
			return nil, err
		}
		for {
			item, err := p.orderItem()
			if err != nil {
				return nil, err
			}
			q.OrderBy = append(q.OrderBy, item)
			if p.peek().kind != tokComma {
				break
			}
			p.advance()
		}
	}
	if p.accept("LIMIT") {
		if q.Limit, err = p.integer(); err != nil {
			return nil, err
		}
	}
	if p.accept("OFFSET") {
		if q.Offset, err = p.integer(); err != nil {
			return nil, err
		}
	}
	return q, nil
}

var aggregates = map[string]bool{"COUNT": true, "SUM": true, "AVG": true, "MIN": true, "MAX": true, "COUNT_DISTINCT": true}

func (p *parser) selectItem(child bool) (SelectItem, *Error) {
	t := p.peek()
	if t.kind == tokLParen {
		if child { // subqueries nest one level only
			return SelectItem{}, p.unexpected(t)
		}
		p.advance()
		sub, err := p.query(true)
		if err != nil {
			return SelectItem{}, err
		}
		if _, err := p.expect(tokRParen); err != nil {
			return SelectItem{}, err
		}
		return SelectItem{Pos: t.pos, Sub: sub}, nil
	}
	if t.kind == tokIdent && p.peekAt(1).kind == tokLParen {
		fn := strings.ToUpper(t.text)
		if fn == "FIELDS" {
			p.advance()
			p.advance()
			set, err := p.expect(tokIdent)
			if err != nil {
				return SelectItem{}, err
			}
			which := strings.ToUpper(set.text)
			if which != "STANDARD" && which != "CUSTOM" && which != "ALL" {
				return SelectItem{}, p.unexpected(set)
			}
			if _, err := p.expect(tokRParen); err != nil {
				return SelectItem{}, err
			}
			return SelectItem{Pos: t.pos, Fields: which}, nil
		}
		if aggregates[fn] {
			return p.aggregate()
		}
		return SelectItem{}, p.unexpected(p.peekAt(1))
	}
	path, err := p.path()
	if err != nil {
		return SelectItem{}, err
	}
	return SelectItem{Pos: path.Pos, Field: &path}, nil
}

func (p *parser) aggregate() (SelectItem, *Error) {
	t := p.advance()
	p.advance() // (
	agg := &Aggregate{Pos: t.pos, Func: strings.ToUpper(t.text)}
	if p.peek().kind != tokRParen {
		path, err := p.path()
		if err != nil {
			return SelectItem{}, err
		}
		agg.Arg = &path
	} else if agg.Func != "COUNT" {
		return SelectItem{}, p.unexpected(p.peek())
	}
	if _, err := p.expect(tokRParen); err != nil {
		return SelectItem{}, err
	}
	if a := p.peek(); a.kind == tokIdent && !reserved[strings.ToUpper(a.text)] {
		p.advance()
		agg.Alias = a.text
	}
	return SelectItem{Pos: t.pos, Agg: agg}, nil
}

func (p *parser) orderItem() (OrderItem, *Error) {
	path, err := p.path()
	if err != nil {
		return OrderItem{}, err
	}
	item := OrderItem{Path: path}
	if p.accept("DESC") {
		item.Desc = true
	} else {
		p.accept("ASC")
	}
	if p.accept("NULLS") {
		switch {
		case p.accept("FIRST"):
			first := true
			item.NullsFirst = &first
		case p.accept("LAST"):
			first := false
			item.NullsFirst = &first
		default:
			return OrderItem{}, p.unexpected(p.peek())
		}
	}
	return item, nil
}

func (p *parser) integer() (*Int, *Error) {
	t := p.peek()
	if t.kind != tokNumber {
		return nil, p.unexpected(t)
	}
	n, err := strconv.ParseInt(t.text, 10, 64)
	if err != nil || n < 0 {
		return nil, p.unexpected(t)
	}
	p.advance()
	return &Int{N: n, Pos: t.pos}, nil
}

// expr reads conditions joined by AND or OR. Salesforce refuses AND and OR mixed at one level without parentheses,
// so one level holds one operator.
func (p *parser) expr() (Expr, *Error) {
	first, err := p.unary()
	if err != nil {
		return nil, err
	}
	t := p.peek()
	if !isKeyword(t, "AND") && !isKeyword(t, "OR") {
		return first, nil
	}
	op := strings.ToUpper(t.text)
	l := &Logic{Pos: first.exprPos(), Op: op, Terms: []Expr{first}}
	for {
		t := p.peek()
		if isKeyword(t, op) {
			p.advance()
			x, err := p.unary()
			if err != nil {
				return nil, err
			}
			l.Terms = append(l.Terms, x)
			continue
		}
		if isKeyword(t, "AND") || isKeyword(t, "OR") {
			return nil, p.unexpected(t)
		}
		return l, nil
	}
}

func (p *parser) unary() (Expr, *Error) {
	t := p.peek()
	if isKeyword(t, "NOT") {
		p.advance()
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		return &Not{Pos: t.pos, X: x}, nil
	}
	if t.kind == tokLParen {
		p.advance()
		x, err := p.expr()
		if err != nil {
			return nil, err
		}
		if _, err := p.expect(tokRParen); err != nil {
			return nil, err
		}
		return x, nil
	}
	return p.cond()
}

func (p *parser) cond() (Expr, *Error) {
	var c *Cond
	if t := p.peek(); t.kind == tokIdent && p.peekAt(1).kind == tokLParen && aggregates[strings.ToUpper(t.text)] {
		item, err := p.aggregate()
		if err != nil {
			return nil, err
		}
		if item.Agg.Alias != "" { // the alias was the operator's first word: a condition has none
			return nil, malformed(t.pos, "unexpected token: '%s'", item.Agg.Alias)
		}
		c = &Cond{Pos: t.pos, Agg: item.Agg}
	} else {
		field, err := p.path()
		if err != nil {
			return nil, err
		}
		c = &Cond{Pos: field.Pos, Field: field}
	}
	var err *Error
	t := p.peek()
	switch {
	case t.kind == tokOp:
		p.advance()
		c.Op = t.text
		if c.Op == "<>" {
			c.Op = "!="
		}
		c.Value, err = p.value()
		return c, err
	case isKeyword(t, "LIKE"):
		p.advance()
		c.Op = "LIKE"
		c.Value, err = p.value()
		return c, err
	case isKeyword(t, "NOT") && isKeyword(p.peekAt(1), "IN"):
		p.advance()
		p.advance()
		c.Op = "NOT IN"
	case isKeyword(t, "IN"), isKeyword(t, "INCLUDES"), isKeyword(t, "EXCLUDES"):
		p.advance()
		c.Op = strings.ToUpper(t.text)
	default:
		return nil, p.unexpected(t)
	}
	if _, err := p.expect(tokLParen); err != nil {
		return nil, err
	}
	if (c.Op == "IN" || c.Op == "NOT IN") && isKeyword(p.peek(), "SELECT") {
		if c.Sub, err = p.query(true); err != nil {
			return nil, err
		}
		if _, err := p.expect(tokRParen); err != nil {
			return nil, err
		}
		return c, nil
	}
	for {
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		c.Values = append(c.Values, v)
		if p.peek().kind != tokComma {
			break
		}
		p.advance()
	}
	if _, err := p.expect(tokRParen); err != nil {
		return nil, err
	}
	return c, nil
}

func (p *parser) value() (*Value, *Error) {
	t := p.peek()
	v := &Value{Pos: t.pos, Text: t.text}
	switch t.kind {
	case tokString:
		v.Kind, v.Like = ValString, t.like
	case tokNumber:
		if _, ok := parseDecimal(t.text); !ok {
			return nil, p.unexpected(t)
		}
		v.Kind = ValNumber
	case tokDate:
		v.Kind = ValDate
	case tokDateTime:
		v.Kind = ValDateTime
	case tokIdent:
		switch word := strings.ToUpper(t.text); word {
		case "NULL":
			v.Kind = ValNull
		case "TRUE", "FALSE":
			v.Kind, v.Bool = ValBool, word == "TRUE"
		default:
			return p.dateLiteral()
		}
	default:
		return nil, p.unexpected(t)
	}
	p.advance()
	return v, nil
}

// dateLiteral reads TODAY, LAST_MONTH, LAST_N_DAYS:n and the rest (see dates.go).
func (p *parser) dateLiteral() (*Value, *Error) {
	t := p.advance()
	word := strings.ToUpper(t.text)
	v := &Value{Pos: t.pos, Kind: ValDateLiteral, Text: word}
	_, fixed := fixedRanges[word]
	_, counted := countedRanges[word]
	switch {
	case fixed:
		return v, nil
	case counted:
		if _, err := p.expect(tokColon); err != nil {
			return nil, malformed(t.pos, "Invalid date literal: %s", t.text)
		}
		n, err := p.expect(tokNumber)
		if err != nil {
			return nil, err
		}
		count, perr := strconv.ParseInt(n.text, 10, 64)
		if perr != nil || count < 0 || count > 100000 {
			return nil, malformed(n.pos, "Invalid date literal: %s:%s", t.text, n.text)
		}
		v.N = count
		return v, nil
	}
	return nil, malformed(t.pos, "unexpected token: '%s'", t.text)
}
