import type { Db } from 'mongodb';

/**
 * Leaves no deleted bytes in the database's files, where the server can be asked to: the embedded
 * FerretDB's SQLite backend answers `compact` with `force` by a VACUUM of the database's file,
 * which rewrites it without its free pages (DESIGN §2). Its files also overwrite what is deleted
 * from then on (`secure_delete`, set where embedded.ts starts it). Another server (MONGODB_URI)
 * keeps its files as its operator set it up: nothing is asked of it, and false is returned.
 */
export async function vacuumDatabase(db: Db): Promise<boolean> {
  const info = await db.admin().command({ buildInfo: 1 });
  if (typeof info.ferretdbVersion !== 'string') return false;
  // One file per database: the compact of any one collection VACUUMs all of them.
  const [first] = await db.listCollections({}, { nameOnly: true }).toArray();
  if (!first) return false;
  await db.command({ compact: first.name, force: true });
  return true;
}
