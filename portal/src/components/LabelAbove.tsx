import type { ReactNode } from 'react';
import { FormLabel, Stack } from '@mui/material';

/**
 * A field's label standing above it, where a long label wraps: inside an outlined field MUI keeps a
 * label to one line and cuts it ('Monday — Hours (e.g. …' at 320 px or 200 % zoom). The label names
 * the field through `htmlFor`, so the field itself is given no `label`.
 */
export function LabelAbove({ htmlFor, label, required, error, children }: { htmlFor: string; label: string; required?: boolean; error?: boolean; children: ReactNode }) {
  return (
    <Stack spacing={0.75} sx={{ flex: 1, minWidth: 0 }}>
      <FormLabel htmlFor={htmlFor} required={required} error={error} sx={{ overflowWrap: 'anywhere' }}>
        {label}
      </FormLabel>
      {children}
    </Stack>
  );
}
