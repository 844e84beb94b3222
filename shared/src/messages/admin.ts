/** Texts of the admin data grids (DESIGN §4): list query errors and the audit log. */
export const ADMIN_MESSAGES = {
  invalidSort: 'Invalid sort parameter',
  invalidRange: 'Invalid range parameter',
  rangeTooLarge: 'At most 100 records can be requested at once',
  invalidFilter: 'Invalid filter parameter',
  invalidId: 'Invalid id',
  invalidPage: 'Page must be a whole number of at least 1',
  invalidLimit: 'Limit must be a whole number from 1 to 100',
} as const;
