import { Binary, ObjectId, type Db } from 'mongodb';
import { FILE_ENCRYPTION_VERSION, fileEncryptor } from '../../lib/crypto.ts';
import { collections, uploadContext, type FileEncryptionMeta } from '../collections.ts';
import type { Migration } from './runner.ts';

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

/**
 * Encrypts every upload stored before encryption at rest. Each file is copied chunk by chunk
 * into encrypted chunks under a temporary id, then its plain chunks are replaced by them, each
 * step recorded on the file: a run stopped at any point resumes the file where it stood, and no
 * file is ever left without a whole copy of its bytes.
 */
export const encryptUploadsAtRest: Migration = {
  id: 'encrypt-uploads-at-rest',
  async run({ db, cols, documentKey }) {
    const plain = await cols.uploadFiles.find({ 'metadata.encryption': { $exists: false } }, { projection: { _id: 1 } }).toArray();
    for (const { _id } of plain) await encryptFile(db, documentKey, _id);
    return plain.length > 0 ? `Encrypted ${plain.length} stored upload(s) at rest` : null;
  },
};

async function encryptFile(db: Db, key: Buffer, fileId: ObjectId): Promise<void> {
  const { uploadFiles: files, uploadChunks: chunks } = collections(db);
  const file = await files.findOne({ _id: fileId });
  if (!file || file.metadata.encryption) return;
  let progress = (file.metadata as { migration?: FileMigration }).migration;

  if (!progress?.copied) {
    // Start (or start again): whatever a stopped run copied is thrown away.
    if (progress) await chunks.deleteMany({ files_id: progress.tempId });
    const { iv, cipher } = fileEncryptor(key, uploadContext(fileId, file.metadata.ownerId));
    progress = { tempId: new ObjectId(), iv: new Binary(iv) };
    await files.updateOne({ _id: fileId }, { $set: { 'metadata.migration': progress } });
    let n = 0;
    for await (const chunk of chunks.find({ files_id: fileId }).sort({ n: 1 })) {
      if (chunk.n !== n) throw new Error(`upload ${fileId.toHexString()} misses chunk ${n}`);
      await chunks.insertOne({ _id: new ObjectId(), files_id: progress.tempId, n, data: new Binary(cipher.update(chunk.data.value())) });
      n += 1;
    }
    cipher.final();
    progress = { ...progress, tag: new Binary(cipher.getAuthTag()), copied: true };
    await files.updateOne({ _id: fileId }, { $set: { 'metadata.migration': progress } });
  }

  if (!progress.plainRemoved) {
    await chunks.deleteMany({ files_id: fileId });
    progress = { ...progress, plainRemoved: true };
    await files.updateOne({ _id: fileId }, { $set: { 'metadata.migration.plainRemoved': true } });
  }
  await chunks.updateMany({ files_id: progress.tempId }, { $set: { files_id: fileId } });
  const encryption: FileEncryptionMeta = { v: FILE_ENCRYPTION_VERSION, iv: progress.iv, tag: progress.tag ?? null };
  await files.updateOne({ _id: fileId }, { $set: { 'metadata.encryption': encryption }, $unset: { 'metadata.migration': '' } });
}
