/**
 * Fields side by side while each has at least 18 rem, wrapping onto the next line otherwise: the
 * room the form has decides, not the window's width, so at 200 % zoom (the sidebar still open) or
 * with wider text spacing no field is left too narrow for its label. Buttons keep their own width.
 */
export const FIELD_ROW = {
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  '& > .MuiFormControl-root': { flex: '1 1 min(100%, 18rem)', minWidth: 0 },
  '& > .MuiButton-root, & > .MuiToggleButtonGroup-root': { flex: '0 0 auto' },
} as const;
