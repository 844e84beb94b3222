import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, rmdirSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERAL_MESSAGES } from '@bh/shared';
import { api as ops } from '@bh/shared/contract';
import { ApiClient, DEMO } from '../support/api.ts';
import { ROOT, startProductServer, type ProductServer } from '../support/server.ts';

/**
 * Issue 47, item 3: the product on a small real file system that fills up (a 40 MiB tmpfs, which
 * needs root to mount). Every upload answered 201 must stay downloadable; once the disk is full,
 * writes answer 507 with the product's message, the process lives, readiness and metrics say
 * "disk full", and freeing space brings everything back without a restart.
 */
const DISK_MIB = 40;
const FILLER_BYTES = 4 * 1024 * 1024;

const mountPoint = mkdtempSync(join(tmpdir(), 'bh-full-disk-'));
const mountFailure = (() => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_MIB}m,mode=0700`, 'tmpfs', mountPoint], { stdio: 'pipe' });
    return null;
  } catch (err) {
    const detail = (err as { stderr?: Buffer }).stderr?.toString().trim() || (err as Error).message;
    return `cannot mount a ${DISK_MIB} MiB tmpfs here (needs root): ${detail}`;
  }
})();
if (mountFailure) console.warn(`SKIPPED e2e/ops/full-disk.test.ts: ${mountFailure}`);

afterAll(() => {
  if (!mountFailure) {
    try {
      execFileSync('umount', [mountPoint], { stdio: 'pipe' });
    } catch {
      // Still busy (a process that has not quite gone): detach it now, freed when the last user goes.
      execFileSync('umount', ['-l', mountPoint], { stdio: 'pipe' });
    }
  }
  rmdirSync(mountPoint);
});

const dataDir = join(mountPoint, 'data');
/** Placed on the disk before the product, so the test can free space by deleting them: one to recover, one for the restart. */
const fillers = [join(mountPoint, 'filler-1'), join(mountPoint, 'filler-2')] as const;
/** Takes all the room left, for a start on a full disk. */
const filler = join(mountPoint, 'filler-all');

/** A PDF of `bytes` random bytes (random: nothing on the way can make it smaller). */
const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(bytes), Buffer.from('\n%%EOF\n')]);

async function upload(client: ApiClient, bytes: Buffer): Promise<{ status: number; fileId?: string; message?: string }> {
  const form = new FormData();
  form.append('field', 'resume');
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'resume.pdf');
  const res = await fetch(client.url(ops.uploads.create), { method: 'POST', headers: { origin: client.baseUrl, cookie: client.cookie }, body: form });
  const json = (await res.json()) as { fileId?: string; message?: string };
  return { status: res.status, ...json };
}

async function download(client: ApiClient, fileId: string): Promise<{ status: number; bytes: Buffer }> {
  const res = await fetch(client.url(ops.uploads.read, { params: { id: fileId } }), { headers: { cookie: client.cookie } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

let couponNumber = 0;
function createCoupon(client: ApiClient) {
  couponNumber += 1;
  return client.call(ops.payments.createCoupon, {
    body: {
      couponCode: `FULL${couponNumber}`,
      forNewUsers: true,
      isActive: true,
      paymentLinks: {
        mentalHealthCounselling: { single: 'https://pay.example.in/mh-single', bundle: 'https://pay.example.in/mh-bundle' },
        cosmetologistConsultancy: { single: 'https://pay.example.in/cc-single', bundle: 'https://pay.example.in/cc-bundle' },
      },
    },
  });
}

const login = () => new ApiClient(server!.baseUrl).call(ops.user.login, { body: { email: DEMO.admin, password: DEMO.password } });

async function metrics(baseUrl: string): Promise<string> {
  return (await fetch(`${baseUrl}/metrics`)).text();
}
const sample = (text: string, series: string) => Number(new RegExp(`^${series.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? 'NaN');

let server: ProductServer | undefined;
afterAll(async () => {
  await server?.stop();
});

describe.skipIf(mountFailure !== null)(`a full data disk (${DISK_MIB} MiB tmpfs)`, () => {
  /** Every upload answered 201, with the bytes sent. */
  const acknowledged: { fileId: string; bytes: Buffer }[] = [];
  /** The acknowledged uploads that do not come back as they were sent. */
  const lostUploads = async (client: ApiClient) => {
    const lost: string[] = [];
    for (const { fileId, bytes } of acknowledged) {
      const got = await download(client, fileId);
      if (got.status !== 200 || !got.bytes.equals(bytes)) lost.push(`${fileId}: ${got.status}${got.status === 200 ? ', other bytes' : ''}`);
    }
    if (lost.length > 0) console.log(`${lost.length} of ${acknowledged.length} acknowledged uploads lost`);
    return lost;
  };

  it('answers 507 once full, never 500 or a dead process; readiness and metrics say so; freeing space brings it back', async () => {
    for (const file of fillers) writeFileSync(file, randomBytes(FILLER_BYTES));
    mkdirSync(dataDir);
    // A movable clock: a session's idle expiry slides (a write) when it was last seen a minute ago.
    server = await startProductServer({ entry: 'api/src/server.ts', dataDir, env: { LOG_LEVEL: 'error', NODE_ENV: 'test', TEST_CLOCK: 'on' } });
    const client = new ApiClient(server.baseUrl);
    await client.login(DEMO.admin, DEMO.password);

    // Four uploads at a time, of four sizes, until three rounds in a row are refused: one upload's
    // chunks take the last room while another's final writes (its last chunk, its file record)
    // are refused. Then coupons for whatever is left.
    const answers: number[] = [];
    const refusedWith = new Set<string>();
    const record = (status: number, message: string | undefined) => {
      answers.push(status);
      if (status !== 201 && status !== 200) refusedWith.add(`${status} ${message}`);
    };
    const sizes = [1024 * 1024, 600 * 1024, 300 * 1024, 20 * 1024];
    for (let refusedRounds = 0, round = 0; refusedRounds < 3 && round < 40; round += 1) {
      const files = sizes.map((size) => pdf(size));
      const results = await Promise.all(files.map((bytes) => upload(client, bytes)));
      results.forEach((res, i) => {
        record(res.status, res.message);
        if (res.status === 201) acknowledged.push({ fileId: res.fileId!, bytes: files[i]! });
      });
      refusedRounds = results.some((res) => res.status === 201) ? 0 : refusedRounds + 1;
    }
    for (let refusedInARow = 0, i = 0; refusedInARow < 3 && i < 200; i += 1) {
      const res = await createCoupon(client);
      record(res.status, res.json.message);
      refusedInARow = res.status === 201 ? 0 : refusedInARow + 1;
    }
    const refused = answers.filter((s) => s !== 201).length;
    console.log(`full disk: ${acknowledged.length} uploads and ${answers.length - acknowledged.length - refused} coupons stored, then ${refused} writes refused with ${[...refusedWith].join(' | ')}`);
    expect(server.child.exitCode, server.output()).toBeNull();
    expect([...refusedWith]).toEqual([`507 ${GENERAL_MESSAGES.storageFull}`]);

    // Full now: each kind of write is refused the same way, and the process is still there.
    const full = [await upload(client, pdf(1024 * 1024)), await upload(client, pdf(8 * 1024))];
    const coupon = await createCoupon(client);
    const signIn = await login();
    expect([...full.map((r) => [r.status, r.message]), [coupon.status, coupon.json.message], [signIn.status, signIn.json.message]]).toEqual(
      Array(4).fill([507, GENERAL_MESSAGES.storageFull]),
    );
    expect(server.child.exitCode).toBeNull();
    // Reading goes on: a signed-in person's session, due to slide its expiry, still reads their profile.
    expect((await client.testClock('PUT', new Date(Date.now() + 5 * 60_000))).status).toBe(200);
    expect((await client.call(ops.user.profile)).status).toBe(200);

    const health = await fetch(client.url(ops.health.status));
    expect([health.status, await health.json()]).toEqual([503, { status: 'degraded', db: 'disk_full' }]);
    const ready = await fetch(client.url(ops.health.ready));
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { checks: { db: string } }).checks.db).toBe('disk_full');
    const during = await metrics(server.baseUrl);
    expect(sample(during, 'bh_db_disk_full')).toBe(1);
    expect(sample(during, 'bh_db_errors_total{kind="disk_full"}')).toBeGreaterThanOrEqual(refused + 4);
    expect(during).not.toMatch(/status="500"/);
    expect(sample(during, 'bh_unhandled_rejections_total')).toBe(0);

    // Space freed: everything works again, without a restart.
    rmSync(fillers[0]);
    let back: Response | undefined;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
      back = await fetch(client.url(ops.health.status));
      if (back.status === 200) break;
    }
    expect(back?.status).toBe(200);
    const again = pdf(1024 * 1024);
    const uploaded = await upload(client, again);
    expect(uploaded.status).toBe(201);
    acknowledged.push({ fileId: uploaded.fileId!, bytes: again });
    expect((await createCoupon(client)).status).toBe(201);
    expect((await login()).status).toBe(200);
    expect(sample(await metrics(server.baseUrl), 'bh_db_disk_full')).toBe(0);

    // Every 201 was kept, byte for byte.
    expect(acknowledged.length).toBeGreaterThan(10);
    expect(await lostUploads(client)).toEqual([]);
    expect(server.child.exitCode).toBeNull();
  }, 300_000);

  it('keeps every acknowledged upload across a restart', async () => {
    expect(acknowledged.length).toBeGreaterThan(10);
    expect(await server!.stop()).toBe(0);
    rmSync(fillers[1]);
    server = await startProductServer({ entry: 'api/src/server.ts', dataDir, env: { LOG_LEVEL: 'error' } });
    const client = new ApiClient(server.baseUrl);
    await client.login(DEMO.admin, DEMO.password);
    expect(await lostUploads(client)).toEqual([]);
  }, 180_000);

  it('says "disk full" when started on a disk with no room left, instead of trying other ports', async () => {
    expect(await server!.stop()).toBe(0);
    server = undefined;
    // Every byte the file system has left goes to a file of the test's.
    const fd = openSync(filler, 'w');
    try {
      const block = Buffer.alloc(64 * 1024, 1);
      for (;;) writeSync(fd, block);
    } catch (err) {
      expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      closeSync(fd);
    }
    const failed = await startProductServer({ entry: 'api/src/server.ts', dataDir, env: { LOG_LEVEL: 'info' } }).then(
      (started) => {
        server = started;
        return null;
      },
      (err: Error) => err.message,
    );
    expect(failed).toMatch(/Disk full: the disk holding the data folder .* has no room left/);
    expect(failed).not.toMatch(/trying another port/);
    rmSync(filler);
  }, 180_000);
});

describe('the process guard', () => {
  /** A Node process with the server's guard (or none) in which a rejection goes unhandled. */
  const run = (guarded: boolean) =>
    spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `
        import { MongoServerError } from 'mongodb';
        import { createMetrics } from './src/lib/metrics.ts';
        import { createLogger } from './src/lib/logger.ts';
        import { guardUnhandledRejections } from './src/lib/process-guard.ts';
        const metrics = createMetrics();
        if (${guarded}) guardUnhandledRejections({ metrics, log: createLogger('error') });
        Promise.reject(new MongoServerError({ ok: 0, code: 1, errmsg: 'database or disk is full (13)' }));
        setTimeout(async () => {
          const text = await metrics.registry.metrics();
          console.log(text.split('\\n').filter((line) => /^bh_(unhandled|db_errors)/.test(line)).join(' '));
        }, 200);
        `,
      ],
      { cwd: join(ROOT, 'api'), encoding: 'utf8', timeout: 60_000 },
    );

  it('logs and counts a rejection nothing handled, and the process lives on', () => {
    const guarded = run(true);
    expect(guarded.status, guarded.stderr).toBe(0);
    expect(guarded.stdout).toMatch(/"detail":"database or disk is full \(13\)".*"msg":"unhandled rejection"/);
    expect(guarded.stdout).toContain('bh_unhandled_rejections_total 1');
    expect(guarded.stdout).toContain('bh_db_errors_total{kind="disk_full"} 1');
    // Without it, Node ends the process at the first one (the fault the guard stands behind).
    const bare = run(false);
    expect([bare.status, bare.stderr]).toEqual([1, expect.stringContaining('database or disk is full (13)')]);
  }, 120_000);
});
