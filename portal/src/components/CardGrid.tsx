import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/**
 * Records as a list of cards, as many columns as fit cards at least 18 rem wide: one on a phone,
 * two on a tablet, three on a laptop; and one again when the page is zoomed to 200 % or its text
 * spaced out, where columns chosen by the window's width left cards too narrow for their text.
 */
export function CardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))',
      }}
    >
      {children}
    </Box>
  );
}
