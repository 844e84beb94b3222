import { Binary, ObjectId, type Db } from 'mongodb';
import { FILE_ENCRYPTION_VERSION, fileEncryptor } from '../../lib/crypto.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { type FileEncryptionMeta, UPLOAD_BUCKET, uploadContext, uploadFiles } from './uploads.service.ts';

/** The record in `migrations` that says stored uploads were encrypted. */
export const ENCRYPT_UPLOADS_MIGRATION = 'encrypt-uploads-at-rest';

export interface MigrationDoc {
  _id: string;
  /** Set on the record of a finished run. */
  finishedAt?: Date;
  files?: number;
  /** Set on the claim of a run in progress (`<name>:running`). */
  startedAt?: Date;
}

/** A claim older than this belongs to a run that died; another instance may take over. */
const STALE_CLAIM_MS = 15 * 60 * 1000;

/**
 * Claims the run for this process, so that instances started together do not encrypt the same
 * file at once: the first to insert the claim runs, the others leave it to that one.
 */
async function claimRun(db: Db, name: string): Promise<boolean> {
  const claimId = `${name}:running`;
  try {
    await migrations(db).insertOne({ _id: claimId, startedAt: new Date() });
    return true;
  } catch (err) {
    if ((err as { code?: unknown }).code !== 11000) throw err;
  }
  const claim = await migrations(db).findOne({ _id: claimId });
  if (!claim?.startedAt || Date.now() - claim.startedAt.getTime() < STALE_CLAIM_MS) return false;
  const taken = await migrations(db).updateOne({ _id: claimId, startedAt: claim.startedAt }, { $set: { startedAt: new Date() } });
  return taken.modifiedCount === 1;
}

interface ChunkDoc {
  _id: ObjectId;
  files_id: ObjectId;
  n: number;
  data: Binary;
}

/** Progress of one file's encryption, kept on the file so an interrupted run resumes it. */
interface FileMigration {
  /** The encrypted copy's chunks are written under this id first. */
  tempId: ObjectId;
  iv: Binary;
  tag?: Binary;
  /** Every encrypted chunk is written. */
  copied?: boolean;
  /** The plain chunks are deleted; the copy's chunks are being moved under the file's id. */
  plainRemoved?: boolean;
}

export function migrations(db: Db) {
  return db.collection<MigrationDoc>('migrations');
}

function chunks(db: Db) {
  return db.collection<ChunkDoc>(`${UPLOAD_BUCKET}.chunks`);
}

/**
 * Encrypts, once, every upload stored before encryption at rest. Each file is copied chunk by
 * chunk into encrypted chunks under a temporary id, then its plain chunks are replaced by them, each
 * step recorded on the file: a run stopped at any point resumes the file where it stood on the next
 * start, and no file is ever left without a whole copy of its bytes. When every file is done the
 * run is recorded in `migrations` and never repeated. Returns how many files it encrypted, or
 * null when the record says it already ran or another instance is running it.
 */
export async function encryptStoredUploads(deps: Pick<AppDeps, 'db'> & { config: Pick<AppDeps['config'], 'documentKey'> }): Promise<number | null> {
  if (await migrations(deps.db).findOne({ _id: ENCRYPT_UPLOADS_MIGRATION })) return null;
  // Another instance is running it: until it is done, files it has not reached are served as stored.
  if (!(await claimRun(deps.db, ENCRYPT_UPLOADS_MIGRATION))) return null;
  const plain = await uploadFiles(deps.db)
    .find({ 'metadata.encryption': { $exists: false } }, { projection: { _id: 1 } })
    .toArray();
  for (const { _id } of plain) await encryptFile(deps.db, deps.config.documentKey, _id);
  await migrations(deps.db).updateOne(
    { _id: ENCRYPT_UPLOADS_MIGRATION },
    { $set: { finishedAt: new Date(), files: plain.length } },
    { upsert: true },
  );
  await migrations(deps.db).deleteOne({ _id: `${ENCRYPT_UPLOADS_MIGRATION}:running` });
  return plain.length;
}

async function encryptFile(db: Db, key: Buffer, fileId: ObjectId): Promise<void> {
  const files = uploadFiles(db);
  const file = await files.findOne({ _id: fileId });
  if (!file || file.metadata.encryption) return;
  let progress = (file.metadata as { migration?: FileMigration }).migration;

  if (!progress?.copied) {
    // Start (or start again): whatever a stopped run copied is thrown away.
    if (progress) await chunks(db).deleteMany({ files_id: progress.tempId });
    const { iv, cipher } = fileEncryptor(key, uploadContext(fileId, file.metadata.ownerId));
    progress = { tempId: new ObjectId(), iv: new Binary(iv) };
    await files.updateOne({ _id: fileId }, { $set: { 'metadata.migration': progress } });
    let n = 0;
    for await (const chunk of chunks(db).find({ files_id: fileId }).sort({ n: 1 })) {
      if (chunk.n !== n) throw new Error(`upload ${fileId.toHexString()} misses chunk ${n}`);
      await chunks(db).insertOne({ _id: new ObjectId(), files_id: progress.tempId, n, data: new Binary(cipher.update(chunk.data.value())) });
      n += 1;
    }
    cipher.final();
    progress = { ...progress, tag: new Binary(cipher.getAuthTag()), copied: true };
    await files.updateOne({ _id: fileId }, { $set: { 'metadata.migration': progress } });
  }

  if (!progress.plainRemoved) {
    await chunks(db).deleteMany({ files_id: fileId });
    progress = { ...progress, plainRemoved: true };
    await files.updateOne({ _id: fileId }, { $set: { 'metadata.migration.plainRemoved': true } });
  }
  await chunks(db).updateMany({ files_id: progress.tempId }, { $set: { files_id: fileId } });
  const encryption: FileEncryptionMeta = { v: FILE_ENCRYPTION_VERSION, iv: progress.iv, tag: progress.tag ?? null };
  await files.updateOne({ _id: fileId }, { $set: { 'metadata.encryption': encryption }, $unset: { 'metadata.migration': '' } });
}
