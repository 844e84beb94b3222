import type { Db } from 'mongodb';

/**
 * Leaves no deleted bytes in the database's files, where the server can be asked to (DESIGN §2).
 * The embedded FerretDB opens SQLite with `secure_delete` (embedded.ts), which overwrites a deleted
 * row in its page, and answers `compact` (our build, tools/ferretdb/patches.ts) by writing its
 * write-ahead log into the file and emptying it, where the pages as they were before the delete
 * stayed until then. `rewrite` also VACUUMs first (`compact` with `force`): the file is written
 * anew without its free pages, for data deleted before `secure_delete` was set (a migration does it
 * once); it holds up the database's writes while it runs, so an erasure asks only for the log.
 * Another server (MONGODB_URI) keeps its files as its operator set it up: nothing is asked of it,
 * and false is returned.
 */
export async function clearDeletedBytes(db: Db, options: { rewrite: boolean }): Promise<boolean> {
  const info = await db.admin().command({ buildInfo: 1 });
  if (typeof info.ferretdbVersion !== 'string') return false;
  // One file per database: the compact of any one collection reaches all of them.
  const [first] = await db.listCollections({}, { nameOnly: true }).toArray();
  if (!first) return false;
  await db.command({ compact: first.name, force: options.rewrite });
  return true;
}
