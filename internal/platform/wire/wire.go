// Package wire is the one formatter of values on the wire: money and other decimals, quantities, datetimes in the
// forms each API writes, and currency as a person reads it. Stored values reach the API only through it, so an
// amount or a date reads the same whichever endpoint sends it.
//
// It lives under platform, beside db and httpx, because every layer that answers requests needs it (the records
// engine's value forms, the UI API, sObject REST and SOQL, and the commerce APIs) and it needs none of them: a leaf
// package with no imports of the project cannot form a cycle.
package wire

import (
	"math/big"
	"strconv"
	"strings"
	"time"
)

// Money writes a whole number of units of 10^-scale (cents at scale 2) with exactly scale places: (1250, 2) is
// "12.50", (-5, 2) is "-0.05", (7, 0) is "7". The amount is exact already, so nothing is rounded.
func Money(units int64, scale int) string {
	if scale <= 0 {
		return strconv.FormatInt(units, 10)
	}
	digits := strconv.FormatUint(absUint(units), 10)
	if len(digits) <= scale {
		digits = strings.Repeat("0", scale-len(digits)+1) + digits
	}
	out := digits[:len(digits)-scale] + "." + digits[len(digits)-scale:]
	if units < 0 {
		return "-" + out
	}
	return out
}

// absUint is |n|, for the smallest int64 too.
func absUint(n int64) uint64 {
	if n < 0 {
		return uint64(-(n + 1)) + 1
	}
	return uint64(n)
}

// Decimal writes an exact amount rounded to scale places, half away from zero ("2.345" at 2 is "2.35", "-2.345"
// is "-2.35"). An amount that rounds to zero is written without a sign.
func Decimal(r *big.Rat, scale int) string {
	if scale < 0 {
		scale = 0
	}
	s := r.FloatString(scale) // rounds half away from zero
	if strings.HasPrefix(s, "-") && strings.Trim(s, "-0.") == "" {
		return s[1:]
	}
	return s
}

// Trimmed writes a decimal without trailing zeros, as the UI API's JSON numbers and the rate percentages are:
// "12.50" is "12.5", "3.000" is "3", "-0.00" is "0".
func Trimmed(s string) string {
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" || s == "" || s == "-" {
		return "0"
	}
	return s
}

// Quantity writes a quantity as the real API does, the text of a Java double: "0" for none, "150.0" for a whole
// number, "1.5" otherwise (every digit kept: quantities are exact).
func Quantity(r *big.Rat) string {
	if r.Sign() == 0 {
		return "0"
	}
	if r.IsInt() {
		return r.Num().String() + ".0"
	}
	return Trimmed(r.FloatString(18))
}

// The datetime and date layouts on the wire. Datetimes are always UTC.
const (
	// DateTimeLayout is the stored form and the UI API's and commerce APIs': milliseconds and a Z.
	DateTimeLayout = "2006-01-02T15:04:05.000Z"
	// RESTDateTimeLayout is the REST API's (query results, sObject records, updated and deleted): an offset.
	RESTDateTimeLayout = "2006-01-02T15:04:05.000+0000"
	// SecondsLayout is the commerce product answers' `fields`: whole seconds.
	SecondsLayout = "2006-01-02T15:04:05Z"
	// DateLayout is a date, on every API.
	DateLayout = "2006-01-02"
)

// DateTime is t as stored and as the UI API writes it: "2026-11-25T22:13:11.042Z".
func DateTime(t time.Time) string { return t.UTC().Format(DateTimeLayout) }

// RESTDateTime is t as the REST API writes it: "2026-11-25T22:13:11.042+0000".
func RESTDateTime(t time.Time) string { return t.UTC().Format(RESTDateTimeLayout) }

// SecondsDateTime is t in whole seconds, as the commerce product answers write it: "2026-11-25T22:13:11Z".
func SecondsDateTime(t time.Time) string { return t.UTC().Format(SecondsLayout) }

// Currency is an amount as a person reads it, in its currency (an ISO code; "" for the org's, US dollars): dollars
// as "$1,234.50", a whole amount without cents ("$350,000,000"), another currency by its code as a multi-currency
// org shows it ("EUR 9,240.50"); a negative amount is "-$5" and "EUR -5". amount is a decimal as Money or Decimal writes it.
func Currency(amount, iso string) string {
	neg := strings.HasPrefix(amount, "-")
	whole, frac, _ := strings.Cut(strings.TrimPrefix(amount, "-"), ".")
	if strings.Trim(frac, "0") == "" {
		frac = ""
	} else {
		for len(frac) < 2 {
			frac += "0"
		}
	}
	var b strings.Builder
	if iso != "" && iso != "USD" {
		b.WriteString(iso + " ") // the code comes first, before any sign: "EUR -5"
	}
	if neg {
		b.WriteByte('-')
	}
	if iso == "" || iso == "USD" {
		b.WriteByte('$') // the sign comes first: "-$5"
	}
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if frac != "" {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}
