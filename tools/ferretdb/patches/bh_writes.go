//go:build ignore

// Better Health's addition to FerretDB v1.24.2's SQLite backend, copied into the vendored
// package by the build (FERRETDB_PATCHES in api/src/db/embedded.ts; the line above, which keeps
// Go's own tools away from it here, is left out of the copy).

package sqlite

import (
	"context"
	"sync"
)

// bhWriteGates holds one gate per database: a channel with room for one write.
var bhWriteGates sync.Map

// bhWriteTurn waits until no other write to the database runs in this process, and returns what
// ends this write's turn; it gives up when ctx ends.
//
// SQLite lets one connection write to a database at a time. Without a turn, writes sent together
// (an insert, two deletes and a session from one login) each asked SQLite for its lock, and every
// one refused slept in SQLite's busy handler, whose sleeps grow 1, 2, 5, 10, 15, 20, 25 ms: it
// wakes on its schedule rather than when the lock is free, so a write that found the lock taken
// often waited 25 to 100 ms for a few milliseconds of work. Here a write waits on a channel and
// starts as soon as the one before it ends. Reads do not wait: in WAL mode they never block on a
// write.
func bhWriteTurn(ctx context.Context, dbName string) (func(), error) {
	gate, ok := bhWriteGates.Load(dbName)
	if !ok {
		gate, _ = bhWriteGates.LoadOrStore(dbName, make(chan struct{}, 1))
	}

	turn := gate.(chan struct{})

	select {
	case turn <- struct{}{}:
		return func() { <-turn }, nil
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
}
