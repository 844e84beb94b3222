import { clearDeletedBytes } from '../vacuum.ts';
import type { Migration } from './runner.ts';

/**
 * Once, for data folders from before `secure_delete`: the at-rest encryption (002) deleted every
 * upload's plain chunks, and earlier erasures and deletions left their records, in SQLite's free
 * pages, where `grep -a` on the data folder read them (issue 47). A VACUUM rewrites the embedded
 * database's file without them (vacuum.ts); from now on what is deleted is overwritten as it goes.
 */
export const vacuumAfterRewritesV1: Migration = {
  id: 'vacuum-after-rewrites-v1',
  async run({ db }) {
    return (await clearDeletedBytes(db, { rewrite: true })) ? 'Rewrote the database file without the bytes of deleted data' : null;
  },
};
