import type { ReactNode } from 'react';
import { Box, List, ListItem, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, useMediaQuery, type Theme } from '@mui/material';

export interface RecordColumn<T> {
  key: string;
  /** The column header, and the label of the value on a card. */
  label: string;
  render: (record: T, index: number) => ReactNode;
  /** Keeps the cell on one line in the table (short values such as dates and times). */
  noWrap?: boolean;
}

/**
 * Records as a table where there is room and as a list of cards where there is not (phones, and
 * tablets beside the sidebar): each card lists the columns as label / value pairs, so no screen
 * ever scrolls sideways and nothing is squeezed into a column too narrow for it.
 */
export function RecordList<T>({
  records,
  columns,
  recordKey,
  labelledBy,
  label,
  cardsBelow = 'md',
}: {
  records: readonly T[];
  columns: readonly RecordColumn<T>[];
  recordKey: (record: T) => string;
  /** The id of the heading that names the list, or else its name. */
  labelledBy?: string;
  label?: string;
  cardsBelow?: 'sm' | 'md';
}) {
  const asCards = useMediaQuery<Theme>((theme) => theme.breakpoints.down(cardsBelow));
  const name = labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': label };
  if (asCards) {
    return (
      <List {...name} disablePadding data-layout="cards">
        {records.map((record, index) => (
          <ListItem key={recordKey(record)} divider sx={{ display: 'block', px: 2, py: 1.5 }}>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'minmax(6.5rem, max-content) minmax(0, 1fr)',
                columnGap: 2,
                rowGap: 0.75,
                alignItems: 'center',
                typography: 'body2',
              }}
            >
              {columns.map((column) => (
                <Box key={column.key} sx={{ display: 'contents' }}>
                  <Box component="dt" sx={{ color: 'text.secondary', fontWeight: 600 }}>
                    {column.label}
                  </Box>
                  <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
                    {column.render(record, index)}
                  </Box>
                </Box>
              ))}
            </Box>
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <TableContainer>
      {/* Narrow side padding lets a verified admin's nine columns fit beside the sidebar at 1280 px. */}
      <Table
        size="small"
        {...name}
        sx={{
          '& .MuiTableCell-root': { px: 1 },
          '& .MuiTableCell-root:first-of-type': { pl: 2 },
          '& .MuiTableCell-root:last-of-type': { pr: 2 },
        }}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} sx={{ fontWeight: 600 }}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((record, index) => (
            <TableRow key={recordKey(record)} hover>
              {columns.map((column) => (
                <TableCell key={column.key} sx={column.noWrap ? { whiteSpace: 'nowrap' } : undefined}>
                  {column.render(record, index)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
