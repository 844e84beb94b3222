import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { restrictDataDir, withPrivateFiles } from './data-permissions.ts';

/**
 * Brings up a local MongoDB-compatible server when no MONGODB_URI is given (DESIGN §2):
 * an installed mongod or FerretDB, else mongodb-memory-server (needs downloads), else FerretDB
 * v1.24.2 built once from the Go module pinned in tools/ferretdb. The API only ever sees a URI.
 */

export const PROJECT_ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
export const FERRETDB_VERSION = 'v1.24.2';

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
 */
const FERRETDB_PATCHES: readonly FerretDbPatch[] = [
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
];
/** Named apart from an unchanged build, so that one built before a patch was added is not used. */
const FERRETDB_BUILD = `${FERRETDB_VERSION}-bh13`;
const TOOLS_DIR = join(PROJECT_ROOT, '.tools');
const FERRETDB_BIN = join(TOOLS_DIR, 'ferretdb', `ferretdb-${FERRETDB_BUILD}`);
const CACHE_BIN = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'better-health', `ferretdb-${FERRETDB_BUILD}`);

export type EmbeddedKind = 'mongod' | 'ferretdb' | 'memory-server';

/** `up`, or `restarting` after the server exited on its own and before it listens again. */
export type EmbeddedState = 'up' | 'restarting' | 'stopped';

export interface EmbeddedDb {
  uri: string;
  kind: EmbeddedKind;
  port: number;
  /** False when another process of ours already runs the server on this data folder. */
  owned: boolean;
  /** What the supervisor knows; a joined server (not owned) is always reported `up`. */
  state(): EmbeddedState;
  /** How many times the supervisor brought the server back after it exited. */
  restarts(): number;
  stop(): Promise<void>;
}

/** `engine.json` in the data folder: which engine's files these are. */
export interface EngineRecord {
  engine: EmbeddedKind;
  since: string;
}

/** Each engine's files live in their own sub-folder of the data folder. */
const ENGINE_FOLDERS: Record<EmbeddedKind, string> = { mongod: 'mongod', ferretdb: 'ferretdb', 'memory-server': 'mongo-memory' };
const ENGINE_NAMES: Record<EmbeddedKind, string> = {
  mongod: 'an installed mongod',
  ferretdb: 'FerretDB',
  'memory-server': "mongodb-memory-server's mongod",
};

/** A start refused because the data folder belongs to an engine that cannot run here. */
export class EngineUnavailableError extends Error {
  readonly dataDir: string;
  readonly engine: EmbeddedKind;
  constructor(dataDir: string, engine: EmbeddedKind, reason: string) {
    super(
      `The data folder ${dataDir} holds ${ENGINE_NAMES[engine]} data (recorded in ${join(dataDir, 'engine.json')}), ` +
        `but ${reason}. Nothing was started, so that data is untouched.\n` +
        `  To keep using it: make ${ENGINE_NAMES[engine]} available again and start once more.\n` +
        `  To move it to another engine: run \`pnpm db:export FILE\` where it still runs, then \`pnpm db:import FILE\` on the new one.\n` +
        `  To start afresh instead: set DATA_DIR to a new folder (this one stays as it is).`,
    );
    this.name = 'EngineUnavailableError';
    this.dataDir = dataDir;
    this.engine = engine;
  }
}

function hasFiles(dir: string): boolean {
  try {
    return readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

/**
 * The engine a data folder belongs to: its `engine.json`, or for a folder from before that file
 * existed, the one engine whose sub-folder holds files. Null for a new folder.
 */
export function recordedEngine(dataDir: string): EmbeddedKind | null {
  const file = join(dataDir, 'engine.json');
  if (existsSync(file)) {
    const record = JSON.parse(readFileSync(file, 'utf8')) as Partial<EngineRecord>;
    if (record.engine && record.engine in ENGINE_FOLDERS) return record.engine;
    throw new Error(`${file} does not name a known engine (${Object.keys(ENGINE_FOLDERS).join(', ')}).`);
  }
  const used = (Object.keys(ENGINE_FOLDERS) as EmbeddedKind[]).filter((kind) => hasFiles(join(dataDir, ENGINE_FOLDERS[kind])));
  if (used.length > 1) {
    throw new Error(
      `The data folder ${dataDir} holds files of several engines (${used.map((k) => `${ENGINE_FOLDERS[k]}/`).join(', ')}) and no engine.json says which is current. ` +
        `Write {"engine":"${used[0]}"} (one of ${used.join(', ')}) into ${file}, or set DATA_DIR to a new folder.`,
    );
  }
  return used[0] ?? null;
}

function recordEngine(dataDir: string, engine: EmbeddedKind): void {
  const file = join(dataDir, 'engine.json');
  if (existsSync(file)) return;
  writeFileSync(file, `${JSON.stringify({ engine, since: new Date().toISOString() } satisfies EngineRecord)}\n`, { mode: 0o600 });
}

interface LockFile {
  pid: number;
  port: number;
  kind: EmbeddedKind;
}

type Log = (msg: string) => void;

function which(cmd: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, cmd);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** Ports below Linux's (and most systems') ephemeral range: the kernel never gives these to outgoing connections. */
const CHOSEN_PORTS = { from: 20_000, to: 32_767 };

/**
 * A port nothing listens on now, for a server about to start. It is drawn at random below the
 * ephemeral range rather than asked of the kernel (port 0): a kernel-given port comes from the
 * range every outgoing connection also draws from, so on a busy machine a client socket could take
 * it in the seconds before the server binds it. Falls back to the kernel's choice.
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 20; tries += 1) {
    const candidate = CHOSEN_PORTS.from + Math.floor(Math.random() * (CHOSEN_PORTS.to - CHOSEN_PORTS.from + 1));
    if ((await bindOnce(candidate)) !== null) return candidate;
  }
  const port = await bindOnce(0);
  if (port === null) throw new Error('no free port on 127.0.0.1');
  return port;
}

/** Binds 127.0.0.1:port and lets it go: the port bound, or null when it is taken. */
function bindOnce(port: number): Promise<number | null> {
  return new Promise((res) => {
    const srv = createServer();
    srv.once('error', () => res(null));
    srv.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      const addr = srv.address();
      const bound = typeof addr === 'object' && addr ? addr.port : null;
      srv.close(() => res(bound));
    });
  });
}

function portAccepts(port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((res) => {
    const sock = connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      sock.destroy();
      res(ok);
    };
    sock.setTimeout(timeoutMs, () => done(false));
    sock.once('connect', () => done(true));
    sock.once('error', () => done(false));
  });
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`database process exited with code ${child.exitCode}`);
    if (await portAccepts(port, 300)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`database did not listen on 127.0.0.1:${port} within ${timeoutMs} ms`);
}

/** True while a process with this id exists (signal 0 only asks). Also used by the shutdown test. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The FerretDB binary if it is on PATH, already built here, or in the user's cache. */
export function findFerretDb(): string | null {
  const onPath = which('ferretdb');
  if (onPath) return onPath;
  if (existsSync(FERRETDB_BIN)) return FERRETDB_BIN;
  if (existsSync(CACHE_BIN)) {
    mkdirSync(join(TOOLS_DIR, 'ferretdb'), { recursive: true });
    copyFileSync(CACHE_BIN, FERRETDB_BIN);
    chmodSync(FERRETDB_BIN, 0o755);
    return FERRETDB_BIN;
  }
  return null;
}

/**
 * Builds FerretDB from the module pinned in tools/ferretdb (go.mod + go.sum).
 * Prints its progress every 10 s and how long it took.
 * `go install …@v1.24.2` is not used: it asks the module proxy for the version list to check
 * deprecations, which some proxies refuse. The committed go.sum pins every dependency's hash, so
 * the checksum database is not needed (GOSUMDB=off). FerretDB's sources expect a generated
 * version file, written into the vendored copy before building.
 */
export async function buildFerretDb(log: Log = console.log): Promise<string> {
  if (!which('go')) {
    throw new Error('No MongoDB-compatible server found and Go is not installed to build FerretDB. Install Go, or set MONGODB_URI.');
  }
  const work = join(TOOLS_DIR, 'ferretdb-build');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  cpSync(join(PROJECT_ROOT, 'tools', 'ferretdb'), work, { recursive: true });
  const env = { ...process.env, GOFLAGS: '-buildvcs=false', GOSUMDB: 'off', CGO_ENABLED: '0' };
  const started = Date.now();
  const elapsed = () => formatDuration(Date.now() - started);
  // Each step reports every 10 s: time so far and, while compiling, the packages done (go build -v
  // names each package as it finishes it).
  const run = (label: string, args: string[]) =>
    new Promise<void>((res, rej) => {
      let packages = 0;
      let errors = '';
      const child = spawn('go', args, { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
      const count = (chunk: Buffer) => {
        const text = chunk.toString();
        for (const line of text.split('\n')) {
          if (/^[\w.-]+(\/[\w.@+-]+)*$/.test(line.trim()) && line.trim()) packages += 1;
          else if (line.trim()) errors = (errors + line + '\n').slice(-4_000);
        }
      };
      child.stdout.on('data', count);
      child.stderr.on('data', count);
      const ticker = setInterval(() => log(`  ${label}... ${elapsed()}${packages ? `, ${packages} packages compiled` : ''}`), 10_000);
      child.once('error', (err) => {
        clearInterval(ticker);
        rej(err);
      });
      child.once('close', (code) => {
        clearInterval(ticker);
        if (code === 0) return res();
        rej(new Error(`go ${args.join(' ')} failed with status ${code}:\n${errors}`));
      });
    });
  log(`Building FerretDB ${FERRETDB_BUILD} with Go (once; a few minutes on a fresh machine, progress every 10 s)...`);
  await run('downloading modules', ['mod', 'download']);
  await run('vendoring modules', ['mod', 'vendor']);
  writeFileSync(join(work, 'vendor/github.com/FerretDB/FerretDB/build/version/version.txt'), `${FERRETDB_VERSION}\n`);
  for (const patch of FERRETDB_PATCHES) {
    const file = join(work, 'vendor', patch.module ?? 'github.com/FerretDB/FerretDB', patch.file);
    if ('add' in patch) {
      // Our own source, without the build constraint that keeps Go's tools away from it in tools/.
      writeFileSync(file, readFileSync(join(PROJECT_ROOT, patch.add), 'utf8').replace(/^\/\/go:build ignore\n\n/, ''));
      continue;
    }
    const source = readFileSync(file, 'utf8');
    const found = source.split(patch.from).length - 1;
    if (found !== 1) throw new Error(`FerretDB ${FERRETDB_VERSION}: ${patch.module ?? 'FerretDB'}'s ${patch.file} holds the text to change ${found} times, not once:\n${patch.from}`);
    writeFileSync(file, source.replace(patch.from, () => patch.to));
  }
  mkdirSync(join(TOOLS_DIR, 'ferretdb'), { recursive: true });
  await run('compiling', ['build', '-v', '-mod=vendor', '-trimpath', '-o', FERRETDB_BIN, 'github.com/FerretDB/FerretDB/cmd/ferretdb']);
  rmSync(work, { recursive: true, force: true });
  log(`FerretDB ${FERRETDB_BUILD} built in ${elapsed()}.`);
  try {
    mkdirSync(join(CACHE_BIN, '..'), { recursive: true });
    copyFileSync(FERRETDB_BIN, CACHE_BIN);
  } catch {
    // The cache only saves the next fresh clone a build.
  }
  return FERRETDB_BIN;
}

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/**
 * Go's garbage collector settings FerretDB runs with, unless the environment names its own
 * (`GOGC`, `GOMEMLIMIT`): no collection until its heap nears 256 MiB. With Go's default (collect
 * each time the heap doubles) FerretDB spent much of a get-meetings call collecting: on two quiet
 * cores at 50 connections it answered about 600 calls a second with p99 200 ms, and about 1,000 with
 * p99 under 100 ms with these; its resident memory under that load went from about 155 to 290 MiB
 * (README, Speed). The limit is soft: a live heap past it is collected whenever it reaches it (Go
 * spends at most about half the CPU on that), so it slows a larger database down rather than stopping it.
 */
export const FERRETDB_GO_SETTINGS = { GOGC: 'off', GOMEMLIMIT: '256MiB' } as const;

/** The environment FerretDB is started with: this process's, with FERRETDB_GO_SETTINGS where it sets neither. */
export function ferretDbEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const ownSettings = env.GOGC !== undefined || env.GOMEMLIMIT !== undefined;
  return ownSettings ? { ...env } : { ...env, ...FERRETDB_GO_SETTINGS };
}

function spawnServer(kind: 'mongod' | 'ferretdb', bin: string, dataDir: string, port: number): ChildProcess {
  const args =
    kind === 'mongod'
      ? ['--dbpath', join(dataDir, 'mongod'), '--bind_ip', '127.0.0.1', '--port', String(port), '--quiet']
      : [
          '--handler=sqlite',
          `--sqlite-url=file:${join(dataDir, 'ferretdb')}/`,
          `--state-dir=${join(dataDir, 'ferretdb')}`,
          '--telemetry=disable',
          `--listen-addr=127.0.0.1:${port}`,
          '--debug-addr=-',
          '--log-level=error',
        ];
  mkdirSync(join(dataDir, ENGINE_FOLDERS[kind]), { recursive: true });
  return spawn(bin, args, { stdio: ['ignore', 'ignore', 'inherit'], env: kind === 'ferretdb' ? ferretDbEnv() : process.env });
}

async function tryMemoryServer(dataDir: string, port: number, log: Log): Promise<EmbeddedDb | null> {
  let MongoMemoryServer: (typeof import('mongodb-memory-server-core'))['MongoMemoryServer'];
  try {
    ({ MongoMemoryServer } = await import('mongodb-memory-server-core'));
  } catch {
    return null;
  }
  const dbPath = join(dataDir, ENGINE_FOLDERS['memory-server']);
  mkdirSync(dbPath, { recursive: true });
  try {
    const server = await Promise.race([
      MongoMemoryServer.create({ instance: { dbPath, port, ip: '127.0.0.1', storageEngine: 'wiredTiger' } }),
      new Promise<never>((_, rej) => setTimeout(() => rej(new Error('download timed out')), 60_000)),
    ]);
    const lockPath = join(dataDir, 'embedded.json');
    writeFileSync(lockPath, JSON.stringify({ pid: server.instanceInfo?.instance.mongodProcess?.pid ?? process.pid, port, kind: 'memory-server' } satisfies LockFile), { mode: 0o600 });
    let stopped = false;
    return {
      uri: `mongodb://127.0.0.1:${port}/`,
      kind: 'memory-server',
      port,
      owned: true,
      state: () => (stopped ? 'stopped' : 'up'),
      restarts: () => 0,
      stop: async () => {
        stopped = true;
        rmSync(lockPath, { force: true });
        await server.stop({ doCleanup: false });
      },
    };
  } catch (err) {
    log(`mongodb-memory-server unavailable (${(err as Error).message}).`);
    return null;
  }
}

/**
 * Starts (or joins) the embedded server for a data folder. A second process on the same folder,
 * such as `pnpm admin:create` while `pnpm start` runs, reuses the running server through the lock
 * file `embedded.json` that every engine writes. The folder's engine is recorded in `engine.json`
 * on first use and never switched silently: if it cannot run here, the start is refused
 * (EngineUnavailableError). A server this process started is supervised: if it exits on its own
 * it is started again on the same port, with a growing pause between attempts (0.5 s to 15 s).
 */
export async function startEmbeddedDb(options: {
  dataDir: string;
  log?: Log;
  preferred?: EmbeddedKind;
  port?: number;
  /** How a port is chosen when none is given (freePort); a test hands out a taken one first. */
  choosePort?: () => Promise<number>;
}): Promise<EmbeddedDb> {
  const log = options.log ?? console.log;
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  // Private data folder (0700, files 0600): see data-permissions.ts.
  restrictDataDir(dataDir);
  const lockPath = join(dataDir, 'embedded.json');

  if (existsSync(lockPath)) {
    try {
      const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as LockFile;
      if (isAlive(lock.pid) && (await portAccepts(lock.port))) {
        return {
          uri: `mongodb://127.0.0.1:${lock.port}/`,
          kind: lock.kind,
          port: lock.port,
          owned: false,
          state: () => 'up',
          restarts: () => 0,
          stop: async () => {},
        };
      }
    } catch {
      // A stale or torn lock file is replaced below.
    }
  }

  const choosePort = options.choosePort ?? freePort;
  let port = options.port ?? (await choosePort());
  const recorded = recordedEngine(dataDir);
  let kind: 'mongod' | 'ferretdb';
  let bin: string | null;
  if (recorded === 'mongod') {
    bin = which('mongod');
    if (!bin) throw new EngineUnavailableError(dataDir, recorded, 'no mongod is on PATH');
    kind = 'mongod';
  } else if (recorded === 'memory-server') {
    const memory = await tryMemoryServer(dataDir, port, log);
    if (!memory) throw new EngineUnavailableError(dataDir, recorded, 'mongodb-memory-server could not start its mongod here');
    return memory;
  } else if (recorded === 'ferretdb') {
    kind = 'ferretdb';
    bin = findFerretDb() ?? (await buildFerretDb(log));
  } else {
    bin = options.preferred === 'ferretdb' ? null : which('mongod');
    if (bin) {
      kind = 'mongod';
    } else {
      kind = 'ferretdb';
      bin = findFerretDb();
      if (!bin) {
        const memory = await tryMemoryServer(dataDir, port, log);
        if (memory) {
          recordEngine(dataDir, 'memory-server');
          return memory;
        }
        log('Falling back to FerretDB.');
        bin = await buildFerretDb(log);
      }
    }
  }
  const serverBin = bin;

  let stopping = false;
  let state: EmbeddedState = 'up';
  let restarts = 0;

  /** Starts the server and waits until it listens; the lock file names the new process. */
  const launch = async (): Promise<ChildProcess> => {
    // Another program answering on the port would pass for the database below.
    if (await portAccepts(port, 300)) throw new Error(`127.0.0.1:${port} is taken by another program`);
    const next = withPrivateFiles(() => spawnServer(kind, serverBin, dataDir, port));
    try {
      await waitForPort(port, next, 30_000);
    } catch (err) {
      if (next.exitCode === null) next.kill('SIGKILL');
      throw err;
    }
    if (next.exitCode !== null || next.signalCode !== null) throw new Error('database process exited right after starting');
    next.once('exit', (code, signal) => {
      if (next === current && !stopping) void supervise(signal ?? `code ${code}`);
    });
    writeFileSync(lockPath, JSON.stringify({ pid: next.pid ?? 0, port, kind } satisfies LockFile), { mode: 0o600 });
    return next;
  };

  /** The first start; a port this code chose and another program took meanwhile is chosen again. */
  const launchFirst = async (): Promise<ChildProcess> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await launch();
      } catch (err) {
        if (options.port !== undefined || attempt >= 3) throw err;
        log(`Embedded ${kind} could not start on 127.0.0.1:${port} (${(err as Error).message}); trying another port.`);
        port = await choosePort();
      }
    }
  };

  const supervise = async (why: string): Promise<void> => {
    state = 'restarting';
    for (let attempt = 0; !stopping; attempt += 1) {
      const pause = Math.min(500 * 2 ** attempt, 15_000);
      log(`Embedded ${kind} exited (${why}); starting it again in ${pause / 1000} s.`);
      await new Promise((r) => setTimeout(r, pause));
      if (stopping) return;
      try {
        current = await launch();
        if (stopping) {
          current.kill('SIGTERM');
          return;
        }
        restarts += 1;
        state = 'up';
        log(`Embedded ${kind} is back on 127.0.0.1:${port}.`);
        return;
      } catch (err) {
        why = (err as Error).message;
      }
    }
  };

  let current = await launchFirst();
  recordEngine(dataDir, kind);
  const killNow = () => {
    if (current.exitCode === null) current.kill('SIGKILL');
  };
  // Last resort if the parent exits without calling stop(): no orphaned database processes.
  process.once('exit', killNow);

  return {
    uri: `mongodb://127.0.0.1:${port}/`,
    kind,
    port,
    owned: true,
    state: () => state,
    restarts: () => restarts,
    stop: () =>
      new Promise<void>((res) => {
        stopping = true;
        state = 'stopped';
        process.removeListener('exit', killNow);
        rmSync(lockPath, { force: true });
        const child = current;
        if (child.exitCode !== null || child.signalCode !== null) return res();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          res();
        });
        child.kill('SIGTERM');
      }),
  };
}
