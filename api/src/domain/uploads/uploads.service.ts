import type { CipherGCM } from 'node:crypto';
import { Readable } from 'node:stream';
import { Binary, GridFSBucket, ObjectId, type Db, type GridFSBucketWriteStream } from 'mongodb';
import { type FileKind, isKindAllowed, sniffFileKind, type UploadField } from '@bh/shared';
import { accessCell } from '@bh/shared/contract/access';
import { FILE_ENCRYPTION_VERSION, fileDecryptor, fileEncryptor } from '../../lib/crypto.ts';
import { collections, UPLOAD_BUCKET, uploadContext, type FileEncryptionMeta, type UploadFileDoc, type UploadMetadata } from '../../db/collections.ts';
import type { AppDeps } from '../../lib/deps.ts';
import type { AuthUser } from '../../lib/types.ts';
import { checkImageHeader, receiveFile, type FileSink } from './multipart.ts';

export interface StoredUpload {
  id: ObjectId;
  field: UploadField;
  kind: FileKind;
  name: string;
  size: number;
}

export function uploadsBucket(db: Db): GridFSBucket {
  return new GridFSBucket(db, { bucketName: UPLOAD_BUCKET });
}

/** The document key, from the app's settings. */
type KeyDeps = Pick<AppDeps, 'db'> & { config: Pick<AppDeps['config'], 'documentKey'> };

/**
 * A GridFS upload stream behind the small interface the multipart reader writes to. Every byte is
 * encrypted on its way in (AES-256-GCM with the document key); `tag` is known after finish().
 */
class GridFsSink implements FileSink {
  readonly id = new ObjectId();
  readonly #bucket: GridFSBucket;
  readonly #stream: GridFSBucketWriteStream;
  readonly #cipher: CipherGCM;
  #error: unknown = null;
  tag: Buffer | null = null;

  constructor(bucket: GridFSBucket, key: Buffer, name: string, metadata: Omit<UploadMetadata, 'encryption'>) {
    this.#bucket = bucket;
    const { iv, cipher } = fileEncryptor(key, uploadContext(this.id, metadata.ownerId));
    this.#cipher = cipher;
    const encryption: FileEncryptionMeta = { v: FILE_ENCRYPTION_VERSION, iv: new Binary(iv), tag: null };
    this.#stream = bucket.openUploadStreamWithId(this.id, name, { metadata: { ...metadata, encryption } });
    // Recorded and reported by finish(): an unhandled stream error would end the process.
    this.#stream.on('error', (err) => {
      this.#error ??= err;
    });
  }

  write(chunk: Buffer): boolean {
    if (this.#error !== null) return true;
    return this.#stream.write(this.#cipher.update(chunk));
  }

  once(event: 'drain', listener: () => void): void {
    const call = () => {
      this.#stream.off(event, call);
      this.#stream.off('error', call);
      listener();
    };
    // A failed stream never drains; the reader must not wait for it.
    this.#stream.on(event, call);
    this.#stream.on('error', call);
  }

  finish(): Promise<void> {
    if (this.#error !== null) return Promise.reject(this.#error);
    const rest = this.#cipher.final();
    this.tag = this.#cipher.getAuthTag();
    return new Promise((resolve, reject) => {
      this.#stream.once('error', reject);
      // The end callback gets the error of the last writes (the final chunk, the file record) before
      // the stream emits it: a file whose record was refused must never count as stored.
      this.#stream.end(rest, (err?: Error | null) => {
        const failure = err ?? this.#error;
        if (failure !== null) reject(failure);
        else if (!this.#stream.gridFSFile) reject(new Error('the upload stream ended without storing its file record'));
        else resolve();
      });
    });
  }

  async discard(): Promise<void> {
    await this.#stream.abort().catch(() => {});
    // Also covers a file that was complete before it was refused; a missing one is fine.
    await this.#bucket.delete(this.id).catch(() => {});
  }
}

/**
 * Streams one multipart upload into GridFS for its owner. The stored file carries its owner,
 * field, kind (from the bytes), original name and size; a refused or broken upload leaves nothing.
 */
export async function storeUpload(
  deps: KeyDeps,
  owner: AuthUser,
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
): Promise<StoredUpload> {
  const bucket = uploadsBucket(deps.db);
  const received = await receiveFile(body, contentType, ({ kind, name }) =>
    new GridFsSink(bucket, deps.config.documentKey, name, { ownerId: owner._id, field: null, kind, originalName: name, size: 0 }),
  );
  const { sink } = received;
  try {
    // The 201 depends on this record: a file it did not reach is never answered as stored.
    const completed = await collections(deps.db).uploadFiles.updateOne(
      { _id: sink.id },
      { $set: { 'metadata.field': received.field, 'metadata.size': received.size, 'metadata.encryption.tag': new Binary(sink.tag ?? Buffer.alloc(0)) } },
    );
    if (completed.matchedCount !== 1) throw new Error('the stored upload has no file record to complete');
  } catch (err) {
    await sink.discard();
    throw err;
  }
  return { id: sink.id, field: received.field, kind: received.kind, name: received.name, size: received.size };
}

/** A file whose upload finished: its field and (when encrypted) its tag are recorded. */
export function isComplete(file: UploadFileDoc): boolean {
  return file.metadata.field !== null && (!file.metadata.encryption || file.metadata.encryption.tag !== null);
}

/** The stored file if this user may read it: its owner, or any verified admin. */
export async function findReadableUpload(deps: Pick<AppDeps, 'db'>, reader: AuthUser, id: ObjectId): Promise<UploadFileDoc | null> {
  const file = await collections(deps.db).uploadFiles.findOne({ _id: id });
  if (!file || !isComplete(file)) return null;
  const isAdmin = accessCell('uploadRead', reader) === 'yes'; // the access table's 'yes': verified admins read every file
  if (!isAdmin && !file.metadata.ownerId.equals(reader._id)) return null;
  return file;
}

/** The upload files among `ids` that belong to `ownerId`, by id. */
export async function findOwnedUploads(
  deps: Pick<AppDeps, 'db'>,
  ownerId: ObjectId,
  ids: readonly ObjectId[],
): Promise<Map<string, UploadFileDoc>> {
  if (ids.length === 0) return new Map();
  const files = await collections(deps.db).uploadFiles
    .find({ _id: { $in: [...ids] }, 'metadata.ownerId': ownerId })
    .toArray();
  return new Map(files.filter(isComplete).map((f) => [f._id.toHexString(), f]));
}

/**
 * The file's original bytes as a web stream, read chunk by chunk from GridFS and decrypted on the
 * way out. A file whose bytes, tag, id or owner were changed fails at its end, so its download
 * breaks off instead of completing.
 */
export function openUploadStream(deps: KeyDeps, file: UploadFileDoc): ReadableStream<Uint8Array> {
  const stored = uploadsBucket(deps.db).openDownloadStream(file._id);
  const encryption = file.metadata.encryption;
  // Files stored before encryption at rest are served as they are until the start-up migration.
  if (!encryption) return Readable.toWeb(stored) as ReadableStream<Uint8Array>;
  const decipher = fileDecryptor(deps.config.documentKey, Buffer.from(encryption.iv.value()), Buffer.from(encryption.tag?.value() ?? []), uploadContext(file._id, file.metadata.ownerId));
  stored.on('error', (err) => decipher.destroy(err));
  return Readable.toWeb(stored.pipe(decipher)) as ReadableStream<Uint8Array>;
}

/**
 * Stores bytes that did not come through a request (the demo seed), under the same rules as an
 * upload: the kind comes from the bytes and must suit the field.
 */
export async function storeFileBytes(
  deps: KeyDeps,
  ownerId: ObjectId,
  field: UploadField,
  name: string,
  bytes: Buffer,
): Promise<StoredUpload> {
  const kind = sniffFileKind(bytes);
  if (!isKindAllowed(field, kind) || kind === null) throw new Error(`${name} is not a file a ${field} upload accepts`);
  if ((kind === 'jpeg' || kind === 'png') && checkImageHeader(bytes, true) !== 'ok') throw new Error(`${name} is not an image of an allowed size`);
  const sink = new GridFsSink(uploadsBucket(deps.db), deps.config.documentKey, name, { ownerId, field, kind, originalName: name, size: bytes.length });
  sink.write(bytes);
  await sink.finish();
  const completed = await collections(deps.db).uploadFiles.updateOne({ _id: sink.id }, { $set: { 'metadata.encryption.tag': new Binary(sink.tag ?? Buffer.alloc(0)) } });
  if (completed.matchedCount !== 1) throw new Error(`${name} has no file record to complete`);
  return { id: sink.id, field, kind, name, size: bytes.length };
}
