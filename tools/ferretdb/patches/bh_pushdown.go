//go:build ignore

// Better Health's addition to FerretDB v1.24.2's SQLite backend, copied into the vendored
// package by the build (FERRETDB_PATCHES in api/src/db/embedded.ts; the line above, which keeps
// Go's own tools away from it here, is left out of the copy).

package sqlite

import (
	"fmt"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// bhMaxIn is the most values of an `_id: {$in: [...]}` handed to SQLite.
const bhMaxIn = 500

// bhPushdown returns the WHERE clause and its arguments that narrow a query on collection to the
// rows filter can match, or "" when it cannot be narrowed (SQLite then reads every row). FerretDB's
// handlers still check the whole filter on every row returned, so a clause only has to keep every
// document the filter matches:
//
//   - `_id` equal to a string or ObjectId, also as `{$eq: v}`, whatever other conditions the filter
//     has (its top-level keys must all hold; `_id` is never an array);
//   - `_id: {$in: [...]}` of strings and ObjectIds;
//   - in a GridFS chunks collection (`*.chunks`), `files_id` equal to an ObjectId: the spec makes it
//     the `_id` of the file, never an array, and the driver reads a file's chunks by it.
//
// Each uses the expression FerretDB indexes the field by (`_ferretdb_sjson->"field"`).
func bhPushdown(collection string, filter *types.Document) (string, []any) {
	// A key given twice is not a plain condition (and types.Document.Get panics on one).
	keys, values := filter.Keys(), filter.Values()
	field := func(name string) (any, bool) {
		var value any
		found := 0
		for i, key := range keys {
			if key == name {
				value = values[i]
				found++
			}
		}
		return value, found == 1
	}

	scalar := func(v any) bool {
		switch v.(type) {
		case string, types.ObjectID:
			return true
		default:
			return false
		}
	}
	marshal := func(v any) any { return string(must.NotFail(sjson.MarshalSingleValue(v))) }
	// The operand of a lone `$eq`, or v itself.
	equalTo := func(v any) any {
		if d, ok := v.(*types.Document); ok && d.Len() == 1 && d.Keys()[0] == "$eq" {
			return d.Values()[0]
		}
		return v
	}

	if v, ok := field("_id"); ok {
		if v = equalTo(v); scalar(v) {
			return fmt.Sprintf(` WHERE %s = ?`, metadata.IDColumn), []any{marshal(v)}
		}

		if d, ok := v.(*types.Document); ok && d.Len() == 1 && d.Keys()[0] == "$in" {
			if in, ok := d.Values()[0].(*types.Array); ok && in.Len() > 0 && in.Len() <= bhMaxIn {
				marks := make([]string, in.Len())
				args := make([]any, in.Len())
				for i := range marks {
					value := must.NotFail(in.Get(i))
					if !scalar(value) {
						return "", nil
					}
					marks[i] = "?"
					args[i] = marshal(value)
				}
				return fmt.Sprintf(` WHERE %s IN (%s)`, metadata.IDColumn, strings.Join(marks, ", ")), args
			}
		}
	}

	if strings.HasSuffix(collection, ".chunks") {
		if v, ok := field("files_id"); ok {
			if v, ok := equalTo(v).(types.ObjectID); ok {
				return fmt.Sprintf(` WHERE %s->"files_id" = ?`, metadata.DefaultColumn), []any{marshal(v)}
			}
		}
	}

	return "", nil
}
