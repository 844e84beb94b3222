//go:build ignore

// Better Health's addition to FerretDB v1.24.2's SQLite metadata registry, copied into the
// vendored package by the build (FERRETDB_PATCHES in api/src/db/embedded.ts; the line above, which
// keeps Go's own tools away from it here, is left out of the copy).

package metadata

// BhCollectionInfo returns what ListCollections says of one collection (its name, UUID and capped
// limits), and false when the database or the collection does not exist. It copies only those
// fields, under the registry's read lock; CollectionGet copies the collection's indexes too.
func (r *Registry) BhCollectionInfo(dbName, collectionName string) (c Collection, ok bool) {
	r.rw.RLock()
	defer r.rw.RUnlock()

	found := r.colls[dbName][collectionName]
	if found == nil {
		return Collection{}, false
	}

	return Collection{
		Name: found.Name,
		Settings: Settings{
			UUID:            found.Settings.UUID,
			CappedSize:      found.Settings.CappedSize,
			CappedDocuments: found.Settings.CappedDocuments,
		},
	}, true
}
