import { createHash } from 'node:crypto';
import { Binary, GridFSBucket, ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { encryptUploadsAtRest } from '../../db/migrations/002-encrypt-uploads-at-rest.ts';
import { runMigrations, type RunnerTiming } from '../../db/migrations/runner.ts';
import { samplePdf, samplePng } from '../../seed/sample-files.ts';
import { multipart, postForm } from '../../../test/uploads.ts';

let ctx: TestContext;
let owner: { cookie: string; id: string };
let admin: { cookie: string; id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.signedIn('doctor', 'not_submitted');
  admin = await ctx.signedIn('admin', 'verified');
});

const PDF_MAGIC = Buffer.from('%PDF');
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
/** Over two GridFS chunks (255 KiB each), with text a scan would show. */
const BIG_PDF = samplePdf(Array.from({ length: 9_000 }, (_, i) => `Aadhaar 7391 4826 ${String(5000 + i).padStart(4, '0')} PAN AKRPR4821M line ${i}`));
const PNG = samplePng(64, 40, [30, 120, 200]);

async function storedBytes(fileId: ObjectId): Promise<Buffer> {
  const parts = await ctx.deps.cols.uploadChunks.find({ files_id: fileId }).sort({ n: 1 }).toArray();
  return Buffer.concat(parts.map((p) => Buffer.from(p.data.value())));
}

async function upload(bytes: Buffer, field: string, filename: string): Promise<{ fileId: string; secure_url: string }> {
  const res = await postForm(ctx, multipart([{ name: 'field', value: field }, { name: 'file', value: { bytes, filename } }]), { cookie: owner.cookie });
  expect(res.status).toBe(201);
  return (await res.json()) as { fileId: string; secure_url: string };
}

describe('uploads are encrypted at rest', () => {
  it('stores no chunk in plain bytes (no %PDF or PNG signature, no number), and gives owner and admins the original back', async () => {
    for (const [bytes, field, name, magic] of [
      [BIG_PDF, 'resume', 'cv.pdf', PDF_MAGIC],
      [PNG, 'document', 'card.png', PNG_MAGIC],
    ] as const) {
      const { fileId, secure_url } = await upload(bytes, field, name);
      const stored = await storedBytes(new ObjectId(fileId));
      expect(stored.length, name).toBe(bytes.length);
      expect(stored.subarray(0, magic.length).equals(magic), name).toBe(false);
      expect(stored.includes(magic), name).toBe(false);
      expect(stored.includes(Buffer.from('AKRPR4821M')), name).toBe(false);
      const meta = (await ctx.deps.cols.uploadFiles.findOne({ _id: new ObjectId(fileId) }))!.metadata as { encryption: { iv: Binary; tag: Binary } };
      expect(meta.encryption.iv.length()).toBe(12);
      expect(meta.encryption.tag.length()).toBe(16);
      for (const cookie of [owner.cookie, admin.cookie]) {
        const res = await ctx.request('GET', secure_url, { cookie });
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(bytes), name).toBe(true);
      }
    }
  });

  it('breaks off the download of a file whose stored bytes or owner were changed', async () => {
    const { fileId, secure_url } = await upload(PNG, 'document', 'card.png');
    const id = new ObjectId(fileId);
    const chunk = await ctx.deps.cols.uploadChunks.findOne({ files_id: id, n: 0 });
    const changed = Buffer.from(chunk!.data.value());
    changed[10]! ^= 1;
    await ctx.deps.cols.uploadChunks.updateOne({ _id: chunk!._id }, { $set: { data: new Binary(changed) } });
    const res = await ctx.request('GET', secure_url, { cookie: admin.cookie });
    await expect(res.arrayBuffer()).rejects.toThrow();

    // The same bytes handed to another owner (as if copied into their file) do not decrypt either.
    const other = await upload(PNG, 'document', 'card.png');
    const stranger = await ctx.signedIn('doctor', 'not_submitted');
    await ctx.deps.cols.uploadFiles.updateOne({ _id: new ObjectId(other.fileId) }, { $set: { 'metadata.ownerId': new ObjectId(stranger.id) } });
    const moved = await ctx.request('GET', other.secure_url, { cookie: admin.cookie });
    await expect(moved.arrayBuffer()).rejects.toThrow();
  });
});

describe('encrypting files stored before encryption at rest', () => {
  /** A file as the old code stored it: plain chunks, no encryption metadata. */
  async function storePlain(bytes: Buffer, name: string, kind: 'pdf' | 'png', field: string): Promise<ObjectId> {
    const id = new ObjectId();
    const bucket = new GridFSBucket(ctx.deps.db, { bucketName: 'uploads' });
    await new Promise<void>((resolve, reject) => {
      const stream = bucket.openUploadStreamWithId(id, name, { metadata: { ownerId: new ObjectId(owner.id), field, kind, originalName: name, size: bytes.length } });
      stream.once('error', reject);
      stream.end(bytes, () => resolve());
    });
    return id;
  }

  const fingerprint = async () => {
    const all = await ctx.deps.cols.uploadChunks.find({}).sort({ files_id: 1, n: 1 }).toArray();
    return createHash('sha256').update(all.map((c) => `${c.files_id.toHexString()}:${c.n}:${Buffer.from(c.data.value()).toString('hex')}`).join('\n')).digest('hex');
  };

  const MIGRATION = encryptUploadsAtRest.id;
  /** The start-up migration, run as a server's start runs it. */
  const encrypt = (timing: Partial<RunnerTiming> = {}) => runMigrations({ db: ctx.deps.db, documentKey: ctx.deps.config.documentKey }, [encryptUploadsAtRest], timing);
  const encrypted = (n: number) => [`Encrypted ${n} stored upload(s) at rest`];

  it('converts old plain files once at start-up, serves their original bytes, and a second run does nothing', async () => {
    await ctx.deps.cols.migrations.deleteMany({});
    const pdf = await storePlain(BIG_PDF, 'old-cv.pdf', 'pdf', 'resume');
    const png = await storePlain(PNG, 'old-card.png', 'png', 'document');
    expect((await storedBytes(pdf)).subarray(0, 4).equals(PDF_MAGIC)).toBe(true);

    // The other files in this database were uploaded encrypted: only the two old ones are converted.
    expect(await encrypt()).toEqual(encrypted(2));
    expect(await ctx.deps.cols.migrations.findOne({ _id: MIGRATION })).toMatchObject({ finishedAt: expect.any(Date) });
    for (const [id, bytes, magic] of [
      [pdf, BIG_PDF, PDF_MAGIC],
      [png, PNG, PNG_MAGIC],
    ] as const) {
      const stored = await storedBytes(id);
      expect(stored.length).toBe(bytes.length);
      expect(stored.includes(magic)).toBe(false);
      const res = await ctx.request('GET', `/api/v1/uploads/${id.toHexString()}`, { cookie: owner.cookie });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }

    const before = await fingerprint();
    // A plain file appearing later is left alone: the record says the migration ran.
    const late = await storePlain(PNG, 'late.png', 'png', 'document');
    expect(await encrypt()).toEqual([]);
    await ctx.deps.cols.uploadChunks.deleteMany({ files_id: late });
    await ctx.deps.cols.uploadFiles.deleteOne({ _id: late });
    expect(await fingerprint()).toBe(before);
  });

  it('resumes a run stopped part-way through a file, leaving one whole encrypted copy', async () => {
    await ctx.deps.cols.migrations.deleteMany({});
    const id = await storePlain(BIG_PDF, 'stopped.pdf', 'pdf', 'resume');
    // As a run stopped after copying one encrypted chunk: progress on the file, a stray chunk.
    const tempId = new ObjectId();
    await ctx.deps.cols.uploadFiles.updateOne({ _id: id }, { $set: { 'metadata.migration': { tempId, iv: new Binary(Buffer.alloc(12, 7)) } } });
    await ctx.deps.cols.uploadChunks.insertOne({ _id: new ObjectId(), files_id: tempId, n: 0, data: new Binary(Buffer.alloc(100, 1)) });

    expect(await encrypt()).toEqual(encrypted(1));
    expect(await ctx.deps.cols.uploadChunks.countDocuments({ files_id: tempId })).toBe(0);
    const file = await ctx.deps.cols.uploadFiles.findOne({ _id: id });
    expect(file!.metadata).not.toHaveProperty('migration');
    expect(await ctx.deps.cols.uploadChunks.countDocuments({ files_id: id })).toBe(Math.ceil(BIG_PDF.length / (255 * 1024)));
    const res = await ctx.request('GET', `/api/v1/uploads/${id.toHexString()}`, { cookie: owner.cookie });
    expect(Buffer.from(await res.arrayBuffer()).equals(BIG_PDF)).toBe(true);
  });

  it('waits for the instance that claimed the run, and takes over a claim left by a run that died', async () => {
    await ctx.deps.cols.migrations.deleteMany({});
    const claimId = `${MIGRATION}:claim:1`;
    await ctx.deps.cols.migrations.insertOne({ _id: claimId, startedAt: new Date(), renewedAt: new Date() });
    const id = await storePlain(PNG, 'claimed.png', 'png', 'document');
    // Another instance holds a live claim: this start waits, and leaves the file to it.
    const waiting = encrypt({ pollMs: 20 });
    await sleep(300);
    expect((await storedBytes(id)).subarray(0, 4).equals(PNG_MAGIC)).toBe(true);
    // That instance records the run (as if done): the waiting start goes on without running it.
    await ctx.deps.cols.migrations.insertOne({ _id: MIGRATION, finishedAt: new Date() });
    expect(await waiting).toEqual([]);
    expect((await storedBytes(id)).subarray(0, 4).equals(PNG_MAGIC)).toBe(true);

    // A claim no longer renewed belongs to a run that died: the next claim takes it over.
    await ctx.deps.cols.migrations.deleteMany({});
    await ctx.deps.cols.migrations.insertOne({ _id: claimId, startedAt: new Date(Date.now() - 5 * 60_000), renewedAt: new Date(Date.now() - 61_000) });
    expect(await encrypt()).toEqual(encrypted(1));
    expect((await storedBytes(id)).includes(PNG_MAGIC)).toBe(false);
    expect((await ctx.deps.cols.migrations.find().toArray()).map((doc) => doc._id)).toEqual([MIGRATION]);
  });
});
