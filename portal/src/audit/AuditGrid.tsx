import { DataTable, DateInput, List, SelectInput, TextInput, useTranslate } from 'react-admin';
import { AUDIT_ACTIONS, type AuditEntry } from '@bh/shared';
import { AdminPage } from '../components/AdminPage.tsx';
import { formatAdminTime } from '../components/format.ts';
import { Email } from '../components/Email.tsx';
import { GridActions } from '../components/GridActions.tsx';
import { cardRowsSx } from '../components/gridLayout.tsx';

/** An audit row; the API may list an action newer than this portal knows, so it stays a string. */
type AuditRecord = Omit<AuditEntry, 'action'> & { action: string };

const Col = DataTable.Col<AuditRecord>;

const actionChoices = AUDIT_ACTIONS.map((action) => ({ id: action, name: `bh.admin.grids.audit.actions.${action}` }));

const filters = [
  <TextInput key="actor" source="actor" label="bh.admin.grids.audit.actorFilter" type="email" alwaysOn />,
  <SelectInput key="action" source="action" label="bh.admin.grids.audit.actionFilter" choices={actionChoices} alwaysOn />,
  <DateInput key="from" source="from" label="bh.admin.grids.audit.from" alwaysOn />,
  <DateInput key="to" source="to" label="bh.admin.grids.audit.to" alwaysOn />,
];

function ActionName({ entry }: { entry: AuditRecord }) {
  const translate = useTranslate();
  return <>{translate(`bh.admin.grids.audit.actions.${entry.action}`, { _: entry.action })}</>;
}

/** Column names for the cards small screens show instead of table rows. */
const CARD_LABELS = {
  at: 'bh.admin.grids.audit.at',
  actor: 'bh.admin.grids.audit.actor',
  action: 'bh.admin.grids.audit.action',
  target: 'bh.admin.grids.audit.target',
} as const;

/** Who did what, and when: every audited change (DESIGN §4), newest first. */
export default function AuditGrid() {
  const translate = useTranslate();
  const labels = Object.fromEntries(Object.entries(CARD_LABELS).map(([source, key]) => [source, translate(key)]));
  return (
    <AdminPage titleKey="bh.admin.grids.audit.title">
      <List
        resource="admin/audit"
        title="bh.admin.grids.audit.title"
        filters={filters}
        actions={<GridActions />}
        sort={{ field: 'at', order: 'DESC' }}
        perPage={25}
        empty={false}
        storeKey="admin.grids.audit"
      >
        <DataTable rowClick={false} bulkActionButtons={false} sx={cardRowsSx(labels)}>
          <Col source="at" label="bh.admin.grids.audit.at" render={(e) => formatAdminTime(e.at)} />
          <Col source="actor" label="bh.admin.grids.audit.actor" render={(e) => <Email address={e.actor} />} />
          <Col source="action" label="bh.admin.grids.audit.action" render={(e) => <ActionName entry={e} />} />
          <Col source="target" label="bh.admin.grids.audit.target" disableSort />
        </DataTable>
      </List>
    </AdminPage>
  );
}
