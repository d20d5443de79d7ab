package soql

import (
	"time"

	"storefront/internal/records"
)

// Date literals name a range of days relative to now, [start, end). The store runs in UTC, so days start at 00:00
// UTC; weeks start on Sunday, as in Salesforce's default (en_US) locale.

type dayRange struct{ start, end time.Time }

// fixedRanges are the literals without a count.
var fixedRanges = map[string]func(today time.Time) dayRange{
	"TODAY":        func(d time.Time) dayRange { return days(d, 0, 1) },
	"YESTERDAY":    func(d time.Time) dayRange { return days(d, -1, 1) },
	"TOMORROW":     func(d time.Time) dayRange { return days(d, 1, 1) },
	"LAST_WEEK":    func(d time.Time) dayRange { return weeks(d, -1, 1) },
	"THIS_WEEK":    func(d time.Time) dayRange { return weeks(d, 0, 1) },
	"NEXT_WEEK":    func(d time.Time) dayRange { return weeks(d, 1, 1) },
	"LAST_MONTH":   func(d time.Time) dayRange { return months(d, -1, 1) },
	"THIS_MONTH":   func(d time.Time) dayRange { return months(d, 0, 1) },
	"NEXT_MONTH":   func(d time.Time) dayRange { return months(d, 1, 1) },
	"LAST_90_DAYS": func(d time.Time) dayRange { return lastDays(d, 90) },
	"NEXT_90_DAYS": func(d time.Time) dayRange { return days(d, 1, 90) },
	"LAST_QUARTER": func(d time.Time) dayRange { return quarters(d, -1, 1) },
	"THIS_QUARTER": func(d time.Time) dayRange { return quarters(d, 0, 1) },
	"NEXT_QUARTER": func(d time.Time) dayRange { return quarters(d, 1, 1) },
	"LAST_YEAR":    func(d time.Time) dayRange { return years(d, -1, 1) },
	"THIS_YEAR":    func(d time.Time) dayRange { return years(d, 0, 1) },
	"NEXT_YEAR":    func(d time.Time) dayRange { return years(d, 1, 1) },
}

// countedRanges are the literals written NAME:n.
var countedRanges = map[string]func(today time.Time, n int) dayRange{
	// LAST_N_DAYS:n runs from n days ago through today; NEXT_N_DAYS:n from tomorrow for n days.
	"LAST_N_DAYS":     lastDays,
	"NEXT_N_DAYS":     func(d time.Time, n int) dayRange { return days(d, 1, n) },
	"N_DAYS_AGO":      func(d time.Time, n int) dayRange { return days(d, -n, 1) },
	"LAST_N_WEEKS":    func(d time.Time, n int) dayRange { return weeks(d, -n, n) },
	"NEXT_N_WEEKS":    func(d time.Time, n int) dayRange { return weeks(d, 1, n) },
	"N_WEEKS_AGO":     func(d time.Time, n int) dayRange { return weeks(d, -n, 1) },
	"LAST_N_MONTHS":   func(d time.Time, n int) dayRange { return months(d, -n, n) },
	"NEXT_N_MONTHS":   func(d time.Time, n int) dayRange { return months(d, 1, n) },
	"N_MONTHS_AGO":    func(d time.Time, n int) dayRange { return months(d, -n, 1) },
	"LAST_N_QUARTERS": func(d time.Time, n int) dayRange { return quarters(d, -n, n) },
	"NEXT_N_QUARTERS": func(d time.Time, n int) dayRange { return quarters(d, 1, n) },
	"LAST_N_YEARS":    func(d time.Time, n int) dayRange { return years(d, -n, n) },
	"NEXT_N_YEARS":    func(d time.Time, n int) dayRange { return years(d, 1, n) },
	"N_YEARS_AGO":     func(d time.Time, n int) dayRange { return years(d, -n, 1) },
}

// resolveDateLiteral is the range a date literal names at the instant now.
func resolveDateLiteral(v *Value, now time.Time) dayRange {
	start, end, _ := DateLiteralRange(v.Text, int(v.N), now)
	return dayRange{start, end}
}

// DateLiteralRange is the range of days [start, end) a date literal names at the instant now: name as SOQL spells
// it (TODAY, LAST_N_DAYS with n); ok is false for a name it does not know. GraphQL's literal and range filters
// name the same ranges.
func DateLiteralRange(name string, n int, now time.Time) (start, end time.Time, ok bool) {
	now = now.UTC()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	if f, ok := fixedRanges[name]; ok {
		r := f(today)
		return r.start, r.end, true
	}
	if f, ok := countedRanges[name]; ok {
		r := f(today, n)
		return r.start, r.end, true
	}
	return time.Time{}, time.Time{}, false
}

// RangeFilter compares a date or datetime with a range [start, end): = is within it, != outside it (or no value),
// < before its start, <= before its end, > from its end, >= from its start. cond makes one comparison of the
// field.
func RangeFilter(op string, start, end time.Time, cond func(op string, v any) *records.Cond) records.Filter {
	switch op {
	case "=":
		return records.And{cond(">=", start), cond("<", end)}
	case "!=":
		return records.Or{cond("=", nil), cond("<", start), cond(">=", end)}
	case "<":
		return cond("<", start)
	case "<=":
		return cond("<", end)
	case ">":
		return cond(">=", end)
	}
	return cond(">=", start)
}

// days is count days from offset days after today.
func days(today time.Time, offset, count int) dayRange {
	start := today.AddDate(0, 0, offset)
	return dayRange{start, start.AddDate(0, 0, count)}
}

func lastDays(today time.Time, n int) dayRange {
	return dayRange{today.AddDate(0, 0, -n), today.AddDate(0, 0, 1)}
}

func weeks(today time.Time, offset, count int) dayRange {
	sunday := today.AddDate(0, 0, -int(today.Weekday()))
	start := sunday.AddDate(0, 0, 7*offset)
	return dayRange{start, start.AddDate(0, 0, 7*count)}
}

func months(today time.Time, offset, count int) dayRange {
	first := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, time.UTC)
	start := first.AddDate(0, offset, 0)
	return dayRange{start, start.AddDate(0, count, 0)}
}

func quarters(today time.Time, offset, count int) dayRange {
	q := (int(today.Month()) - 1) / 3
	first := time.Date(today.Year(), time.Month(q*3+1), 1, 0, 0, 0, 0, time.UTC)
	start := first.AddDate(0, 3*offset, 0)
	return dayRange{start, start.AddDate(0, 3*count, 0)}
}

func years(today time.Time, offset, count int) dayRange {
	first := time.Date(today.Year(), 1, 1, 0, 0, 0, 0, time.UTC)
	start := first.AddDate(offset, 0, 0)
	return dayRange{start, start.AddDate(count, 0, 0)}
}
