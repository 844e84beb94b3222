//go:build ignore

// Better Health's addition to modernc.org/sqlite v1.32.0, the SQLite driver FerretDB v1.24.2 is
// built with, copied into the vendored package by the build (FERRETDB_PATCHES in
// api/src/db/embedded.ts; the line above, which keeps Go's own tools away from it here, is left out
// of the copy).

package sqlite

import (
	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// bhStmtCacheSize is the most compiled statements one connection keeps.
const bhStmtCacheSize = 64

// bhCachedStmt is a compiled statement a connection keeps for its SQL text.
type bhCachedStmt struct {
	sql   string
	pstmt uintptr
	// tail is how far into sql the text after this statement starts (a text may hold several).
	tail uintptr
	// inUse is true from when the statement is handed out until the driver finalizes it.
	inUse bool
	// used orders the statements by when each was last handed out, for eviction.
	used uint64
}

// bhStmtCache holds a connection's compiled statements by their SQL text.
//
// The driver compiled every statement it ran (sqlite3_prepare_v2) and finalized it afterwards, and
// FerretDB runs the same few statements per collection over and over: compiling was about an eighth
// of FerretDB's CPU under load. A statement the driver is done with is now reset, its parameters
// cleared, and kept for the next run of the same text on the same connection; a text already
// running there gets a statement of its own, compiled and finalized as before. A statement is kept
// only while it stays in a clean state: when resetting it reports an error (its last step failed or
// was interrupted), it is finalized and that error returned, as finalizing it would have.
//
// database/sql hands a connection to one goroutine at a time, so the cache needs no lock.
type bhStmtCache struct {
	bySQL   map[string]*bhCachedStmt
	byPstmt map[uintptr]*bhCachedStmt
	clock   uint64
}

// bhTake hands out the kept statement for sql, or nil when there is none or it is running.
func (c *conn) bhTake(sql string) *bhCachedStmt {
	s := c.bhStmts.bySQL[sql]
	if s == nil || s.inUse {
		return nil
	}

	c.bhStmts.clock++
	s.inUse, s.used = true, c.bhStmts.clock

	return s
}

// bhKeep keeps a statement just compiled from sql, handed out now, when sql has none kept and there
// is room, or a statement not in use to make room by.
func (c *conn) bhKeep(sql string, pstmt, tail uintptr) {
	if pstmt == 0 {
		return
	}

	if c.bhStmts.bySQL == nil {
		c.bhStmts.bySQL = make(map[string]*bhCachedStmt, bhStmtCacheSize)
		c.bhStmts.byPstmt = make(map[uintptr]*bhCachedStmt, bhStmtCacheSize)
	}

	if _, kept := c.bhStmts.bySQL[sql]; kept {
		return
	}

	if len(c.bhStmts.bySQL) >= bhStmtCacheSize {
		var oldest *bhCachedStmt
		for _, s := range c.bhStmts.bySQL {
			if !s.inUse && (oldest == nil || s.used < oldest.used) {
				oldest = s
			}
		}

		if oldest == nil {
			return
		}

		c.bhDrop(oldest)
		sqlite3.Xsqlite3_finalize(c.tls, oldest.pstmt)
	}

	c.bhStmts.clock++
	s := &bhCachedStmt{sql: sql, pstmt: pstmt, tail: tail, inUse: true, used: c.bhStmts.clock}
	c.bhStmts.bySQL[sql] = s
	c.bhStmts.byPstmt[pstmt] = s
}

// bhRelease takes back a kept statement the driver is done with: it returns false when pstmt is not
// one, for the driver to finalize it.
func (c *conn) bhRelease(pstmt uintptr) (bool, error) {
	s := c.bhStmts.byPstmt[pstmt]
	if s == nil {
		return false, nil
	}

	s.inUse = false

	if rc := sqlite3.Xsqlite3_reset(c.tls, pstmt); rc != sqlite3.SQLITE_OK {
		err := c.errstr(rc)
		c.bhDrop(s)
		sqlite3.Xsqlite3_finalize(c.tls, pstmt)

		return true, err
	}

	sqlite3.Xsqlite3_clear_bindings(c.tls, pstmt)

	return true, nil
}

// bhDrop forgets a kept statement.
func (c *conn) bhDrop(s *bhCachedStmt) {
	delete(c.bhStmts.bySQL, s.sql)
	delete(c.bhStmts.byPstmt, s.pstmt)
}

// bhFinalizeAll finalizes every kept statement not running, before the connection closes, and
// forgets them all: one still running (rows not yet closed) is finalized by its rows, as the driver
// does without the cache.
func (c *conn) bhFinalizeAll() {
	for _, s := range c.bhStmts.bySQL {
		if !s.inUse {
			sqlite3.Xsqlite3_finalize(c.tls, s.pstmt)
		}
	}

	c.bhStmts = bhStmtCache{}
}

// bhSQL is the text at sql, the key of its statement.
func bhSQL(sql uintptr) string {
	return libc.GoString(sql)
}
