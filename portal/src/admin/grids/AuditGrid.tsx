import { DataTable, DateInput, List, SelectInput, TextInput, useTranslate } from 'react-admin';
import { AUDIT_ACTIONS, type AuditEntry } from '@bh/shared';
import { AdminPage } from '../components/AdminPage.tsx';
import { formatAdminTime } from '../components/format.ts';
import { GridActions } from './GridActions.tsx';

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

/** Who did what, and when: every audited change (DESIGN §4), newest first. */
export default function AuditGrid() {
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
        <DataTable rowClick={false} bulkActionButtons={false}>
          <Col source="at" label="bh.admin.grids.audit.at" render={(e) => formatAdminTime(e.at)} />
          <Col source="actor" label="bh.admin.grids.audit.actor" />
          <Col source="action" label="bh.admin.grids.audit.action" render={(e) => <ActionName entry={e} />} />
          <Col source="target" label="bh.admin.grids.audit.target" disableSort />
        </DataTable>
      </List>
    </AdminPage>
  );
}
