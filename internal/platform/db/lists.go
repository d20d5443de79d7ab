package db

import (
	"context"
	"strings"
)

// InList returns the placeholders and arguments of an IN list of ids. The list is padded to a power of two by
// repeating its last id (which IN ignores), so lists of any length run one of a few query texts and the statement
// cache reuses them. An empty list is "NULL": IN (NULL) matches nothing.
func InList(ids []string) (string, []any) {
	if len(ids) == 0 {
		return "NULL", nil
	}
	n := 1
	for n < len(ids) {
		n *= 2
	}
	args := make([]any, n)
	for i := range args {
		args[i] = ids[min(i, len(ids)-1)]
	}
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", "), args
}

// Strings runs a query returning one text column and collects it.
func Strings(ctx context.Context, q Querier, query string, args ...any) ([]string, error) {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
