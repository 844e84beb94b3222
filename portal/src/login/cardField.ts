/** The fields of the sign-in cards: full width, each with its own line below it for its problem. */
export const CARD_FIELD = { required: true, fullWidth: true, margin: 'normal' } as const;
