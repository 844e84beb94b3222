import { describe, expect, it } from 'vitest';
import { delay, http, HttpResponse } from 'msw';
import { UPLOAD_MESSAGES } from '@bh/shared';
import { addUser, createMockDb } from '../mocks/db.ts';
import { createHandlers } from '../mocks/handlers.ts';
import { server } from '../test/server.ts';
import { ApiError } from './http.ts';
import { uploadFile, UPLOAD_TIMEOUT_MS } from './upload.ts';
import { mockPath } from '../mocks/contract.ts';
import { createApiClient, api } from '@bh/shared/contract';

function signedInAssociate() {
  const db = createMockDb();
  const user = addUser(db, { name: 'Vikram Shah', email: 'vikram@example.in', role: 'doctor' });
  db.sessionUserId = user._id;
  server.use(...createHandlers(db));
  return db;
}

const pdf = (name = 'resume.pdf') => new File([new Uint8Array(4096).fill(0x25)], name, { type: 'application/pdf' });

async function failureOf(work: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error('expected the upload to fail with an ApiError');
  return error;
}

describe('uploadFile', () => {
  it('gives up after 30 seconds by default', () => {
    expect(UPLOAD_TIMEOUT_MS).toBe(30_000);
  });

  it('posts the file and its field as multipart data, reports progress and returns the stored file', async () => {
    const db = signedInAssociate();
    const seen: number[] = [];
    const result = await uploadFile(pdf('Curriculum Vitae.pdf'), 'resume', { onProgress: (p) => seen.push(p) });
    expect(result.message).toBe(UPLOAD_MESSAGES.uploaded);
    expect(result.secure_url).toBe(createApiClient().url(api.uploads.read, { params: { id: result.fileId } }));
    expect(result.name).toBe('Curriculum Vitae.pdf');
    expect(result.size).toBe(4096);
    expect(seen.at(-1)).toBe(100);
    expect(seen.every((p) => Number.isInteger(p) && p >= 0 && p <= 100)).toBe(true);
    expect(db.uploads).toEqual([{ id: result.fileId, ownerId: db.sessionUserId, name: 'Curriculum Vitae.pdf', size: 4096, kind: 'pdf' }]);
  });

  it("carries the server's refusal", async () => {
    signedInAssociate();
    server.use(http.post(mockPath(api.uploads.create), () => HttpResponse.json({ success: false, message: UPLOAD_MESSAGES.tooLarge }, { status: 413 })));
    const error = await failureOf(uploadFile(pdf(), 'resume'));
    expect(error.status).toBe(413);
    expect(error.failure).toBe('http');
    expect(error.serverMessage).toBe(UPLOAD_MESSAGES.tooLarge);
  });

  it('times out', async () => {
    signedInAssociate();
    server.use(
      http.post(mockPath(api.uploads.create), async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const error = await failureOf(uploadFile(pdf(), 'resume', { timeoutMs: 50 }));
    expect(error.failure).toBe('timeout');
  });

  it('reports a broken connection', async () => {
    signedInAssociate();
    server.use(http.post(mockPath(api.uploads.create), () => HttpResponse.error()));
    expect((await failureOf(uploadFile(pdf(), 'resume'))).failure).toBe('network');
  });

  it('refuses an answer that does not match the contract', async () => {
    signedInAssociate();
    server.use(http.post(mockPath(api.uploads.create), () => HttpResponse.json({ success: true, secure_url: 'https://elsewhere.example/x' }, { status: 201 })));
    expect((await failureOf(uploadFile(pdf(), 'resume'))).failure).toBe('parse');
  });
});
