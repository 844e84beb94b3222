import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** The frame of every admin screen: its title as the page heading, then the content. */
export function AdminPage({
  titleKey,
  titleArgs,
  actions,
  maxWidth = 1280,
  children,
}: {
  titleKey: string;
  titleArgs?: Record<string, string | number>;
  /** Buttons shown beside the heading. */
  actions?: ReactNode;
  maxWidth?: number;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const title = translate(titleKey, titleArgs);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth, width: '100%', mx: 'auto' }}>
      <Title title={title} />
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {actions ? <Stack direction="row" spacing={1}>{actions}</Stack> : null}
        </Stack>
        {children}
      </Stack>
    </Box>
  );
}
