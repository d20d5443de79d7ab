package records

import (
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"storefront/internal/platform/wire"
)

// Values inside the engine have one canonical Go form per field type, whichever database they came from:
//   text types, picklists, ids, dates and datetimes: string; Boolean: bool; Int: int64;
//   Double, Currency, Percent: a decimal string with exactly the field's scale ("12.50"); no value: nil.
// Dates are "2006-01-02"; datetimes are UTC with milliseconds, "2006-01-02T15:04:05.000Z".

// DateTimeLayout is how datetimes are stored and sent (wire.DateTimeLayout).
const DateTimeLayout = wire.DateTimeLayout

// DateLayout is how dates are stored and sent (wire.DateLayout).
const DateLayout = wire.DateLayout

// Error codes of record writes, as Salesforce names them.
const (
	CodeRequiredFieldMissing  = "REQUIRED_FIELD_MISSING"
	CodeInvalidField          = "INVALID_FIELD"
	CodeInvalidType           = "INVALID_TYPE_ON_FIELD_IN_RECORD"
	CodeStringTooLong         = "STRING_TOO_LONG"
	CodeRestrictedPicklist    = "INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST"
	CodeFieldIntegrity        = "FIELD_INTEGRITY_EXCEPTION"
	CodeDuplicateValue        = "DUPLICATE_VALUE"
	CodeInvalidFieldForInsert = "INVALID_FIELD_FOR_INSERT_UPDATE"
	CodeInvalidEmail          = "INVALID_EMAIL_ADDRESS"
	CodeNumberOutsideRange    = "NUMBER_OUTSIDE_VALID_RANGE"
	CodeInsufficientAccess    = "INSUFFICIENT_ACCESS_OR_READONLY"
	CodeDeleteFailed          = "DELETE_FAILED"
)

// FieldError is one reason a write was refused. Field is empty for errors that concern no single known field.
type FieldError struct {
	Code       string
	Message    string
	Field      string
	FieldLabel string
	// Duplicates is set on a DUPLICATES_DETECTED refusal: what the blocking duplicate rule matched.
	Duplicates *DuplicateResult
}

func fieldErr(f *Field, code, format string, args ...any) *FieldError {
	return &FieldError{Code: code, Field: f.APIName, FieldLabel: f.Label,
		Message: f.Label + ": " + fmt.Sprintf(format, args...)}
}

var (
	emailPattern = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s.]+$`)
	phonePattern = regexp.MustCompile(`^[0-9+()./ \-xXextEXT#*]+$`)
)

// CoerceValue checks an input value (as decoded from JSON with UseNumber, or given by Go callers) against the
// field's type and limits and returns its canonical form. Empty strings are no value, as in Salesforce. Picklist
// membership by record type and references are checked by the engine, which knows the record and the database.
func CoerceValue(f *Field, v any) (any, *FieldError) {
	if s, ok := v.(string); ok && s == "" && f.Type != TypeBoolean {
		return nil, nil
	}
	if v == nil {
		if f.Type == TypeBoolean {
			return false, nil
		}
		return nil, nil
	}
	switch f.Type {
	case TypeBoolean:
		b, ok := v.(bool)
		if !ok {
			return nil, fieldErr(f, CodeInvalidType, "value not of required type: %s", describe(v))
		}
		return b, nil
	case TypeInt, TypeDouble, TypeCurrency, TypePercent:
		return coerceNumber(f, v)
	case TypeDate:
		return coerceDate(f, v)
	case TypeDateTime:
		return coerceDateTime(f, v)
	case TypeAddress:
		return nil, fieldErr(f, CodeInvalidFieldForInsert, "compound fields are set through their components")
	}
	s, ok := v.(string)
	if !ok {
		return nil, fieldErr(f, CodeInvalidType, "value not of required type: %s", describe(v))
	}
	return coerceText(f, s)
}

func coerceText(f *Field, s string) (any, *FieldError) {
	if strings.IndexByte(s, 0) >= 0 || !utf8.ValidString(s) {
		// PostgreSQL refuses both in text where SQLite keeps them: refused on both, so a write means the same anywhere.
		return nil, fieldErr(f, CodeInvalidType, "value not of required type: text with a NUL character or bytes that are not UTF-8")
	}
	switch f.Type {
	case TypeID, TypeReference:
		id, ok := NormalizeID(s)
		if !ok {
			return nil, fieldErr(f, CodeFieldIntegrity, "id value of incorrect type: %s", s)
		}
		return id, nil
	case TypeMultiPicklist:
		var parts []string
		seen := map[string]bool{}
		for _, p := range strings.Split(s, ";") {
			if p = strings.TrimSpace(p); p != "" && !seen[p] {
				seen[p] = true
				parts = append(parts, p)
			}
		}
		if len(parts) == 0 {
			return nil, nil
		}
		s = strings.Join(parts, ";")
	case TypeEmail:
		if !emailPattern.MatchString(s) {
			return nil, fieldErr(f, CodeInvalidEmail, "invalid email address: %s", s)
		}
	case TypePhone:
		if !phonePattern.MatchString(s) {
			return nil, fieldErr(f, CodeInvalidType, "value not of required type: %s", s)
		}
	case TypeURL:
		if strings.ContainsAny(s, " \t\r\n<>\"") {
			return nil, fieldErr(f, CodeInvalidType, "value not of required type: %s", s)
		}
	}
	if f.Length > 0 && utf8.RuneCountInString(s) > f.Length {
		return nil, fieldErr(f, CodeStringTooLong, "data value too large: %s (max length=%d)", truncate(s, 40), f.Length)
	}
	return s, nil
}

// coerceNumber accepts JSON numbers and numeric strings, rounds to the field's scale (half away from zero) and
// refuses values with more integer digits than precision minus scale allows.
func coerceNumber(f *Field, v any) (any, *FieldError) {
	var text string
	switch n := v.(type) {
	case json.Number:
		text = n.String()
	case string:
		text = strings.TrimSpace(n)
	case float64:
		text = strconv.FormatFloat(n, 'f', -1, 64)
	case int:
		text = strconv.Itoa(n)
	case int64:
		text = strconv.FormatInt(n, 10)
	default:
		return nil, fieldErr(f, CodeInvalidType, "value not of required type: %s", describe(v))
	}
	scale := f.Scale
	if f.Type == TypeInt {
		scale = 0
	}
	precision := f.Precision
	if precision == 0 {
		precision = 18
	}
	if n, ok := parsePlainScaled(text, scale); ok { // the usual "12.49" or 3: exact without big.Rat
		if digitsBeforePoint(n, scale) > precision-scale {
			return nil, fieldErr(f, CodeNumberOutsideRange, "value outside of valid range on numeric field: %s", text)
		}
		if f.Type == TypeInt {
			return n, nil
		}
		if _, ok := v.(string); ok && moneyForm(text, n, scale) {
			return text, nil // as wire.Money would write it (the cart's own totals, mostly): no second copy
		}
		return wire.Money(n, scale), nil
	}
	r, ok := new(big.Rat).SetString(text)
	// Decimal only: big.Rat also reads fractions, base prefixes ("0x10" is 16) and digit separators.
	if !ok || strings.Trim(strings.ToLower(text), "0123456789+-.e") != "" {
		return nil, fieldErr(f, CodeInvalidType, "value not of required type: %s", text)
	}
	if f.Type == TypeInt && !r.IsInt() {
		return nil, fieldErr(f, CodeInvalidType, "value not of required type: %s", text)
	}
	out := wire.Decimal(r, scale)
	intDigits := strings.TrimLeft(strings.SplitN(strings.TrimPrefix(out, "-"), ".", 2)[0], "0")
	if len(intDigits) > precision-scale {
		return nil, fieldErr(f, CodeNumberOutsideRange, "value outside of valid range on numeric field: %s", text)
	}
	if f.Type == TypeInt {
		i, err := strconv.ParseInt(out, 10, 64)
		if err != nil {
			return nil, fieldErr(f, CodeNumberOutsideRange, "value outside of valid range on numeric field: %s", text)
		}
		return i, nil
	}
	return out, nil
}

// digitsBeforePoint counts the digits of n (a value in units of 10^-scale) before its decimal point, as the
// precision check counts them: none for a value under one.
func digitsBeforePoint(n int64, scale int) int {
	if n < 0 {
		n = -n // parsePlainScaled's values have at most 18 digits: no overflow
	}
	for ; scale > 0; scale-- {
		n /= 10
	}
	d := 0
	for ; n > 0; n /= 10 {
		d++
	}
	return d
}

func coerceDate(f *Field, v any) (any, *FieldError) {
	s, ok := v.(string)
	if !ok {
		return nil, fieldErr(f, CodeInvalidType, "value not of required type: %s", describe(v))
	}
	d, err := time.Parse(DateLayout, s)
	if err != nil {
		return nil, fieldErr(f, CodeInvalidType, "value not of required type: %s", s)
	}
	return d.Format(DateLayout), nil
}

func coerceDateTime(f *Field, v any) (any, *FieldError) {
	if t, ok := v.(time.Time); ok {
		return t.UTC().Format(DateTimeLayout), nil
	}
	s, ok := v.(string)
	if !ok {
		return nil, fieldErr(f, CodeInvalidType, "value not of required type: %s", describe(v))
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		// Salesforce also takes offsets without a colon (+0000).
		if t, err = time.Parse("2006-01-02T15:04:05.999999999Z0700", s); err != nil {
			return nil, fieldErr(f, CodeInvalidType, "value not of required type: %s", s)
		}
	}
	return t.UTC().Format(DateTimeLayout), nil
}

// describe names a value in an error message: strings as they are, other values as JSON.
func describe(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return truncate(string(b), 60)
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "..."
}

// fromDB turns a value scanned from either database into the field's canonical form. Rows written by typed SQL
// come through here too, so it is lenient about how a value was stored (a number in a TEXT column, a timestamp
// without milliseconds).
func fromDB(f *Field, raw any) any {
	if b, ok := raw.([]byte); ok {
		raw = string(b)
	}
	if raw == nil {
		if f.Type == TypeBoolean {
			return false
		}
		return nil
	}
	switch f.Type {
	case TypeBoolean:
		switch b := raw.(type) {
		case bool:
			return b
		case int64:
			return b != 0
		case string:
			return b == "1" || strings.EqualFold(b, "true") || b == "t"
		}
	case TypeInt:
		switch n := raw.(type) {
		case int64:
			return n
		case float64:
			return int64(n)
		case string:
			if i, err := strconv.ParseInt(n, 10, 64); err == nil {
				return i
			}
		}
	case TypeDouble, TypeCurrency, TypePercent:
		switch n := raw.(type) {
		case int64: // stored as whole units of the field's scale (see toDB)
			return wire.Money(n, f.Scale)
		case string: // a decimal written as text by an older release
			if r, ok := new(big.Rat).SetString(n); ok {
				return wire.Decimal(r, f.Scale)
			}
		case float64:
			if r, ok := new(big.Rat).SetString(strconv.FormatFloat(n, 'f', -1, 64)); ok {
				return wire.Decimal(r, f.Scale)
			}
		}
	case TypeDateTime:
		switch t := raw.(type) {
		case time.Time:
			return t.UTC().Format(DateTimeLayout)
		case string:
			if p, err := time.Parse(time.RFC3339Nano, t); err == nil {
				return p.UTC().Format(DateTimeLayout)
			}
		}
	case TypeDate:
		if t, ok := raw.(time.Time); ok {
			return t.UTC().Format(DateLayout)
		}
	}
	if s, ok := raw.(string); ok {
		return s
	}
	return fmt.Sprint(raw)
}

// toDB is a canonical value as stored. Decimals (Double, Currency, Percent) are stored as whole numbers of the
// field's smallest unit ("12.50" at scale 2 is 1250) in a BIGINT column on both databases, so SQL sums, compares and
// sorts them exactly everywhere; every other value is stored as it is.
func toDB(f *Field, v any) any {
	switch f.Type {
	case TypeDouble, TypeCurrency, TypePercent:
		if s, ok := v.(string); ok {
			if n, ok := ParseScaled(s, f.Scale); ok {
				return n
			}
		}
	}
	return v
}

// ParseScaled reads a decimal ("12.5", "-3", "0.125") as a whole number of units of 10^-scale, rounding half away
// from zero. false when s is not a decimal or does not fit in 64 bits.
func ParseScaled(s string, scale int) (int64, bool) {
	if n, ok := parsePlainScaled(s, scale); ok {
		return n, true
	}
	r, ok := new(big.Rat).SetString(strings.TrimSpace(s))
	if !ok || strings.Contains(s, "/") {
		return 0, false
	}
	text := r.FloatString(scale) // rounds half away from zero
	n, err := strconv.ParseInt(strings.Replace(text, ".", "", 1), 10, 64)
	return n, err == nil
}

// moneyForm reports whether text, which parsePlainScaled read as n at scale, is already as wire.Money(n, scale)
// writes it: exactly scale places, no leading zero, no sign on zero.
func moneyForm(text string, n int64, scale int) bool {
	if text[0] == '-' {
		if n == 0 {
			return false
		}
		text = text[1:]
	}
	whole := len(text)
	if scale > 0 {
		whole -= scale + 1
		if whole < 1 || text[whole] != '.' {
			return false
		}
	} else if strings.IndexByte(text, '.') >= 0 {
		return false
	}
	return whole == 1 || text[0] != '0'
}

// parsePlainScaled is ParseScaled's fast path for the common text, a plain decimal with at most scale places and
// at most 18 digits ("12.49", "-3", "0.5"), read without big.Rat (the reprice of a large cart reads thousands);
// false for anything else, which ParseScaled reads the exact general way.
func parsePlainScaled(s string, scale int) (int64, bool) {
	if scale < 0 || scale > 18 {
		return 0, false
	}
	neg := false
	if len(s) > 0 && s[0] == '-' {
		neg, s = true, s[1:]
	}
	var n int64
	digits, places, dot := 0, 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			n = n*10 + int64(c-'0')
			digits++
			if dot {
				places++
			}
		case c == '.' && !dot && digits > 0 && i < len(s)-1:
			dot = true
		default:
			return 0, false
		}
	}
	if digits == 0 || places > scale || digits+scale-places > 18 {
		return 0, false
	}
	for ; places < scale; places++ {
		n *= 10
	}
	if neg {
		n = -n
	}
	return n, true
}

// WireText is the one formatter of the commerce API's field strings: a value as scanned from either database (or
// in canonical form) as text: booleans "true"/"false", integers in decimal, decimals with exactly the field's scale
// ("1.500" for a scale of 3, whatever the endpoint), datetimes in ISO 8601 UTC with milliseconds. nil for no value.
func WireText(f *Field, raw any) *string {
	var s string
	switch v := fromDB(f, raw).(type) {
	case nil:
		return nil
	case bool:
		s = strconv.FormatBool(v)
	case int64:
		s = strconv.FormatInt(v, 10)
	case string:
		if v == "" {
			return nil
		}
		s = v
	default:
		s = fmt.Sprint(v)
	}
	return &s
}

// ProductFieldText is WireText for the `fields` of the commerce product answers (product detail, search results, a
// cart line's product details), where Salesforce sends datetimes in whole seconds: "2026-11-25T22:13:11Z".
func ProductFieldText(f *Field, raw any) *string {
	s := WireText(f, raw)
	if s != nil && f.Type == TypeDateTime {
		if t, err := time.Parse(DateTimeLayout, *s); err == nil {
			v := wire.SecondsDateTime(t)
			return &v
		}
	}
	return s
}

// WireValue is the value the UI API sends: numbers as JSON numbers (exact, without trailing zeros), the rest as is.
func WireValue(f *Field, v any) any {
	if v == nil {
		return nil
	}
	switch f.Type {
	case TypeDouble, TypeCurrency, TypePercent:
		if s, ok := v.(string); ok {
			return json.Number(wire.Trimmed(s))
		}
	}
	return v
}

// RESTValue is a canonical value as the REST API sends it: WireValue, with datetimes in the REST form
// (wire.RESTDateTime); the UI API writes them as stored.
func RESTValue(f *Field, v any) any {
	if s, ok := v.(string); ok && f.Type == TypeDateTime {
		if t, err := time.Parse(DateTimeLayout, s); err == nil {
			return wire.RESTDateTime(t)
		}
	}
	return WireValue(f, v)
}

// DisplayValue is the formatted value Salesforce sends beside the raw one: currency in the record's currency
// (currency, its CurrencyIsoCode; "" for the org's): US dollars as "$12.50" (whole amounts without cents,
// "$350,000,000"), another currency by its ISO code as a multi-currency org shows it ("EUR 9,240.50"); dates
// "5/2/2020", datetimes "4/6/2021, 4:46 PM" (UTC), picklist labels. Other types have none (null).
func DisplayValue(f *Field, v any, currency string) any {
	s, ok := v.(string)
	if !ok || s == "" {
		return nil
	}
	switch f.Type {
	case TypeCurrency:
		return wire.Currency(s, currency)
	case TypeDate:
		if t, err := time.Parse(DateLayout, s); err == nil {
			return t.Format("1/2/2006")
		}
	case TypeDateTime:
		if t, err := time.Parse(DateTimeLayout, s); err == nil {
			return t.Format("1/2/2006, 3:04 PM")
		}
	case TypePicklist:
		return picklistLabel(f, s)
	case TypeMultiPicklist:
		parts := strings.Split(s, ";")
		for i, p := range parts {
			parts[i] = picklistLabel(f, p)
		}
		return strings.Join(parts, ";")
	}
	return nil
}

func picklistLabel(f *Field, value string) string {
	for _, p := range f.Picklist {
		if p.Value == value && p.Label != "" {
			return p.Label
		}
	}
	return value
}

// FromDB is fromDB for readers outside the engine that select columns themselves (the SOQL engine): a scanned value
// in the field's canonical form.
func FromDB(f *Field, raw any) any { return fromDB(f, raw) }
