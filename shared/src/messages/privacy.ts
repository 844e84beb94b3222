/**
 * Texts of the privacy centre (DPDP Act 2023 and Rules 2025; DESIGN §8). The spec has no such
 * screen, so these are the product's own words.
 */
export const PRIVACY_MESSAGES = {
  title: 'Privacy & my data',
  sessionsTitle: 'Signed-in devices',
  sessionsIntro: 'Every browser signed in to your account. Signing a device out ends its session at once.',
  thisDevice: 'This device',
  signOut: 'Sign out',
  signOutOthers: 'Sign out all other devices',
  sessionNotFound: 'That session has already ended',
  sessionSignedOut: 'That device has been signed out',
  cannotSignOutThisDevice: 'To sign out this device, use Logout',
  othersSignedOut: (n: number) => (n === 1 ? 'Signed out 1 other device' : `Signed out ${n} other devices`),
  noOtherSessions: 'No other device is signed in',
  signedInAt: 'Signed in',
  lastUsedAt: 'Last used',
  accessLogTitle: 'Who has read your documents',
  accessLogIntro:
    'Every time a Better Health admin opens your uploaded documents or your application, it is recorded here. We keep this record for at least one year.',
  accessLogEmpty: 'Nobody has opened your documents or application yet.',
  accessActions: {
    'document.read': 'Opened your document',
    'application.view': 'Viewed your application',
  },
  grievanceTitle: 'Grievance officer',
  grievanceIntro: 'For any concern about how we handle your personal data, write to our grievance officer. We answer within 90 days.',
  loadFailed: 'Could not load this section. Please try again.',
  actionFailed: 'That did not work. Please try again.',
  unknownBrowser: 'Unknown browser',
  places: {
    loopback: 'This computer',
    local: 'Local network',
    internet: 'Internet',
    unknown: 'Unknown network',
  },
} as const;
