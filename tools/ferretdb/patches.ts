/**
 * The changes made to FerretDB's vendored sources before it is built (build.ts). Each entry either
 * replaces one text that must occur exactly once, or adds one of our own Go files from patches/.
 */

/**
 * A change to one vendored file (`from` must occur exactly once), or a file we add: in FerretDB's
 * module, or in `module` (one of its dependencies).
 */
type FerretDbPatch = ({ file: string; from: string; to: string } | { file: string; add: string }) & { module?: string };

/**
 * FerretDB's own narrowing of a filter, as collection.go writes it in Query and, with `filterPushdown
 * = true` added, in Explain: only a filter that is exactly a plain `_id`.
 */
function idOnlyPushdown(...marks: string[]): string {
  return [
    '\tif params.Filter.Len() == 1 {',
    '\t\tv, _ := params.Filter.Get("_id")',
    '\t\tswitch v.(type) {',
    '\t\tcase string, types.ObjectID:',
    ...marks,
    '\t\t\twhereClause = fmt.Sprintf(` WHERE %s = ?`, metadata.IDColumn)',
    '\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}',
    '\t\t}',
    '\t}',
  ].join('\n');
}

/**
 * FerretDB's SQL wrapper (internal/util/fsql) builds two debug records for every statement, a
 * logger with its arguments and the statement's text formatted into a message, which the logger
 * then drops below the debug level. With debug off, our build runs the statement straight away.
 */
function quietSqlCall(receiver: 'db' | 'tx', inner: 'sqlDB' | 'sqlTx', call: string, result: string, answer: string): FerretDbPatch {
  const from = [
    '\tfields := []any{slog.Any("args", args)}',
    `\t${receiver}.l.With(fields...).DebugContext(ctx, fmt.Sprintf(">>> %s", query))`,
    '',
    `\t${result} := ${receiver}.${inner}.${call}(ctx, query, args...)`,
    '',
  ].join('\n');
  const fast = [`\tif !${receiver}.l.Enabled(ctx, slog.LevelDebug) {`, `\t\t${result} := ${receiver}.${inner}.${call}(ctx, query, args...)`, `\t\treturn ${answer}`, '\t}', ''].join('\n');
  return { file: `internal/util/fsql/${receiver === 'db' ? 'db' : 'tx'}.go`, from, to: `${fast}\n${from}` };
}

/** The lines a backend write starts with: it waits for its turn (bhWriteTurn) and ends it when it returns. */
const WRITE_TURN = ['\tdone, err := bhWriteTurn(ctx, c.dbName)', '\tif err != nil {', '\t\treturn nil, lazyerrors.Error(err)', '\t}', '', '\tdefer done()', ''];

/**
 * Our changes to FerretDB's sources, made in the vendored copy before it is built (`buildFerretDb`
 * fails if one no longer applies).
 *
 * - The SQLite backend indexes `_id` as `_ferretdb_sjson->"_id"` but looks a document up by
 *   `_ferretdb_sjson->'$._id'`: the same value, yet not the indexed expression, so SQLite read the
 *   table row by row until it found the document (`EXPLAIN QUERY PLAN`: `SCAN` instead of `SEARCH
 *   … USING INDEX`). An `_id` read, which every session, account and list lookup is, cost FerretDB
 *   time in proportion to where the document sat: 1.3 ms for the last of 2,006 accounts, 4.6 µs
 *   with the index (README, "get-meetings and the database"). The lookup now uses the indexed
 *   expression.
 * - The backend handed SQLite a filter's `_id` only when `_id` was the filter's one key and a
 *   plain value, so three kinds of read went through whole collections (they now go through
 *   `bhPushdown`, in tools/ferretdb/patches/bh_pushdown.go, which says exactly what it narrows):
 *   - a filter naming a document's `_id` and a condition (`{ _id, status: 'pending' }`, the shape of
 *     every conditional update: a meeting cancelled only while scheduled, a request decided only
 *     while open, a lease released only by its owner) read rows until one matched, and all of them
 *     when none did: 1.1 s at 20,000 outbox messages;
 *   - `{ _id: { $eq } }` and `{ _id: { $in } }`, which the driver's GridFS and our batch reads send;
 *   - a GridFS file's chunks, which the driver reads by `files_id`: a download read every chunk of
 *     every uploaded file (1.1 s for a 596-byte file beside 100 MB of others).
 *   FerretDB checks the whole filter on every row SQLite returns (its handlers' `FilterIterator` and
 *   `FilterDocument`), so a narrower WHERE only has to keep every document the filter can match.
 * - FerretDB sorted in Go, so a page of a sorted find decoded and sorted every document the filter
 *   kept (3.4 s for the first 25 of 50,000 meetings), and a count decoded every document too (3.3 s
 *   for 50,000). A find whose filter is one date range with both bounds, alone or beside fields
 *   equal to strings (`bhRangeShape`), and whose sort starts with the range's field now hands SQLite
 *   its sort and the rows it needs (`bhSortedRange`, in tools/ferretdb/patches/bh_sort.go), and a
 *   count of a whole collection, or of such a filter (when no document holds an array in one of its
 *   fields), is SQLite's (`bhCounted`): the Emails grid's sent messages, 3.2 s at 30,000, in 0.3 s.
 * - SQLite lets one connection write at a time, and a write that found the lock taken slept in its
 *   busy handler (1, 2, 5, 10, 15, 20, 25 ms…) instead of starting when the lock freed: four logins
 *   at once, sixteen writes, often waited 25–100 ms. Writes now take turns in FerretDB
 *   (`bhWriteTurn`, in tools/ferretdb/patches/bh_writes.go; README, "Logins").
 * - Every iterator, transaction and connection FerretDB tracks was added to a pprof profile with its
 *   caller's stack, a tenth of its CPU under load, for a profile only its debug address (off here)
 *   shows: our build leaves the profile out.
 * - Its SQLite driver, modernc.org/sqlite, compiled every statement it ran and finalized it after,
 *   an eighth of FerretDB's CPU: each connection now keeps its compiled statements for their SQL
 *   text and runs them again (`bhStmtCache`, in tools/ferretdb/patches/bh_stmt_cache.go).
 * - The same driver dropped a query's rows unclosed when its context ended just after SQLite gave
 *   the first row: the statement stayed running on a pooled connection, whose every later
 *   statement then answered `interrupted (9)` until FerretDB restarted (issue 54, fault 2). It now
 *   closes them, and never interrupts a connection after the cancelled call has returned.
 */
export const FERRETDB_PATCHES: readonly FerretDbPatch[] = [
  {
    file: 'internal/backends/sqlite/metadata/metadata.go',
    from: `IDColumn = DefaultColumn + "->'$._id'"`,
    to: 'IDColumn = DefaultColumn + "->\\"_id\\""',
  },
  {
    // Query: the rows to read.
    file: 'internal/backends/sqlite/collection.go',
    from: idOnlyPushdown(),
    to: '\twhereClause, args = bhPushdown(c.name, params.Filter)',
  },
  {
    // Explain: the same rows, and whether the filter was handed to SQLite.
    file: 'internal/backends/sqlite/collection.go',
    from: idOnlyPushdown('\t\t\tfilterPushdown = true'),
    to: '\twhereClause, args = bhPushdown(c.name, params.Filter)\n\tfilterPushdown = whereClause != ""',
  },
  { file: 'internal/backends/sqlite/bh_pushdown.go', add: 'tools/ferretdb/patches/bh_pushdown.go' },
  {
    // Two more fields a handler can hand the backend: a find's sort, and where to put a count.
    file: 'internal/backends/collection.go',
    from: '\tOnlyRecordIDs bool\n\tComment       string\n}',
    to: [
      '\tOnlyRecordIDs bool\n\tComment       string\n',
      '\t// Better Health: a sort SQLite may apply before Limit (bhSortedRange), and where SQLite may put',
      '\t// its count instead of returning the rows (bhCounted; a negative value it then sets).',
      '\tBhSort  *types.Document\n\tBhCount *int64\n}',
    ].join('\n'),
  },
  {
    // find: the sort of a filtered find is handed over with the rows it needs (skip plus limit). The
    // backend's copy of the filter lacks dotted keys, so it must hold as many as the find's.
    file: 'internal/handler/msg_find.go',
    from: '\t// Limit pushdown is not applied if:',
    to: [
      '\tif !h.DisablePushdown && params.Filter.Len() > 0 && qp.Filter.Len() == params.Filter.Len() && params.Sort.Len() > 0 && qp.Sort.Len() == 0 && params.Limit > 0 && !cInfo.Capped() {',
      '\t\tqp.BhSort = params.Sort',
      '\t\tqp.Limit = params.Skip + params.Limit',
      '\t}',
      '',
      '\t// Limit pushdown is not applied if:',
    ].join('\n'),
  },
  {
    // count: without skip or limit, SQLite may count (bhCounted: a whole collection, or a date range's shape).
    file: 'internal/handler/msg_count.go',
    from: '\tqueryRes, err := c.Query(connCtx, &qp)\n\tif err != nil {\n\t\treturn nil, lazyerrors.Error(err)\n\t}\n',
    to: [
      '\tbhCount := int64(-1)',
      '\tif !h.DisablePushdown && params.Skip == 0 && params.Limit == 0 {',
      '\t\tqp.BhCount = &bhCount',
      '\t}',
      '',
      '\tqueryRes, err := c.Query(connCtx, &qp)',
      '\tif err != nil {',
      '\t\treturn nil, lazyerrors.Error(err)',
      '\t}',
      '',
      '\tif bhCount >= 0 {',
      '\t\tqueryRes.Iter.Close()',
      '\t\treturn documentOpMsg(must.NotFail(types.NewDocument("n", int32(bhCount), "ok", float64(1))))',
      '\t}',
      '',
    ].join('\n'),
  },
  {
    // Query: the count, or the order and limit (bhOrderAndLimit).
    file: 'internal/backends/sqlite/collection.go',
    from: [
      '\tq += whereClause',
      '\tq += prepareOrderByClause(params.Sort)',
      '',
      '\tif params.Limit != 0 {',
      '\t\tq += ` LIMIT ?`',
      '\t\targs = append(args, params.Limit)',
      '\t}',
      '',
      '\trows, err := db.QueryContext(ctx, q, args...)',
    ].join('\n'),
    to: [
      '\tif params.BhCount != nil {',
      '\t\tif q, countArgs := bhCounted(meta.TableName, params.Filter); q != "" {',
      '\t\t\tvar n, uncounted int64',
      '\t\t\tif err := db.QueryRowContext(ctx, q, countArgs...).Scan(&n, &uncounted); err != nil {',
      '\t\t\t\treturn nil, lazyerrors.Error(err)',
      '\t\t\t}',
      '',
      '\t\t\tif uncounted == 0 {',
      '\t\t\t\t*params.BhCount = n',
      '',
      '\t\t\t\treturn &backends.QueryResult{Iter: newQueryIterator(ctx, nil, params.OnlyRecordIDs)}, nil',
      '\t\t\t}',
      '\t\t}',
      '\t}',
      '',
      '\tq, args = bhOrderAndLimit(q, meta.TableName, whereClause, args, params)',
      '',
      '\trows, err := db.QueryContext(ctx, q, args...)',
    ].join('\n'),
  },
  { file: 'internal/backends/sqlite/bh_sort.go', add: 'tools/ferretdb/patches/bh_sort.go' },
  // Writes take turns in FerretDB instead of in SQLite's busy handler (bhWriteTurn, in
  // tools/ferretdb/patches/bh_writes.go): the backend's three writes each wait for theirs.
  { file: 'internal/backends/sqlite/bh_writes.go', add: 'tools/ferretdb/patches/bh_writes.go' },
  {
    // InsertAll.
    file: 'internal/backends/sqlite/collection.go',
    from: '\terr := db.InTransaction(ctx, func(tx *fsql.Tx) error {\n\t\tbatchSize := c.r.BatchSize',
    to: [...WRITE_TURN, '\terr = db.InTransaction(ctx, func(tx *fsql.Tx) error {\n\t\tbatchSize := c.r.BatchSize'].join('\n'),
  },
  {
    // UpdateAll.
    file: 'internal/backends/sqlite/collection.go',
    from: '\terr := db.InTransaction(ctx, func(tx *fsql.Tx) error {\n\t\tfor _, doc := range params.Docs {',
    to: [...WRITE_TURN, '\terr = db.InTransaction(ctx, func(tx *fsql.Tx) error {\n\t\tfor _, doc := range params.Docs {'].join('\n'),
  },
  {
    // DeleteAll.
    file: 'internal/backends/sqlite/collection.go',
    from: '\tres, err := db.ExecContext(ctx, q, args...)',
    to: [...WRITE_TURN, '\tres, err := db.ExecContext(ctx, q, args...)'].join('\n'),
  },
  // Tracking an object's lifetime (every query's iterator, transaction and connection) no longer
  // adds it to a pprof profile, which recorded the caller's stack each time: about a tenth of
  // FerretDB's CPU under load, for a profile only its debug address shows, which it is started
  // without (`--debug-addr=-`). An object never released still panics when collected, as before.
  {
    file: 'internal/util/resource/resource.go',
    from: [
      '\tname := profileName(obj)',
      '',
      '\t// fast path',
      '',
      '\tp := pprof.Lookup(name)',
      '',
      '\tif p == nil {',
      '\t\t// slow path',
      '',
      '\t\tprofilesM.Lock()',
      '',
      '\t\t// a concurrent call might have created a profile already; check again',
      '\t\tif p = pprof.Lookup(name); p == nil {',
      '\t\t\tp = pprof.NewProfile(name)',
      '\t\t}',
      '',
      '\t\tprofilesM.Unlock()',
      '\t}',
      '',
      '\t// use token instead of obj itself,',
      '\t// because otherwise profile will hold a reference to obj and finalizer will never run',
      '\tp.Add(token, 1)',
      '',
    ].join('\n'),
    to: '',
  },
  {
    file: 'internal/util/resource/resource.go',
    from: '\tp := pprof.Lookup(profileName(obj))\n\tif p == nil {\n\t\tpanic("object is not tracked")\n\t}\n\n\tp.Remove(token)\n\n',
    to: '',
  },
  { file: 'internal/util/resource/resource.go', from: '\t"runtime/pprof"\n', to: '' },
  // Compiled statements are kept per connection for their SQL text instead of compiled for every
  // run (bhStmtCache, in tools/ferretdb/patches/bh_stmt_cache.go, added to the SQLite driver).
  { module: 'modernc.org/sqlite', file: 'bh_stmt_cache.go', add: 'tools/ferretdb/patches/bh_stmt_cache.go' },
  {
    module: 'modernc.org/sqlite',
    file: 'sqlite.go',
    from: '\tbeginMode       string\n}',
    to: '\tbeginMode       string\n\n\t// Better Health: compiled statements kept for their SQL text (bhStmtCache).\n\tbhStmts bhStmtCache\n}',
  },
  {
    // A kept statement for the text, when one is free.
    module: 'modernc.org/sqlite',
    file: 'sqlite.go',
    from: 'func (c *conn) prepareV2(zSQL *uintptr) (pstmt uintptr, err error) {\n\tvar ppstmt, pptail uintptr\n',
    to: [
      'func (c *conn) prepareV2(zSQL *uintptr) (pstmt uintptr, err error) {',
      '\tsql, start := bhSQL(*zSQL), *zSQL',
      '\tif s := c.bhTake(sql); s != nil {',
      '\t\t*zSQL = start + s.tail',
      '',
      '\t\treturn s.pstmt, nil',
      '\t}',
      '',
      '\tvar ppstmt, pptail uintptr',
      '',
    ].join('\n'),
  },
  {
    // Else the one compiled now is kept.
    module: 'modernc.org/sqlite',
    file: 'sqlite.go',
    from: '\t\t\t*zSQL = *(*uintptr)(unsafe.Pointer(pptail))\n\t\t\treturn *(*uintptr)(unsafe.Pointer(ppstmt)), nil',
    to: [
      '\t\t\t*zSQL = *(*uintptr)(unsafe.Pointer(pptail))',
      '\t\t\tpstmt = *(*uintptr)(unsafe.Pointer(ppstmt))',
      '\t\t\tc.bhKeep(sql, pstmt, *zSQL-start)',
      '',
      '\t\t\treturn pstmt, nil',
    ].join('\n'),
  },
  {
    // A kept statement the driver is done with is reset and kept instead of finalized.
    module: 'modernc.org/sqlite',
    file: 'sqlite.go',
    from: 'func (c *conn) finalize(pstmt uintptr) error {\n',
    to: 'func (c *conn) finalize(pstmt uintptr) error {\n\tif kept, err := c.bhRelease(pstmt); kept {\n\t\treturn err\n\t}\n\n',
  },
  {
    // Every kept statement is finalized before the connection closes.
    module: 'modernc.org/sqlite',
    file: 'sqlite.go',
    from: '\tif c.db != 0 {\n\t\tif err := c.closeV2(c.db); err != nil {',
    to: '\tif c.db != 0 {\n\t\tc.bhFinalizeAll()\n\n\t\tif err := c.closeV2(c.db); err != nil {',
  },
  // A query cut short (its context ended: `maxTimeMS`, FerretDB stopping) after SQLite had already
  // stepped to its first row dropped the rows it had made without closing them (issue 54). Their
  // statement stayed running on the connection, which database/sql then handed out again, and
  // SQLite clears an interrupt only when no statement of the connection runs: every later statement
  // there answered `interrupted (9)` (or `database is locked` for a write, on the snapshot that
  // statement kept open) until FerretDB restarted. The rows are now closed before the context's
  // error is returned.
  {
    module: 'modernc.org/sqlite',
    file: 'sqlite.go',
    from: '\t\tif ctx != nil && atomic.LoadInt32(&done) != 0 {\n\t\t\tr, err = nil, ctx.Err()\n\t\t} else if r == nil && err == nil {',
    to: [
      '\t\tif ctx != nil && atomic.LoadInt32(&done) != 0 {',
      '\t\t\t// Better Health: rows already made hold a statement SQLite counts as running until it is reset.',
      '\t\t\tif rs, ok := r.(*rows); ok && rs != nil {',
      '\t\t\t\trs.Close()',
      '\t\t\t}',
      '',
      '\t\t\tr, err = nil, ctx.Err()',
      '\t\t} else if r == nil && err == nil {',
    ].join('\n'),
  },
  {
    // The goroutine that interrupts a cancelled statement could call sqlite3_interrupt after the
    // statement's call had returned (it decides, then interrupts), landing on whatever the
    // connection ran next. The call now waits for that goroutine to be done before it returns.
    module: 'modernc.org/sqlite',
    file: 'sqlite.go',
    from: '\tdonech := make(chan struct{})\n\n\tgo func() {\n\t\tselect {',
    to: '\tdonech := make(chan struct{})\n\texited := make(chan struct{})\n\n\tgo func() {\n\t\tdefer close(exited)\n\n\t\tselect {',
  },
  {
    module: 'modernc.org/sqlite',
    file: 'sqlite.go',
    from: '\t\tatomic.AddInt32(done, 1)\n\t\tclose(donech)\n\t}',
    to: '\t\tatomic.AddInt32(done, 1)\n\t\tclose(donech)\n\t\t<-exited\n\t}',
  },
  // find, aggregate and explain ask which collection they read (is it capped?) on every call, and
  // the backend answered by copying and sorting every collection's metadata: it now copies the one
  // asked for (bhCollectionNamed, in tools/ferretdb/patches/bh_collections.go).
  { file: 'internal/backends/sqlite/metadata/bh_registry.go', add: 'tools/ferretdb/patches/bh_registry.go' },
  { file: 'internal/backends/sqlite/bh_collections.go', add: 'tools/ferretdb/patches/bh_collections.go' },
  {
    file: 'internal/backends/sqlite/database.go',
    from: 'params *backends.ListCollectionsParams) (*backends.ListCollectionsResult, error) {\n',
    to: 'params *backends.ListCollectionsParams) (*backends.ListCollectionsResult, error) {\n\tif params != nil && len(params.Name) > 0 {\n\t\treturn bhCollectionNamed(db, params.Name), nil\n\t}\n\n',
  },
  {
    // Every find formatted its parameters, its collection and its query into a debug message (with
    // %+v, through reflection) that the logger dropped below the debug level: it is formatted now
    // only when debug messages are kept.
    file: 'internal/handler/msg_find.go',
    from: '\th.L.DebugContext(ctx, fmt.Sprintf("Converted %+v for %+v to %+v.", params, cInfo, qp))\n',
    to: '\tif h.L.Enabled(ctx, slog.LevelDebug) {\n\t\th.L.DebugContext(ctx, fmt.Sprintf("Converted %+v for %+v to %+v.", params, cInfo, qp))\n\t}\n',
  },
  quietSqlCall('db', 'sqlDB', 'QueryContext', 'rows, err', 'wrapRows(rows), err'),
  quietSqlCall('db', 'sqlDB', 'QueryRowContext', 'row', 'row'),
  quietSqlCall('db', 'sqlDB', 'ExecContext', 'res, err', 'res, err'),
  quietSqlCall('tx', 'sqlTx', 'QueryContext', 'rows, err', 'wrapRows(rows), err'),
  quietSqlCall('tx', 'sqlTx', 'QueryRowContext', 'row', 'row'),
  quietSqlCall('tx', 'sqlTx', 'ExecContext', 'res, err', 'res, err'),
  // A command's parameters are read by reflection, and the fields' tags were read and split again
  // for every key of every command: they are now parsed once per parameters struct (bhTagsOf, in
  // tools/ferretdb/patches/bh_params.go).
  { file: 'internal/handler/handlerparams/bh_params.go', add: 'tools/ferretdb/patches/bh_params.go' },
  {
    // lookupFieldTag: the field named by a command's key.
    file: 'internal/handler/handlerparams/extract_params.go',
    from: [
      '\tfor ; i < value.NumField(); i++ {',
      '\t\tfield := value.Type().Field(i)',
      '',
      '\t\ttag := field.Tag.Get("ferretdb")',
      '',
      '\t\tif tag == "" {',
      '\t\t\treturn nil, nil, lazyerrors.Errorf("no tag provided for %s", field.Name)',
      '\t\t}',
      '',
      '\t\toptionsList := strings.Split(tag, ",")',
      '',
      '\t\tif optionsList[0] != key {',
      '\t\t\tcontinue',
      '\t\t}',
      '',
      '\t\tto = tagOptionsFromList(optionsList[1:])',
    ].join('\n'),
    to: [
      '\ttags := bhTagsOf(value.Type())',
      '\tfor ; i < len(tags); i++ {',
      '\t\tif tags[i].tag == "" {',
      '\t\t\treturn nil, nil, lazyerrors.Errorf("no tag provided for %s", value.Type().Field(i).Name)',
      '\t\t}',
      '',
      '\t\tif tags[i].name != key {',
      '\t\t\tcontinue',
      '\t\t}',
      '',
      '\t\tto = tags[i].options',
    ].join('\n'),
  },
  {
    // checkAllRequiredFieldsPopulated: every field's options.
    file: 'internal/handler/handlerparams/extract_params.go',
    from: [
      '\tfor i := 0; i < v.NumField(); i++ {',
      '\t\tfield := v.Type().Field(i)',
      '',
      '\t\ttag := field.Tag.Get("ferretdb")',
      '',
      '\t\toptionsList := strings.Split(tag, ",")',
      '',
      '\t\tif len(optionsList) == 0 {',
      '\t\t\treturn lazyerrors.Errorf("no tag provided for %s", field.Name)',
      '\t\t}',
      '',
      '\t\tto := tagOptionsFromList(optionsList[1:])',
    ].join('\n'),
    to: '\tfor i, parsed := range bhTagsOf(v.Type()) {\n\t\tto := parsed.options',
  },
  { file: 'internal/handler/handlerparams/extract_params.go', from: '\t\tkey := optionsList[0]\n', to: '\t\tkey := parsed.name\n' },
  {
    // A compact also checkpoints the write-ahead log into the file and truncates it: until then the
    // log held the pages as they were before a delete, readable with `grep -a` while the server runs
    // (issue 47). Without `force` it is only that (incremental_vacuum does nothing with auto_vacuum
    // off): what an erasure asks for (api/src/db/vacuum.ts), as secure_delete already overwrote
    // the deleted rows in their pages; with `force` it follows a VACUUM.
    file: 'internal/backends/sqlite/collection.go',
    from: '\treturn new(backends.CompactResult), nil\n',
    to: ['\tif _, err := db.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {', '\t\treturn nil, lazyerrors.Error(err)', '\t}', '', '\treturn new(backends.CompactResult), nil', ''].join('\n'),
  },
];
