import { Readable } from 'node:stream';
import { GridFSBucket, ObjectId, type Db, type GridFSBucketWriteStream, type GridFSFile } from 'mongodb';
import { type FileKind, isKindAllowed, sniffFileKind, type UploadField } from '@bh/shared';
import type { AppDeps } from '../../lib/deps.ts';
import type { AuthUser } from '../../lib/types.ts';
import { checkImageHeader, receiveFile, type FileSink } from './multipart.ts';

export const UPLOAD_BUCKET = 'uploads';
export const UPLOAD_FILES_COLLECTION = `${UPLOAD_BUCKET}.files`;

export interface UploadMetadata {
  ownerId: ObjectId;
  /** Null only while the file streams in ahead of its `field` part. */
  field: UploadField | null;
  kind: FileKind;
  originalName: string;
  size: number;
}

export type UploadFileDoc = Omit<GridFSFile, 'metadata'> & { metadata: UploadMetadata };

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

export function uploadFiles(db: Db) {
  return db.collection<UploadFileDoc>(UPLOAD_FILES_COLLECTION);
}

/** A GridFS upload stream behind the small interface the multipart reader writes to. */
class GridFsSink implements FileSink {
  readonly id = new ObjectId();
  readonly #bucket: GridFSBucket;
  readonly #stream: GridFSBucketWriteStream;
  #error: unknown = null;

  constructor(bucket: GridFSBucket, name: string, metadata: UploadMetadata) {
    this.#bucket = bucket;
    this.#stream = bucket.openUploadStreamWithId(this.id, name, { metadata });
    // Recorded and reported by finish(): an unhandled stream error would end the process.
    this.#stream.on('error', (err) => {
      this.#error ??= err;
    });
  }

  write(chunk: Buffer): boolean {
    if (this.#error !== null) return true;
    return this.#stream.write(chunk);
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
    return new Promise((resolve, reject) => {
      this.#stream.once('error', reject);
      this.#stream.end(() => (this.#error === null ? resolve() : reject(this.#error)));
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
  deps: Pick<AppDeps, 'db'>,
  owner: AuthUser,
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
): Promise<StoredUpload> {
  const bucket = uploadsBucket(deps.db);
  const received = await receiveFile(body, contentType, ({ kind, name }) =>
    new GridFsSink(bucket, name, { ownerId: owner._id, field: null, kind, originalName: name, size: 0 }),
  );
  const { sink } = received;
  try {
    await uploadFiles(deps.db).updateOne(
      { _id: sink.id },
      { $set: { 'metadata.field': received.field, 'metadata.size': received.size } },
    );
  } catch (err) {
    await sink.discard();
    throw err;
  }
  return { id: sink.id, field: received.field, kind: received.kind, name: received.name, size: received.size };
}

/** The stored file if this user may read it: its owner, or any verified admin. */
export async function findReadableUpload(deps: Pick<AppDeps, 'db'>, reader: AuthUser, id: ObjectId): Promise<UploadFileDoc | null> {
  const file = await uploadFiles(deps.db).findOne({ _id: id });
  if (!file || file.metadata.field === null) return null;
  const isAdmin = reader.role === 'admin' && reader.isVerified === 'verified';
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
  const files = await uploadFiles(deps.db)
    .find({ _id: { $in: [...ids] }, 'metadata.ownerId': ownerId })
    .toArray();
  return new Map(files.filter((f) => f.metadata.field !== null).map((f) => [f._id.toHexString(), f]));
}

/** The file's bytes as a web stream, read chunk by chunk from GridFS. */
export function openUploadStream(deps: Pick<AppDeps, 'db'>, id: ObjectId): ReadableStream<Uint8Array> {
  return Readable.toWeb(uploadsBucket(deps.db).openDownloadStream(id));
}

/**
 * Stores bytes that did not come through a request (the demo seed), under the same rules as an
 * upload: the kind comes from the bytes and must suit the field.
 */
export async function storeFileBytes(
  deps: Pick<AppDeps, 'db'>,
  ownerId: ObjectId,
  field: UploadField,
  name: string,
  bytes: Buffer,
): Promise<StoredUpload> {
  const kind = sniffFileKind(bytes);
  if (!isKindAllowed(field, kind) || kind === null) throw new Error(`${name} is not a file a ${field} upload accepts`);
  if ((kind === 'jpeg' || kind === 'png') && checkImageHeader(bytes, true) !== 'ok') throw new Error(`${name} is not an image of an allowed size`);
  const sink = new GridFsSink(uploadsBucket(deps.db), name, { ownerId, field, kind, originalName: name, size: bytes.length });
  sink.write(bytes);
  await sink.finish();
  return { id: sink.id, field, kind, name, size: bytes.length };
}
