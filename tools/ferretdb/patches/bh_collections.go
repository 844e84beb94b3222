//go:build ignore

// Better Health's addition to FerretDB v1.24.2's SQLite backend, copied into the vendored
// package by the build (FERRETDB_PATCHES in api/src/db/embedded.ts; the line above, which keeps
// Go's own tools away from it here, is left out of the copy).

package sqlite

import (
	"github.com/FerretDB/FerretDB/internal/backends"
)

// bhCollectionNamed answers ListCollections for one collection's name, which find, aggregate and
// explain ask on every call to learn whether the collection is capped.
//
// FerretDB's own answer copied the metadata of every collection in the database (their indexes
// too), sorted the copies by name and then looked the one name up in them: about 7 % of
// FerretDB's CPU under a load of `_id` reads. This copies the one collection's fields that the
// answer holds (BhCollectionInfo, in bh_registry.go), and answers as that did: an empty, not nil,
// list when the database or the collection does not exist.
func bhCollectionNamed(db *database, name string) *backends.ListCollectionsResult {
	c, ok := db.r.BhCollectionInfo(db.name, name)
	if !ok {
		return &backends.ListCollectionsResult{Collections: []backends.CollectionInfo{}}
	}

	return &backends.ListCollectionsResult{
		Collections: []backends.CollectionInfo{{
			Name:            c.Name,
			UUID:            c.Settings.UUID,
			CappedSize:      c.Settings.CappedSize,
			CappedDocuments: c.Settings.CappedDocuments,
		}},
	}
}
