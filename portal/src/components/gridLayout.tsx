import type { SxProps, Theme } from '@mui/material';
import { SearchInput, useTranslate, type SearchInputProps } from 'react-admin';

/**
 * The grids' search box with a real name: react-admin's SearchInput has a placeholder only, which
 * assistive technology does not announce as the field's label once something is typed.
 */
export function GridSearchInput({ labelKey, ...props }: Omit<SearchInputProps, 'label'> & { labelKey: string }) {
  const translate = useTranslate();
  const label = translate(labelKey);
  return <SearchInput {...props} slotProps={{ htmlInput: { 'aria-label': label, title: label } }} />;
}

/**
 * Below the md breakpoint (phones, and tablets beside the sidebar) a DataTable's rows are laid out
 * as cards: every cell on its own line under the column's name, the header reduced to a wrapping
 * row of its sort buttons. The columns and their renderers stay the DataTable's own, so a card
 * always shows what the table shows. `labels` maps each column's source to its translated name.
 */
export function cardRowsSx(labels: Readonly<Record<string, string>>): SxProps<Theme> {
  return (theme: Theme) => ({
    '& td, & th': { overflowWrap: 'normal' },
    [theme.breakpoints.down('md')]: {
      '& table, & tbody, & tr, & td': { display: 'block', width: '100%' },
      '& thead': { display: 'block' },
      '& thead tr': { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(0.5, 2), py: 1, px: 2 },
      '& thead th': { display: 'block', border: 0, p: 0, width: 'auto' },
      '& thead th:empty': { display: 'none' },
      '& tbody tr': { borderTop: `1px solid ${theme.palette.divider}`, py: 1 },
      '& tbody td': {
        border: 0,
        display: 'grid',
        gridTemplateColumns: 'minmax(6.5rem, max-content) minmax(0, 1fr)',
        columnGap: theme.spacing(2),
        alignItems: 'center',
        justifyItems: 'start',
        py: 0.5,
        px: 2,
      },
      '& tbody td::before': { color: theme.palette.text.secondary, fontWeight: 600 },
      ...Object.fromEntries(
        Object.entries(labels).map(([source, label]) => [`& tbody td.column-${source}::before`, { content: JSON.stringify(label) }]),
      ),
    },
  });
}
