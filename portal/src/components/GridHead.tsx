import { Children, isValidElement, useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Box, TableCell, TableHead, TableRow, TableSortLabel, Tooltip } from '@mui/material';
import {
  useDataTableCallbacksContext,
  useDataTableSortContext,
  useListContext,
  useResourceContext,
  useTranslate,
  useTranslateLabel,
  type DataTableColumnProps,
} from 'react-admin';
import { BRAND_COLOURS } from '../brand.ts';

/** Read by screen readers, not shown. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

type ColumnElement = ReactElement<DataTableColumnProps>;

const columnsOf = (children: ReactNode): ColumnElement[] =>
  Children.toArray(children).filter((child): child is ColumnElement => isValidElement(child));

/**
 * The admin grids' header row, in place of react-admin's: each sortable column's button is named
 * by the column alone ('Client'), with what a press does ('Sort by client ascending') as its
 * description, a visible focus ring, and the sorted column's header carrying `aria-sort`.
 * react-admin named every button by its tooltip and exposed no sort state.
 */
export function GridHead({ children }: { children?: ReactNode }) {
  return (
    <TableHead className="RaDataTable-thead">
      <TableRow className="RaDataTable-row RaDataTable-headerRow">
        {columnsOf(children).map((column, index) => (
          <GridHeadCell key={column.props.source ?? `column-${index}`} {...column.props} />
        ))}
      </TableRow>
    </TableHead>
  );
}

function GridHeadCell({ source, label, disableSort, sortByOrder, headerClassName, align }: DataTableColumnProps) {
  const sort = useDataTableSortContext();
  const { handleSort } = useDataTableCallbacksContext();
  const translate = useTranslate();
  const title = useColumnTitle(source, label);
  const sortable = !!(handleSort && sort && !disableSort && source);
  const sorted = sortable && sort?.field === source;
  const nextOrder = sorted ? (sort?.order === 'ASC' ? 'DESC' : 'ASC') : (sortByOrder ?? 'ASC');
  const description = translate('ra.sort.sort_by', {
    field: title,
    field_lower_first: title.charAt(0).toLowerCase() + title.slice(1),
    order: translate(`ra.sort.${nextOrder}`),
  });
  return (
    <TableCell
      variant="head"
      align={align}
      className={['RaDataTable-headerCell', headerClassName, `column-${source ?? ''}`].filter(Boolean).join(' ')}
      aria-sort={sorted ? (sort?.order === 'ASC' ? 'ascending' : 'descending') : undefined}
    >
      {sortable ? (
        <Tooltip title={description} describeChild placement={align === 'right' ? 'bottom-end' : 'bottom-start'} enterDelay={300} slotProps={{ transition: { timeout: 0 } }}>
          <TableSortLabel
            active={sorted}
            direction={sort?.order === 'ASC' ? 'asc' : 'desc'}
            data-field={source}
            data-order={sortByOrder ?? 'ASC'}
            onClick={handleSort}
            sx={{ borderRadius: 1, '&.Mui-focusVisible': { outline: `3px solid ${BRAND_COLOURS.secondary.main}`, outlineOffset: 2 } }}
          >
            {title}
          </TableSortLabel>
        </Tooltip>
      ) : (
        title
      )}
    </TableCell>
  );
}

/** A column's shown name: its label (an i18n key or text), else the resource field's name. */
function useColumnTitle(source: string | undefined, label: ReactNode): string {
  const resource = useResourceContext();
  const translateLabel = useTranslateLabel();
  if (typeof label !== 'string' && label !== undefined) return '';
  if (label === '') return '';
  const text = translateLabel({ label, resource, source });
  return typeof text === 'string' ? text : '';
}

/**
 * A polite live region under the grid that says 'Sorted by Client, ascending' once a header has
 * re-sorted it (not for the grid's first sort), so a screen reader hears the press take effect.
 */
export function SortAnnouncer({ columns }: { columns: ReactNode }) {
  const { sort } = useListContext();
  const translate = useTranslate();
  const resource = useResourceContext();
  const translateLabel = useTranslateLabel();
  const first = useRef(`${sort.field} ${sort.order}`);
  const [message, setMessage] = useState('');
  const column = columnsOf(columns).find((c) => c.props.source === sort.field);
  const label = column?.props.label;
  const field = translateLabel({ label: typeof label === 'string' ? label : undefined, resource, source: sort.field });
  useEffect(() => {
    if (`${sort.field} ${sort.order}` === first.current) return;
    first.current = '';
    setMessage(translate('bh.admin.common.sortedBy', { field, order: translate(`ra.sort.${sort.order}`) }));
  }, [sort.field, sort.order, field, translate]);
  return (
    <Box role="status" aria-live="polite" sx={visuallyHidden}>
      {message}
    </Box>
  );
}
