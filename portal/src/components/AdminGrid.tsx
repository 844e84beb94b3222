import type { ReactElement, ReactNode } from 'react';
import { DataTable, List, useTranslate } from 'react-admin';
import { AdminPage } from './AdminPage.tsx';
import { GridActions } from './GridActions.tsx';
import { cardRowsSx } from './gridLayout.tsx';
import { GridHead, SortAnnouncer } from './GridHead.tsx';

/**
 * A table wider than the window (long names, extra text spacing, "Join Now!") scrolls inside the
 * list's card rather than widening the page (WCAG 1.4.10: the page itself never scrolls sideways).
 */
const LIST_SX = { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { minWidth: 0, overflowX: 'auto' } } as const;

/**
 * The shell of every admin grid: the admin page frame, react-admin's List over `admin/<name>`
 * (25 a page, the filters and the grid actions, its own stored state), and a DataTable whose rows
 * are cards on small screens. A grid states only its columns, filters and sort. Its heading is the
 * grid's title text (under the grids' texts, by name); the card labels are i18n keys. Its header
 * row is GridHead (named sort buttons, `aria-sort`), and a live region announces each new sort.
 */
export function AdminGrid({
  name,
  filters,
  sortField,
  cardLabels,
  children,
}: {
  /** The grid's resource under `admin/`, and its texts' and stored state's name. */
  name: string;
  filters: ReactElement[];
  /** Sorted on this field, newest first. */
  sortField: string;
  /** i18n keys of the column names the cards show, by column source. */
  cardLabels: Readonly<Record<string, string>>;
  /** The DataTable's columns. */
  children: ReactNode;
}) {
  const translate = useTranslate();
  const titleKey = `bh.admin.grids.${name}.title`;
  const labels = Object.fromEntries(Object.entries(cardLabels).map(([source, key]) => [source, translate(key)]));
  return (
    <AdminPage titleKey={titleKey}>
      <List
        resource={`admin/${name}`}
        title={titleKey}
        filters={filters}
        actions={<GridActions />}
        sort={{ field: sortField, order: 'DESC' }}
        perPage={25}
        empty={false}
        storeKey={`admin.grids.${name}`}
        sx={LIST_SX}
      >
        <DataTable rowClick={false} bulkActionButtons={false} head={GridHead} sx={cardRowsSx(labels)}>
          {children}
        </DataTable>
        <SortAnnouncer columns={children} />
      </List>
    </AdminPage>
  );
}
