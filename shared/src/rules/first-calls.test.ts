import { afterEach, describe, expect, it, vi } from 'vitest';
import { allOperations } from '../../test/contract-cases.ts';
import { mayCall, type AccessSubject } from '../contract/access.ts';
import { firstCallsFor, withinMs } from './first-calls.ts';
import { PORTAL_PAGES } from './portal-pages.ts';

const client: AccessSubject = { role: 'user', isVerified: 'not_submitted' };
const associate: AccessSubject = { role: 'doctor', isVerified: 'verified' };
const applicant: AccessSubject = { role: 'doctor', isVerified: 'pending' };
const admin: AccessSubject = { role: 'admin', isVerified: 'verified' };
const OPS = Object.fromEntries(allOperations().map((op) => [op.operationId, op]));

describe('firstCallsFor', () => {
  it('gives each page behind the login the calls its first screen makes, for whom it makes them', () => {
    expect(firstCallsFor(PORTAL_PAGES.login, client)).toEqual([]);
    expect(firstCallsFor(PORTAL_PAGES.signIn, client)).toEqual([]);
    expect(firstCallsFor(PORTAL_PAGES.signedIn, client)).toEqual(['userProfile', 'privacyNotice']);
    expect(firstCallsFor(PORTAL_PAGES.dashboard, client)).toEqual(['userProfile', 'privacyNotice', 'meetingList', 'paymentServices']);
    expect(firstCallsFor(PORTAL_PAGES.dashboard, associate)).toEqual(['userProfile', 'privacyNotice', 'meetingList']);
    expect(firstCallsFor(PORTAL_PAGES.dashboard, applicant)).toEqual(['userProfile', 'privacyNotice']);
    expect(firstCallsFor(PORTAL_PAGES.dashboard, admin)).toEqual(['userProfile', 'privacyNotice', 'meetingList']);
  });

  it('names only GET operations without parameters that the access table lets that person call', () => {
    for (const subject of [client, associate, applicant, admin, { role: 'admin', isVerified: 'pending' } as AccessSubject]) {
      for (const page of Object.values(PORTAL_PAGES)) {
        for (const call of firstCallsFor(page, subject)) {
          const op = OPS[call]!;
          expect(op, call).toBeDefined();
          expect([op.method, op.path.includes('{'), mayCall(op.access, subject)], `${call} for ${subject.role}/${subject.isVerified}`).toEqual(['get', false, true]);
        }
      }
    }
  });
});

describe('withinMs', () => {
  afterEach(() => vi.useRealTimers());

  it('hands back the answer in time, and null for a failure or an answer that comes too late', async () => {
    vi.useFakeTimers();
    expect(await withinMs(100, Promise.resolve('here'))).toBe('here');
    expect(await withinMs(100, Promise.reject(new Error('down')))).toBeNull();
    const late = withinMs(100, new Promise((resolve) => setTimeout(() => resolve('late'), 200)));
    await vi.advanceTimersByTimeAsync(100);
    expect(await late).toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    expect(vi.getTimerCount()).toBe(0);
  });
});
