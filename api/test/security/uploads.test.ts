import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '@bh/shared';
import { jpegHeader, pngHeader } from '../../src/seed/sample-files.ts';
import { createTestContext, type TestContext } from '../context.ts';
import { HTML, HTML_THEN_PDF, GIFAR, PDF, PNG, postForm, SVG, uploadForm, ZIP } from '../uploads.ts';
import { changedCollections, fingerprint, type Fingerprint } from './support.ts';

/**
 * Uploads (DESIGN §4): identity and bank documents from strangers. A file is accepted only when
 * its first bytes prove it is a PDF, JPEG or PNG the field allows, whatever its name or declared
 * type; it is served only to its owner and verified admins, as the kind its bytes proved, with
 * headers that stop a browser from running anything inside it.
 */

let ctx: TestContext;
let associate: { cookie: string; id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  associate = await ctx.signedIn('doctor', 'not_submitted');
});

/** Real signatures at offset 0, with a page or script behind them. */
const PNG_THEN_HTML = Buffer.concat([PNG, HTML]);
const PDF_WITH_SCRIPT = Buffer.concat([
  Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> >> endobj\n', 'latin1'),
  HTML,
  Buffer.from('\n%%EOF\n', 'latin1'),
]);

const RESUME_TYPES = 'Invalid file type. Please upload a PDF file only for resume.';
const DOCUMENT_TYPES = 'Invalid file type. Allowed types: jpeg, jpg, png, pdf';
const SLIP_TYPES = 'Invalid file type. Allowed types: pdf, jpeg, png';

/** Everything but the per-account upload counter, which counts attempts by design. */
function storedChanges(before: Fingerprint, after: Fingerprint): string[] {
  return changedCollections(before, after).filter((name) => name !== 'rate_limits');
}

async function read(url: string, cookie?: string) {
  const res = await ctx.app.request(url, cookie ? { headers: { cookie } } : {});
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('uploads: files are judged by their bytes, never by their name or declared type', () => {
  it('refuses HTML, SVG, zip and GIFAR files renamed to .pdf or .png, and stores nothing', async () => {
    const before = await fingerprint(ctx.deps.db);
    // [field, bytes, the name and declared type they arrive with, the field's message]
    const cases: [string, Buffer, string, string | undefined, string][] = [
      ['document', HTML, 'scan.png', 'image/png', DOCUMENT_TYPES],
      ['document', HTML, 'card.jpg', undefined, DOCUMENT_TYPES],
      ['resume', HTML, 'cv.pdf', 'application/pdf', RESUME_TYPES],
      ['document', SVG, 'card.png', 'image/png', DOCUMENT_TYPES],
      ['salarySlip', SVG, 'slip.pdf', 'application/pdf', SLIP_TYPES],
      ['resume', ZIP, 'cv.pdf', 'application/pdf', RESUME_TYPES],
      ['document', GIFAR, 'photo.png', 'image/png', DOCUMENT_TYPES],
      ['resume', HTML_THEN_PDF, 'cv.pdf', 'application/pdf', RESUME_TYPES],
      ['salarySlip', HTML_THEN_PDF, 'slip.pdf', undefined, SLIP_TYPES],
      // A real image is still not a resume; a bare signature is not a PDF.
      ['resume', PNG, 'cv.png', undefined, RESUME_TYPES],
      ['salarySlip', Buffer.from('%PDF'), 'tiny.pdf', undefined, SLIP_TYPES],
    ];
    for (const [field, bytes, name, type, message] of cases) {
      const res = await postForm(ctx, uploadForm(field, bytes, name, type), { cookie: associate.cookie });
      expect(res.status, `${name} (${field})`).toBe(415);
      expect(await res.json(), `${name} (${field})`).toEqual({ success: false, message });
    }
    expect(storedChanges(before, await fingerprint(ctx.deps.db))).toEqual([]);
  });

  it('serves polyglots only as the kind their signature proves, with nosniff and a sandbox that runs nothing', async () => {
    for (const [field, bytes, name, mime] of [
      ['document', PNG_THEN_HTML, 'page.html', 'image/png'],
      ['resume', PDF_WITH_SCRIPT, 'cv.pdf', 'application/pdf'],
    ] as const) {
      const res = await postForm(ctx, uploadForm(field, bytes, name, 'text/html'), { cookie: associate.cookie });
      expect(res.status, name).toBe(201);
      const { secure_url } = (await res.json()) as { secure_url: string };
      const served = await read(secure_url, associate.cookie);
      expect(served.res.status).toBe(200);
      expect(served.res.headers.get('content-type'), name).toBe(mime);
      expect(served.res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.res.headers.get('cache-control')).toBe('no-store');
      const csp = served.res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/(^|;\s*)sandbox(;|$)/);
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('allow-scripts');
      expect(served.res.headers.get('content-disposition')).toMatch(/^(inline|attachment); filename="/);
      expect(served.bytes.equals(bytes)).toBe(true);
    }
  });

  it('measures images from their header: refuses over 10,000 px a side or 50 megapixels with 400, and stores nothing', async () => {
    const before = await fingerprint(ctx.deps.db);
    const refused: [string, Buffer, string][] = [
      ['30,000 × 30,000 PNG', pngHeader(30_000, 30_000), UPLOAD_MESSAGES.imageTooLarge],
      ['10,001 × 10 PNG', pngHeader(10_001, 10), UPLOAD_MESSAGES.imageTooLarge],
      ['8,000 × 8,000 PNG (64 megapixels)', pngHeader(8_000, 8_000), UPLOAD_MESSAGES.imageTooLarge],
      ['30,000 × 30,000 JPEG behind 150 KB of metadata', jpegHeader(30_000, 30_000, 150_000), UPLOAD_MESSAGES.imageTooLarge],
      ['JPEG whose size is hidden past 256 KB of metadata', jpegHeader(1_000, 1_000, 300_000), UPLOAD_MESSAGES.imageUnreadable],
      ['PNG signature without a header', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), UPLOAD_MESSAGES.imageUnreadable],
    ];
    for (const [name, bytes, message] of refused) {
      const res = await postForm(ctx, uploadForm('document', bytes, 'scan.png', 'image/png'), { cookie: associate.cookie });
      expect(res.status, name).toBe(400);
      expect(await res.json(), name).toEqual({ success: false, message, errors: [{ path: 'file', message }] });
    }
    expect(storedChanges(before, await fingerprint(ctx.deps.db))).toEqual([]);
    // Within the bounds, header-only images are taken: 10,000 × 5,000 is exactly 50 megapixels.
    for (const bytes of [pngHeader(10_000, 5_000), jpegHeader(4_000, 3_000, 100_000)]) {
      expect((await postForm(ctx, uploadForm('document', bytes, 'scan.png', 'image/png'), { cookie: associate.cookie })).status).toBe(201);
    }
  });

  it('refuses 10 MB + 1 byte with 413 and keeps nothing of it', async () => {
    const before = await fingerprint(ctx.deps.db);
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20);
    PDF.copy(big, 0, 0, 16);
    const res = await postForm(ctx, uploadForm('resume', big, 'big.pdf', 'application/pdf'), { cookie: associate.cookie });
    expect(res.status).toBe(413);
    expect(storedChanges(before, await fingerprint(ctx.deps.db))).toEqual([]);
  });

  it('refuses names over 100 characters, counted as characters, and stores nothing', async () => {
    const before = await fingerprint(ctx.deps.db);
    for (const name of [`${'a'.repeat(97)}.pdf`, `${'अ'.repeat(97)}.pdf`, `${'📄'.repeat(97)}.pdf`, `${'x'.repeat(5000)}.pdf`]) {
      const res = await postForm(ctx, uploadForm('resume', PDF, name, 'application/pdf'), { cookie: associate.cookie });
      expect(res.status, `${Array.from(name).length} characters`).toBe(400);
    }
    expect(storedChanges(before, await fingerprint(ctx.deps.db))).toEqual([]);
  });

  it('keeps only the base name in the stored name and the served header; control characters never get through', async () => {
    for (const path of ['../../etc/passwd.pdf', '..\\..\\windows\\passwd.pdf']) {
      const res = await postForm(ctx, uploadForm('resume', PDF, path, 'application/pdf'), { cookie: associate.cookie });
      expect(res.status, path).toBe(201);
      const { secure_url, name } = (await res.json()) as { secure_url: string; name: string };
      expect(name).toBe('passwd.pdf');
      const served = await read(secure_url, associate.cookie);
      expect(served.res.headers.get('content-disposition')).toBe(`inline; filename="passwd.pdf"; filename*=UTF-8''passwd.pdf`);
    }
    const control = await postForm(ctx, uploadForm('resume', PDF, 'cv\u0007\u001b.pdf', 'application/pdf'), { cookie: associate.cookie });
    if (control.status === 201) expect(((await control.json()) as { name: string }).name).toBe('cv.pdf');
    else expect(control.status).toBe(400);
  });

  it('refuses clients with 403 and anonymous callers with 401, storing nothing', async () => {
    const client = await ctx.signedIn('user');
    const before = await fingerprint(ctx.deps.db);
    expect((await postForm(ctx, uploadForm('resume', PDF, 'cv.pdf'), { cookie: client.cookie })).status).toBe(403);
    expect((await postForm(ctx, uploadForm('resume', PDF, 'cv.pdf'))).status).toBe(401);
    expect(storedChanges(before, await fingerprint(ctx.deps.db))).toEqual([]);
  });
});

describe('uploads: reading someone else’s file', () => {
  it('is 404 for other associates and unverified admins (as for no file), 403 for clients, 401 anonymous; verified admins may read', async () => {
    const owner = await ctx.signedIn('doctor', 'verified');
    const res = await postForm(ctx, uploadForm('document', PNG, 'aadhaar-front.png', 'image/png'), { cookie: owner.cookie });
    expect(res.status).toBe(201);
    const { secure_url } = (await res.json()) as { secure_url: string };
    const missing = secure_url.replace(/[0-9a-f]{4}$/, (tail) => (tail === 'ffff' ? '0000' : 'ffff'));

    const readers: [string, string | undefined, number][] = [
      ['owner', owner.cookie, 200],
      ['another verified associate', (await ctx.signedIn('doctor', 'verified')).cookie, 404],
      ['an unverified associate', (await ctx.signedIn('doctor', 'not_submitted')).cookie, 404],
      ['an unverified admin', (await ctx.signedIn('admin', 'pending')).cookie, 404],
      ['a client', (await ctx.signedIn('user')).cookie, 403],
      ['anonymous', undefined, 401],
      ['a verified admin', (await ctx.signedIn('admin', 'verified')).cookie, 200],
    ];
    for (const [who, cookie, status] of readers) {
      const served = await read(secure_url, cookie);
      expect(served.res.status, who).toBe(status);
      if (status !== 200) expect(served.bytes.includes(PNG.subarray(8, 40)), who).toBe(false);
    }
    // Another reader's 404 reads exactly like a file that does not exist.
    const other = readers[1]![1];
    const [forbidden, absent] = await Promise.all([read(secure_url, other), read(missing, other)]);
    expect(forbidden.bytes.toString()).toBe(absent.bytes.toString());
  });
});
