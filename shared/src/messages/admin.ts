/** Texts of the admin data grids (DESIGN §4): list query errors and the audit log. */
export const ADMIN_MESSAGES = {
  invalidSort: 'Invalid sort parameter',
  invalidRange: 'Invalid range parameter',
  rangeTooLarge: 'At most 100 records can be requested at once',
  invalidFilter: 'Invalid filter parameter',
  invalidId: 'Invalid id',
  invalidPage: 'Page must be a whole number of at least 1',
  invalidLimit: 'Limit must be a whole number from 1 to 100',
  /** The audit log's "On" column for a record that no longer exists and left no label. */
  auditGoneAccount: 'A deleted account',
  auditGoneMeeting: 'A deleted meeting',
  auditGoneCoupon: 'A deleted coupon',
  /** '{client} with {associate}, {when}': a meeting in the audit log. */
  auditMeeting: (client: string, associate: string, when: string) => `${client} with ${associate}, ${when}`,
  /** '{name} ({email})': an account in the audit log. */
  auditAccount: (name: string, email: string) => `${name} (${email})`,
} as const;
