//go:build ignore

// Better Health's addition to FerretDB v1.24.2's command parameters, copied into the vendored
// package by the build (FERRETDB_PATCHES in api/src/db/embedded.ts; the line above, which keeps
// Go's own tools away from it here, is left out of the copy).

package handlerparams

import (
	"reflect"
	"strings"
	"sync"
)

// bhTag is one field's `ferretdb` tag: as written, its name and its options.
type bhTag struct {
	tag     string
	name    string
	options *tagOptions
}

// bhTags holds the tags of each parameters struct: reflect.Type -> []bhTag. It holds as many
// entries as there are parameters structs, which FerretDB's source fixes.
var bhTags sync.Map

// bhTagsOf returns the parsed `ferretdb` tags of a parameters struct's fields, parsed once per
// struct type. ExtractParams parsed them on every command: for each key of the command it read and
// split the tags of the fields before the key's, and then again every field's to check the required
// ones were given, about a seventh of FerretDB's CPU under a load of `_id` reads. The options are
// shared by every command of the type, and nothing changes them after they are parsed.
func bhTagsOf(t reflect.Type) []bhTag {
	if tags, ok := bhTags.Load(t); ok {
		return tags.([]bhTag)
	}

	tags := make([]bhTag, t.NumField())
	for i := range tags {
		tag := t.Field(i).Tag.Get("ferretdb")
		optionsList := strings.Split(tag, ",")
		tags[i] = bhTag{tag: tag, name: optionsList[0], options: tagOptionsFromList(optionsList[1:])}
	}

	stored, _ := bhTags.LoadOrStore(t, tags)

	return stored.([]bhTag)
}
