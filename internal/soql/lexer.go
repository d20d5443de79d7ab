// Package soql answers Salesforce Object Query Language queries over the records engine: a lexer and parser to an
// AST with positions, a compiler to parameterised SQL for SQLite and PostgreSQL that takes every identifier from the
// records metadata and every row rule from the engine, and the REST query resource with paging.
package soql

import (
	"strings"
	"unicode/utf8"
)

// tokenKind classifies a token.
type tokenKind int

const (
	tokEOF tokenKind = iota
	tokIdent
	tokString
	tokNumber
	tokDate     // 2026-01-02
	tokDateTime // 2026-01-02T10:00:00Z
	tokOp       // = != <> < > <= >=
	tokComma
	tokDot
	tokLParen
	tokRParen
	tokColon
)

// token is one lexeme. Pos is the byte offset of its first character in the query text.
type token struct {
	kind tokenKind
	text string // the source text (identifiers, numbers, operators) or the decoded value (strings)
	// like is a string's value as a LIKE pattern: \% and \_ kept as escapes, a literal backslash doubled.
	like string
	pos  int
}

// lexer turns the query text into tokens, all at once: queries are short (the URL bounds them).
type lexer struct {
	src  string
	pos  int
	toks []token
}

// lex splits src into tokens ending with tokEOF, or returns the syntax error at the first bad character.
func lex(src string) ([]token, *Error) {
	l := &lexer{src: src}
	for {
		l.skipSpace()
		if l.pos >= len(l.src) {
			l.toks = append(l.toks, token{kind: tokEOF, text: "<EOF>", pos: len(l.src)})
			return l.toks, nil
		}
		if err := l.next(); err != nil {
			return nil, err
		}
	}
}

func (l *lexer) skipSpace() {
	for l.pos < len(l.src) {
		switch l.src[l.pos] {
		case ' ', '\t', '\n', '\r', '\f':
			l.pos++
		default:
			return
		}
	}
}

func (l *lexer) emit(kind tokenKind, start int, text string) {
	l.toks = append(l.toks, token{kind: kind, text: text, pos: start})
}

func (l *lexer) next() *Error {
	start := l.pos
	c := l.src[l.pos]
	switch {
	case c == '\'':
		return l.str()
	case isDigit(c) || (c == '-' || c == '+') && l.pos+1 < len(l.src) && (isDigit(l.src[l.pos+1]) || l.src[l.pos+1] == '.'):
		l.number()
		return nil
	case c == '.' && l.pos+1 < len(l.src) && isDigit(l.src[l.pos+1]):
		l.number()
		return nil
	case isIdentStart(c):
		for l.pos < len(l.src) && isIdentPart(l.src[l.pos]) {
			l.pos++
		}
		l.emit(tokIdent, start, l.src[start:l.pos])
		return nil
	}
	l.pos++
	switch c {
	case ',':
		l.emit(tokComma, start, ",")
	case '.':
		l.emit(tokDot, start, ".")
	case '(':
		l.emit(tokLParen, start, "(")
	case ')':
		l.emit(tokRParen, start, ")")
	case ':':
		l.emit(tokColon, start, ":")
	case '=':
		l.emit(tokOp, start, "=")
	case '!':
		if l.pos < len(l.src) && l.src[l.pos] == '=' {
			l.pos++
			l.emit(tokOp, start, "!=")
			return nil
		}
		return l.badChar(start)
	case '<':
		if l.pos < len(l.src) && (l.src[l.pos] == '=' || l.src[l.pos] == '>') {
			l.pos++
		}
		l.emit(tokOp, start, l.src[start:l.pos])
	case '>':
		if l.pos < len(l.src) && l.src[l.pos] == '=' {
			l.pos++
		}
		l.emit(tokOp, start, l.src[start:l.pos])
	default:
		return l.badChar(start)
	}
	return nil
}

func (l *lexer) badChar(start int) *Error {
	r, _ := utf8.DecodeRuneInString(l.src[start:])
	return malformed(start, "line 1:%d no viable alternative at character '%c'", start, r)
}

// number reads a number, a date (2026-01-02) or a datetime (2026-01-02T10:00:00.000+01:00): they all start with
// digits, and a date is told apart by its dashes.
func (l *lexer) number() {
	start := l.pos
	if n := dateTimeLen(l.src[l.pos:]); n > 0 {
		l.pos += n
		kind := tokDate
		if n > 10 {
			kind = tokDateTime
		}
		l.emit(kind, start, l.src[start:l.pos])
		return
	}
	if l.src[l.pos] == '-' || l.src[l.pos] == '+' {
		l.pos++
	}
	for l.pos < len(l.src) && (isDigit(l.src[l.pos]) || l.src[l.pos] == '.') {
		l.pos++
	}
	// A letter glued to a number (12abc) makes one bad token, as Salesforce reads it.
	for l.pos < len(l.src) && isIdentPart(l.src[l.pos]) {
		l.pos++
	}
	l.emit(tokNumber, start, l.src[start:l.pos])
}

// dateTimeLen is the length of the date or datetime literal at the start of s, 0 when there is none.
func dateTimeLen(s string) int {
	if !matchDigits(s, "dddd-dd-dd") {
		return 0
	}
	if len(s) == 10 || s[10] != 'T' {
		return 10
	}
	n := 11
	if !matchDigits(s[n:], "dd:dd:dd") {
		return 10
	}
	n += 8
	if n < len(s) && s[n] == '.' {
		n++
		for n < len(s) && isDigit(s[n]) {
			n++
		}
	}
	switch {
	case n < len(s) && s[n] == 'Z':
		return n + 1
	case n < len(s) && (s[n] == '+' || s[n] == '-') && matchDigits(s[n+1:], "dd:dd"):
		return n + 6
	case n < len(s) && (s[n] == '+' || s[n] == '-') && matchDigits(s[n+1:], "dddd"):
		return n + 5
	}
	return 10 // a datetime without its zone is not a literal; the T starts the next token and fails there
}

// matchDigits reports whether s starts with pattern, where d stands for any digit.
func matchDigits(s, pattern string) bool {
	if len(s) < len(pattern) {
		return false
	}
	for i := 0; i < len(pattern); i++ {
		if pattern[i] == 'd' {
			if !isDigit(s[i]) {
				return false
			}
		} else if s[i] != pattern[i] {
			return false
		}
	}
	return true
}

// str reads a single-quoted string with SOQL's escapes. The value and its LIKE form are built side by side, since
// \% and \_ mean a literal % or _ only in a LIKE pattern.
func (l *lexer) str() *Error {
	start := l.pos
	l.pos++
	var val, like strings.Builder
	for {
		if l.pos >= len(l.src) {
			return malformed(start, "line 1:%d mismatched character '<EOF>' expecting '''", len(l.src))
		}
		c := l.src[l.pos]
		if c == '\'' {
			l.pos++
			l.toks = append(l.toks, token{kind: tokString, text: val.String(), like: like.String(), pos: start})
			return nil
		}
		if c != '\\' {
			r, size := utf8.DecodeRuneInString(l.src[l.pos:])
			l.pos += size
			val.WriteRune(r)
			like.WriteRune(r)
			continue
		}
		if l.pos+1 >= len(l.src) {
			return malformed(start, "line 1:%d mismatched character '<EOF>' expecting '''", len(l.src))
		}
		esc := l.src[l.pos+1]
		var r rune
		switch esc {
		case 'n':
			r = '\n'
		case 't':
			r = '\t'
		case 'r':
			r = '\r'
		case 'b':
			r = '\b'
		case 'f':
			r = '\f'
		case '\'', '"', '\\':
			r = rune(esc)
		case '%', '_':
			// Outside LIKE the backslash stays, as Salesforce keeps it.
			val.WriteByte('\\')
			val.WriteByte(esc)
			like.WriteByte('\\')
			like.WriteByte(esc)
			l.pos += 2
			continue
		case 'u':
			if l.pos+6 > len(l.src) || !isHex(l.src[l.pos+2:l.pos+6]) {
				return malformed(l.pos, "Invalid string literal '%s'. Illegal unicode escape sequence", l.src[start:min(len(l.src), l.pos+6)])
			}
			r = hexRune(l.src[l.pos+2 : l.pos+6])
			l.pos += 4
		default:
			return malformed(l.pos, "Invalid string literal '%s'. Illegal character sequence '\\%c' in string literal.",
				l.src[start:min(len(l.src), l.pos+2)], esc)
		}
		l.pos += 2
		val.WriteRune(r)
		if r == '\\' || r == '%' || r == '_' {
			like.WriteByte('\\')
		}
		like.WriteRune(r)
	}
}

func isDigit(c byte) bool      { return c >= '0' && c <= '9' }
func isIdentStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isIdentPart(c byte) bool  { return isIdentStart(c) || isDigit(c) }

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isDigit(c) && !(c >= 'a' && c <= 'f') && !(c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

func hexRune(s string) rune {
	var r rune
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isDigit(c):
			r = r*16 + rune(c-'0')
		case c >= 'a':
			r = r*16 + rune(c-'a'+10)
		default:
			r = r*16 + rune(c-'A'+10)
		}
	}
	return r
}
