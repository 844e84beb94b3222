//go:build ignore

// Better Health's addition to FerretDB v1.24.2's SQLite backend, copied into the vendored
// package by the build (FERRETDB_PATCHES in tools/ferretdb/patches.ts; the line above, which keeps
// Go's own tools away from it here, is left out of the copy).

package sqlite

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/types"
)

// bhSortedRange returns the query that reads, for a find whose filter has a date range's shape
// (bhRangeShape: one date range with both bounds on a plain field, and plain fields equal to
// strings) and whose sort starts with the range's field, every document that can be among the first
// limit the find returns, or "" when the find has another shape. Without it FerretDB decoded and
// sorted every document the filter kept to return a page of them: 3.4 s for the first 25 of 50,000
// meetings, now 3-4 ms.
//
// A date the range matches has 13 digits, so SQLite's order of the indexed expression
// (`_ferretdb_sjson->'field'`, text: bhFieldExpr) is the dates' order. The query keeps the rows the filter matches
// but arrays (bhMatching: the field a date between the bounds, each equal field that string), and of
// those only the ones that do not come after the limit-th in the sort's first key: its value is
// found by reading the rows in that order (through an index on the equal fields and the date where
// the collection has one) until limit of them match, and rows equal to it are all kept, so the
// sort's other keys (`_id`, which breaks ties) are left to FerretDB. Rows where any of the filter's
// fields is an array are added (a condition can match an array's elements; bhAnyArray). FerretDB
// filters, sorts, skips and limits what SQLite returns, as it does without this query.
func bhSortedRange(selectClause, table string, filter, sort *types.Document, limit int64) (string, []any) {
	if sort.Len() == 0 || limit <= 0 {
		return "", nil
	}
	shape := bhRangeShape(filter)
	if shape == nil || sort.Keys()[0] != shape.field {
		return "", nil
	}
	direction, ok := sort.Values()[0].(int64)
	if !ok || (direction != 1 && direction != -1) {
		return "", nil
	}
	ops, bounds := shape.ops, shape.bounds

	expr := bhFieldExpr(shape.field)

	// The rows the filter matches but arrays (bhMatching), and the same conditions for the outer
	// query but the text comparisons on the side the limit-th row's value bounds instead, so that
	// SQLite reads the index from there.
	matching, matchingArgs := bhMatching(shape)
	var outer []string
	var outerArgs []any
	// Ascending, the range's lower bounds stay and its upper ones give way to the limit-th row's
	// value (keepFrom, their largest, when fewer rows match); descending, the other way round.
	ascending := direction == 1
	keepFrom := int64(-1)
	for i, op := range ops {
		if (op[0] == '>') == ascending {
			outer = append(outer, matching[i])
			outerArgs = append(outerArgs, matchingArgs[i])
		} else if keepFrom < 0 || (ascending && bounds[i] > keepFrom) || (!ascending && bounds[i] < keepFrom) {
			keepFrom = bounds[i]
		}
	}
	outer = append(outer, matching[len(ops):]...)
	outerArgs = append(outerArgs, matchingArgs[len(ops):]...)

	order, keep := "", "<="
	if direction == -1 {
		order, keep = " DESC", ">="
	}
	q := fmt.Sprintf(
		`%[1]s WHERE %[2]s %[3]s IFNULL((SELECT %[2]s FROM %[4]q WHERE %[5]s ORDER BY %[2]s%[6]s LIMIT 1 OFFSET ?), ?) AND %[7]s`+
			` UNION ALL %[1]s WHERE %[8]s`,
		selectClause, expr, keep, table, strings.Join(matching, " AND "), order, strings.Join(outer, " AND "), bhAnyArray(shape),
	)
	args := append(append(append([]any{}, matchingArgs...), limit-1, strconv.FormatInt(keepFrom, 10)), outerArgs...)
	return q, args
}

// bhShape is a filter bhSortedRange and bhCounted hand to SQLite: a date range with both bounds
// (bhDateRange) on field, and each of equal's fields equal to its string.
type bhShape struct {
	field  string
	ops    []string
	bounds []int64
	equal  []bhEqual
}

// bhEqual is a condition that a field equals a string: `{field: "text"}` or `{field: {$eq: "text"}}`.
type bhEqual struct {
	field string
	text  string
}

// bhRangeShape returns the shape of a filter whose conditions are one date range with both bounds on
// a plain field and, on other plain fields, equality to a string; or nil. Every key must be a plain
// field, so operators (`$or`, `$comment`) and paths leave the filter to FerretDB.
func bhRangeShape(filter *types.Document) *bhShape {
	if filter.Len() == 0 {
		return nil
	}
	shape := &bhShape{}
	seen := make(map[string]bool, filter.Len())
	for i, field := range filter.Keys() {
		if seen[field] || field == "_id" || !bhPlainField(field) {
			return nil
		}
		seen[field] = true
		value := filter.Values()[i]
		if d, ok := value.(*types.Document); ok && d.Len() == 1 && d.Keys()[0] == "$eq" {
			value = d.Values()[0]
		}
		if text, ok := value.(string); ok {
			shape.equal = append(shape.equal, bhEqual{field: field, text: text})
			continue
		}
		ops, bounds := bhDateRange(value)
		if ops == nil || shape.field != "" {
			return nil
		}
		shape.field, shape.ops, shape.bounds = field, ops, bounds
	}
	if shape.field == "" {
		return nil
	}
	return shape
}

// bhMatching returns the SQL conditions, and their arguments, that keep exactly the rows a shape's
// filter matches but those where one of its fields is an array. First come the range's text
// comparisons of the field's indexed expression, in the order of the shape's ops (SQLite reads
// these through an index), then:
//   - that text 13 characters long: a date is stored as its milliseconds, an integer, so a date's
//     text between two 13-digit bounds and of their length is a number between them (the text
//     alone would keep "17" between "1600000000000" and "1800000000000");
//   - each equal field's indexed expression that string's JSON text;
//   - the types FerretDB's schema records for the fields, read in one extraction (each one parsed
//     the document again): date for the range's, string for the equal ones (an ObjectId and a
//     binary value are stored as JSON strings too, and other numbers as dates are).
//
// The length and the equal texts are read from an index that holds the expressions.
func bhMatching(shape *bhShape) ([]string, []any) {
	expr := bhFieldExpr(shape.field)
	conditions, args := bhTextRange(expr, shape.ops, shape.bounds)
	conditions = append(conditions, fmt.Sprintf(`length(%s) = 13`, expr))
	// The path of a top-level field's type in the stored schema.
	typePath := func(field string) string { return fmt.Sprintf(`'$."$s".p.%s.t'`, field) }
	paths := []string{typePath(shape.field)}
	types := []string{`"date"`}
	for _, eq := range shape.equal {
		conditions = append(conditions, fmt.Sprintf(`%s = ?`, bhFieldExpr(eq.field)))
		args = append(args, bhJSONText(eq.text))
		paths = append(paths, typePath(eq.field))
		types = append(types, `"string"`)
	}
	// json_extract answers one path with its value, and several with a JSON array of them.
	if len(paths) == 1 {
		conditions = append(conditions, fmt.Sprintf(`json_extract(%s, %s) = 'date'`, metadata.DefaultColumn, paths[0]))
	} else {
		conditions = append(conditions, fmt.Sprintf(`json_extract(%s, %s) = '[%s]'`, metadata.DefaultColumn, strings.Join(paths, ", "), strings.Join(types, ",")))
	}
	return conditions, args
}

// bhAnyArray is the condition that keeps the rows where any of a shape's fields is an array
// (bhArrayText): SQLite reads each through an index that starts with the field, where there is one.
func bhAnyArray(shape *bhShape) string {
	parts := []string{fmt.Sprintf(bhArrayText, bhFieldExpr(shape.field))}
	for _, eq := range shape.equal {
		parts = append(parts, fmt.Sprintf(bhArrayText, bhFieldExpr(eq.field)))
	}
	return strings.Join(parts, " OR ")
}

// bhCounted returns the query that counts the documents filter matches, and the documents it
// cannot count exactly, or "" when filter has another shape. The handler hands a count over
// (QueryParams.BhCount) when it has neither skip nor limit. An empty filter is SQLite's count(*) of
// the table; a date range's shape (bhRangeShape) counts the documents it matches but arrays
// (bhMatching), through an index where there is one, and the rows where one of its fields is an
// array, whose elements only FerretDB can check: the count is used only when there are none.
// FerretDB decoded every document either way: 3.3 s for 50,000 meetings.
func bhCounted(table string, filter *types.Document) (string, []any) {
	if filter.Len() == 0 {
		return fmt.Sprintf(`SELECT count(*), 0 FROM %q`, table), nil
	}
	shape := bhRangeShape(filter)
	if shape == nil {
		return "", nil
	}
	matching, args := bhMatching(shape)
	q := fmt.Sprintf(
		`SELECT (SELECT count(*) FROM %[1]q WHERE %[2]s), (SELECT count(*) FROM %[1]q WHERE %[3]s)`,
		table, strings.Join(matching, " AND "), bhAnyArray(shape),
	)
	return q, args
}

// bhOrderAndLimit finishes Query's SQL: FerretDB's own order ($natural) and limit; or, for a sort the
// find handler handed over (QueryParams.BhSort), bhSortedRange's query, or every row the WHERE keeps
// when the find has another shape (the limit then does not apply: FerretDB sorts first).
func bhOrderAndLimit(selectClause, table, whereClause string, args []any, params *backends.QueryParams) (string, []any) {
	if params.BhSort == nil {
		q := selectClause + whereClause + prepareOrderByClause(params.Sort)
		if params.Limit != 0 {
			q += ` LIMIT ?`
			args = append(args, params.Limit)
		}
		return q, args
	}
	if params.Sort.Len() == 0 {
		if q, sortArgs := bhSortedRange(selectClause, table, params.Filter, params.BhSort, params.Limit); q != "" {
			return q, sortArgs
		}
	}
	return selectClause + whereClause, args
}
