//go:build ignore

// Better Health's addition to FerretDB v1.24.2's SQLite backend, copied into the vendored
// package by the build (FERRETDB_PATCHES in tools/ferretdb/patches.ts; the line above, which keeps
// Go's own tools away from it here, is left out of the copy).

package sqlite

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// bhMaxIn is the most values of a `$in` handed to SQLite.
const bhMaxIn = 500

// bhPlainName is the form of a top-level field name handed to SQLite: no path, no operator,
// nothing to quote.
var bhPlainName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// bhPlainField reports whether a filter's key is a top-level field handed to SQLite: a plain name
// (bhPlainName). Names SQLite knows as a column (`oid`, `ROWID`, `_ferretdb_sjson`…) are fields like
// any other here, as bhFieldExpr writes the name as a string literal.
func bhPlainField(key string) bool {
	return bhPlainName.MatchString(key)
}

// bhJSONText is a value's stored JSON text, which the indexed expression of a field holding it
// (bhFieldExpr) equals.
func bhJSONText(v any) string {
	return string(must.NotFail(sjson.MarshalSingleValue(v)))
}

// bhRangeOperators are the SQL comparisons of a date range's bounds.
var bhRangeOperators = map[string]string{"$gt": ">", "$gte": ">=", "$lt": "<", "$lte": "<="}

// bhArrayText keeps the rows whose value of the field (an expression) is an array: SQLite writes an
// array's JSON text starting with "[", and every such text sorts between "[" and "\".
const bhArrayText = `(%[1]s > '[' AND %[1]s < '\')`

// bhPushdown returns the WHERE clause and its arguments that narrow a query on collection to the
// rows filter can match, or "" when it cannot be narrowed (SQLite then reads every row). FerretDB's
// handlers still check the whole filter on every row returned, so a clause only has to keep every
// document the filter matches. It takes each of the filter's top-level conditions (all of which
// must hold) that says a field equals a string or ObjectId, directly, as `{$eq: v}` or as
// `{$in: [...]}` of them:
//
//   - `_id`, which is never an array;
//   - in a GridFS chunks collection (`*.chunks`), `files_id`: the spec makes it the `_id` of the
//     file, never an array, and the driver reads a file's chunks by it;
//   - any other top-level field with a plain name, keeping also the rows where the field is an
//     array (`{f: v}` matches an array that holds v; FerretDB's filter decides which do).
//
// A plain field (not `_id`) is also narrowed by a date range with both a lower and an upper bound
// (`{$gte: from, $lt: to}`) between 2001-09-09 and 2286-11-20. FerretDB stores a date as its
// milliseconds since 1970, a JSON number of exactly 13 digits in that span, and SQLite compares the
// expression as text, which orders 13-digit numbers as numbers. A date the range matches lies
// between the bounds, so it has 13 digits too and is kept; values of other lengths or types may be
// kept or not, as the range matches only dates (MongoDB's type bracketing).
//
// Each compares the expression FerretDB indexes the field by (`_ferretdb_sjson->'field'`: bhFieldExpr), so SQLite
// reads through the collection's index on it where there is one, and otherwise compares the
// stored JSON without FerretDB decoding every document. Equality to numbers, dates and other types
// is left to FerretDB, as their stored forms differ between equal values (an int and a double).
func bhPushdown(collection string, filter *types.Document) (string, []any) {
	// A key given twice is not a plain condition (and types.Document.Get panics on one).
	keys, values := filter.Keys(), filter.Values()
	seen := make(map[string]int, len(keys))
	for _, key := range keys {
		seen[key]++
	}

	scalar := func(v any) bool {
		switch v.(type) {
		case string, types.ObjectID:
			return true
		default:
			return false
		}
	}

	// The values a condition says the field equals, or nil.
	equalTo := func(v any) []any {
		if d, ok := v.(*types.Document); ok && d.Len() == 1 {
			switch d.Keys()[0] {
			case "$eq":
				v = d.Values()[0]
			case "$in":
				in, ok := d.Values()[0].(*types.Array)
				if !ok || in.Len() == 0 || in.Len() > bhMaxIn {
					return nil
				}
				out := make([]any, in.Len())
				for i := range out {
					if out[i] = must.NotFail(in.Get(i)); !scalar(out[i]) {
						return nil
					}
				}
				return out
			default:
				return nil
			}
		}
		if !scalar(v) {
			return nil
		}
		return []any{v}
	}

	var clauses []string
	var args []any
	for i, key := range keys {
		if seen[key] != 1 {
			continue
		}
		var expr string
		arrays := false
		switch {
		case key == "_id":
			expr = metadata.IDColumn
		case key == "files_id" && strings.HasSuffix(collection, ".chunks"):
			expr = bhFieldExpr(key)
		case bhPlainField(key):
			expr = bhFieldExpr(key)
			arrays = true
		default:
			continue
		}
		// A date range, narrowed for a plain field only (see above).
		if arrays {
			if ops, bounds := bhDateRange(values[i]); ops != nil {
				parts, texts := bhTextRange(expr, ops, bounds)
				args = append(args, texts...)
				clauses = append(clauses, fmt.Sprintf(`((%s) OR %s)`, strings.Join(parts, " AND "), fmt.Sprintf(bhArrayText, expr)))
				continue
			}
		}
		equal := equalTo(values[i])
		if equal == nil {
			continue
		}
		for _, v := range equal {
			args = append(args, bhJSONText(v))
		}
		clause := fmt.Sprintf(`%s = ?`, expr)
		if len(equal) > 1 {
			clause = fmt.Sprintf(`%s IN (?%s)`, expr, strings.Repeat(", ?", len(equal)-1))
		}
		if arrays {
			clause = fmt.Sprintf(`(%s OR %s)`, clause, fmt.Sprintf(bhArrayText, expr))
		}
		clauses = append(clauses, clause)
	}

	if len(clauses) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(clauses, " AND "), args
}

// bhDateRange returns the SQL comparisons and the bounds, in milliseconds since 1970, of a condition
// that is a date range with both a lower and an upper bound, each between 2001-09-09 and 2286-11-20
// (13 digits: see bhPushdown), or nil.
func bhDateRange(v any) ([]string, []int64) {
	d, ok := v.(*types.Document)
	if !ok || d.Len() == 0 {
		return nil, nil
	}
	var ops []string
	var bounds []int64
	lower, upper := false, false
	for i, op := range d.Keys() {
		sqlOp, ok := bhRangeOperators[op]
		t, isDate := d.Values()[i].(time.Time)
		if !ok || !isDate || t.UnixMilli() < 1e12 || t.UnixMilli() >= 1e13 {
			return nil, nil
		}
		lower = lower || op[1] == 'g'
		upper = upper || op[1] == 'l'
		ops = append(ops, sqlOp)
		bounds = append(bounds, t.UnixMilli())
	}
	if !lower || !upper {
		return nil, nil
	}
	return ops, bounds
}

// bhFieldExpr is the expression FerretDB indexes a top-level field by: its JSON text, the field's
// name (a plain name: bhPlainName) given as a single-quoted string literal, `_ferretdb_sjson->'f'`.
// FerretDB writes its indexes' expressions with a double-quoted name (`->"f"`), which SQLite takes as
// a column where one has that name, in any letter case (the implicit `rowid`, `oid`, `_rowid_`, and
// the table's `_ferretdb_sjson` and `_ferretdb_record_id`), and as the same string literal otherwise:
// the form here matches such an index and never reads a column (issue 54: `{oid: "x"}` found nothing).
func bhFieldExpr(field string) string {
	return fmt.Sprintf(`%s->'%s'`, metadata.DefaultColumn, field)
}

// bhTextRange returns the comparisons of a field's expression with a date range's bounds as text
// (13 digits each: see bhPushdown), in the order of ops, and their arguments.
func bhTextRange(expr string, ops []string, bounds []int64) ([]string, []any) {
	parts := make([]string, len(ops))
	args := make([]any, len(ops))
	for i, op := range ops {
		parts[i] = fmt.Sprintf(`%s %s ?`, expr, op)
		args[i] = strconv.FormatInt(bounds[i], 10)
	}
	return parts, args
}
