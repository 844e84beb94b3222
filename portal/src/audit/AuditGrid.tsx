import { DataTable, DateInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { AUDIT_ACTIONS, type AuditEntry } from '@bh/shared';
import { AdminGrid } from '../components/AdminGrid.tsx';
import { formatAdminTime } from '../components/format.ts';
import { Email } from '../components/Email.tsx';

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
  return (
    <AdminGrid name="audit" filters={filters} sortField="at" cardLabels={CARD_LABELS}>
      <Col source="at" label="bh.admin.grids.audit.at" render={(e) => formatAdminTime(e.at)} />
      <Col source="actor" label="bh.admin.grids.audit.actor" render={(e) => <Email address={e.actor} />} />
      <Col source="action" label="bh.admin.grids.audit.action" render={(e) => <ActionName entry={e} />} />
      <Col source="target" label="bh.admin.grids.audit.target" disableSort />
    </AdminGrid>
  );
}
