import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { NOTICE_VERSION } from '@bh/shared';
import type { AppDeps } from '../../lib/deps.ts';
import { toUserRecord, type AuthUser } from '../../lib/types.ts';
import { listMeetingsFor } from '../meetings/meeting.service.ts';
import { revealNumbers, toApplicationDetail } from '../applications/register.service.ts';
import { isComplete, openUploadStream } from '../uploads/uploads.service.ts';
import { listAccessLog } from './access-log.ts';
import { applicationConsentOf, listConsents, toConsentRecord } from './consents.service.ts';
import { getNominee, toNominee } from './nominee.service.ts';
import { listOwnRequests, toPrivacyRequest } from './requests.service.ts';
import { listSessions } from './sessions.service.ts';

/** Downloads of one's archive per account in an hour: each reads and decrypts every document. */
export const ARCHIVE_LIMITS = { windowMs: 60 * 60 * 1000, perAccount: 3 } as const;

const README = `Better Health: everything we hold about you (Digital Personal Data Protection Act 2023, s. 11).

profile.json      your account
meetings.json     your sessions (for BH Associates: the sessions you hold)
application.json  your verification application, identity and bank numbers in full
documents/        the files you uploaded, as you uploaded them
consents.json     each time you accepted or withdrew consent: to the privacy notice, with its version,
                  and to verifying your application's documents, with the text's version and the
                  submission it was for
sessions.json     the devices signed in to your account
requests.json     your correction, erasure and grievance requests and their answers
nominee.json      the person you named to act for you
access-log.json   each time an admin opened your documents or application

Keep this file safe: it holds your identity and bank numbers.
`;

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/** A file name safe inside a ZIP on every system: no folders, no control characters. */
function safeName(name: string): string {
  const safe = [...name].map((ch) => (ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 || '\\/:*?"<>|'.includes(ch) ? '_' : ch)).join('');
  return safe.slice(0, 120) || 'file';
}

/**
 * The caller's own data as a ZIP (s. 11), streamed: the JSON parts first, then each uploaded
 * document decrypted chunk by chunk, waiting for the reader whenever it falls behind, so a large
 * archive never sits in memory. Only the caller's own records are read; the owner is the one
 * person who gets identity and bank numbers in full (DESIGN §4).
 */
export async function buildArchive(deps: AppDeps, user: AuthUser, currentSessionId: string | null): Promise<ReadableStream<Uint8Array>> {
  const now = deps.clock.now();
  const [meetings, application, consents, sessions, requests, nominee, accessLog, files] = await Promise.all([
    user.role === 'admin' ? Promise.resolve([]) : listMeetingsFor(deps, user),
    deps.cols.applications.findOne({ userId: user._id }),
    listConsents(deps, user._id),
    listSessions(deps, user._id, currentSessionId),
    listOwnRequests(deps, user._id),
    getNominee(deps, user._id),
    listAccessLog(deps, user._id),
    deps.cols.uploadFiles.find({ 'metadata.ownerId': user._id }).sort({ uploadDate: 1 }).toArray(),
  ]);
  const parts: [string, Uint8Array][] = [
    ['README.txt', strToU8(README)],
    [
      'profile.json',
      json({ ...toUserRecord(user), exportedAt: now.toISOString(), noticeVersionInForce: NOTICE_VERSION }),
    ],
    ['meetings.json', json(meetings)],
    ['application.json', json(application ? { ...toApplicationDetail(application, applicationConsentOf(consents, application.round)), fullNumbers: revealNumbers(deps, application) } : null)],
    ['consents.json', json(consents.map(toConsentRecord))],
    ['sessions.json', json(sessions)],
    ['requests.json', json(requests.map(toPrivacyRequest))],
    ['nominee.json', json(toNominee(nominee))],
    ['access-log.json', json(accessLog)],
  ];

  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) return void out.destroy(err);
    out.write(chunk);
    if (final) out.end();
  });
  const write = async () => {
    for (const [name, data] of parts) {
      const file = new ZipDeflate(name, { level: 6 });
      zip.add(file);
      file.push(data, true);
    }
    for (const doc of files.filter(isComplete)) {
      // Documents are PDFs and images, compressed already: stored as they are.
      const file = new ZipPassThrough(`documents/${doc._id.toHexString()}-${safeName(doc.metadata.originalName)}`);
      zip.add(file);
      for await (const chunk of Readable.fromWeb(openUploadStream(deps, doc) as import('node:stream/web').ReadableStream<Uint8Array>)) {
        file.push(chunk as Uint8Array);
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      file.push(new Uint8Array(0), true);
    }
    zip.end();
  };
  write().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error('archive failed')));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
