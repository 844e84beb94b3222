import { describe, expect, it } from 'vitest';
import { ROLES, VERIFICATION_STATUSES, type Role, type VerificationStatus } from '@bh/shared';
import { ACCESS, mayCall, principalOf } from '@bh/shared/contract';
import { CALL_RULES, canAccess, isLocked, type PortalPermissions } from './canAccess.ts';

const p = (role: Role, isVerified: VerificationStatus): PortalPermissions => ({ role, isVerified });
const everyone = ROLES.flatMap((role) => VERIFICATION_STATUSES.map((status) => p(role, status)));

describe('canAccess', () => {
  it('denies everything to a signed-out visitor', () => {
    expect(canAccess(null, { resource: 'dashboard', action: 'view' })).toBe(false);
    expect(canAccess(undefined, { resource: 'admin', action: 'view' })).toBe(false);
  });

  it('opens the dashboard to every signed-in user', () => {
    for (const perms of everyone) expect(canAccess(perms, { resource: 'dashboard', action: 'view' })).toBe(true);
  });

  it('shows Admin Tools on the desktop only to verified admins, and in the sheet to every admin (spec §6)', () => {
    const desktop = everyone.filter((perms) => canAccess(perms, { resource: 'admin', action: 'menu' }));
    expect(desktop).toEqual([p('admin', 'verified')]);
    const sheet = everyone.filter((perms) => canAccess(perms, { resource: 'admin', action: 'sheetMenu' }));
    expect(sheet.map((x) => x.role)).toEqual(['admin', 'admin', 'admin', 'admin']);
  });

  it('keeps every admin screen and grid for verified admins', () => {
    for (const resource of ['admin', 'admin/users', 'admin/meetings']) {
      for (const action of ['view', 'list', 'delete']) {
        const allowed = everyone.filter((perms) => canAccess(perms, { resource, action }));
        expect(allowed).toEqual([p('admin', 'verified')]);
      }
    }
  });

  it('lists meetings for clients and verified staff only (the query is skipped for the others)', () => {
    const allowed = everyone.filter((perms) => canAccess(perms, { resource: 'meetings', action: 'list' }));
    expect(allowed).toEqual([
      ...VERIFICATION_STATUSES.map((s) => p('user', s)),
      p('doctor', 'verified'),
      p('admin', 'verified'),
    ]);
  });

  it('records joins for clients and verified associates, never for admins', () => {
    expect(canAccess(p('user', 'not_submitted'), { resource: 'meetings', action: 'recordJoin' })).toBe(true);
    expect(canAccess(p('doctor', 'verified'), { resource: 'meetings', action: 'recordJoin' })).toBe(true);
    expect(canAccess(p('doctor', 'pending'), { resource: 'meetings', action: 'recordJoin' })).toBe(false);
    expect(canAccess(p('admin', 'verified'), { resource: 'meetings', action: 'recordJoin' })).toBe(false);
    expect(canAccess(p('admin', 'verified'), { resource: 'meetings', action: 'join' })).toBe(true);
  });

  it('gives reports to verified associates and admins, delete and join times to verified admins', () => {
    expect(canAccess(p('doctor', 'verified'), { resource: 'meetings', action: 'submitReport' })).toBe(true);
    expect(canAccess(p('admin', 'verified'), { resource: 'meetings', action: 'submitReport' })).toBe(false);
    expect(canAccess(p('admin', 'verified'), { resource: 'meetings', action: 'saveReport' })).toBe(true);
    expect(canAccess(p('doctor', 'verified'), { resource: 'meetings', action: 'delete' })).toBe(false);
    expect(canAccess(p('admin', 'verified'), { resource: 'meetings', action: 'delete' })).toBe(true);
    expect(canAccess(p('doctor', 'verified'), { resource: 'meetings', action: 'viewJoinTimes' })).toBe(false);
    expect(canAccess(p('admin', 'pending'), { resource: 'meetings', action: 'viewJoinTimes' })).toBe(false);
  });

  it('lets associates and admins open the form, and submit only before or after a rejection', () => {
    expect(canAccess(p('user', 'not_submitted'), { resource: 'application', action: 'view' })).toBe(false);
    const submitters = everyone.filter((perms) => canAccess(perms, { resource: 'application', action: 'submit' }));
    expect(submitters).toEqual([
      p('doctor', 'not_submitted'),
      p('doctor', 'rejected'),
      p('admin', 'not_submitted'),
      p('admin', 'rejected'),
    ]);
  });

  it('opens the lookup page to associates and admins, its search once verified, join times to admins', () => {
    expect(canAccess(p('user', 'verified'), { resource: 'meetingsLookup', action: 'view' })).toBe(false);
    expect(canAccess(p('doctor', 'not_submitted'), { resource: 'meetingsLookup', action: 'view' })).toBe(true);
    expect(canAccess(p('doctor', 'not_submitted'), { resource: 'meetingsLookup', action: 'search' })).toBe(false);
    expect(canAccess(p('doctor', 'verified'), { resource: 'meetingsLookup', action: 'viewJoinTimes' })).toBe(false);
    expect(canAccess(p('admin', 'verified'), { resource: 'meetingsLookup', action: 'viewJoinTimes' })).toBe(true);
  });

  it('offers booking to clients only', () => {
    const allowed = everyone.filter((perms) => canAccess(perms, { resource: 'payments', action: 'book' }));
    expect(allowed.every((x) => x.role === 'user')).toBe(true);
    expect(allowed).toHaveLength(4);
  });

  it('refuses unknown resources and actions, including inherited object keys', () => {
    expect(canAccess(p('admin', 'verified'), { resource: 'coupons', action: 'view' })).toBe(false);
    expect(canAccess(p('admin', 'verified'), { resource: 'dashboard', action: 'delete' })).toBe(false);
    expect(canAccess(p('admin', 'verified'), { resource: 'constructor', action: 'view' })).toBe(false);
    expect(canAccess(p('admin', 'verified'), { resource: 'dashboard', action: 'toString' })).toBe(false);
  });

  it('locks associates and admins until verified, never clients', () => {
    expect(isLocked(p('user', 'not_submitted'))).toBe(false);
    expect(isLocked(p('doctor', 'pending'))).toBe(true);
    expect(isLocked(p('admin', 'rejected'))).toBe(true);
    expect(isLocked(p('admin', 'verified'))).toBe(false);
  });

  it('follows the shared access table for every rule that stands for an API call', () => {
    for (const [key, rule] of Object.entries(CALL_RULES)) {
      const [resource = '', action = ''] = key.split('.');
      for (const perms of everyone) {
        const cell = ACCESS[rule].cells[principalOf(perms)];
        expect(canAccess(perms, { resource, action }), `${key} for ${perms.role}/${perms.isVerified} (${cell})`).toBe(cell === 'yes' || cell === 'own');
      }
    }
  });

  it('offers a call to exactly the callers whose cell lets them through, and to nobody signed out', () => {
    // Clients, verified associates, verified admins and the unverified staff (whose cells are the same for these calls) each get their own answers.
    const answers = new Set(everyone.map((perms) => Object.keys(CALL_RULES).map((key) => {
      const [resource = '', action = ''] = key.split('.');
      return canAccess(perms, { resource, action });
    }).join()));
    expect(answers.size).toBe(4);
    for (const key of Object.keys(CALL_RULES)) {
      const [resource = '', action = ''] = key.split('.');
      expect(canAccess(null, { resource, action })).toBe(false);
    }
  });

  it('keeps unlisted admin tools to the callers the admin row lets through', () => {
    for (const perms of everyone) {
      expect(canAccess(perms, { resource: 'admin/emails', action: 'resend' })).toBe(mayCall('verifiedAdmin', perms));
    }
  });
});
