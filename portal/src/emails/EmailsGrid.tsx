import { useState } from 'react';
import { Button, Chip } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { DataTable, SelectInput, TextInput, useNotify, useRefresh, useTranslate } from 'react-admin';
import { EMAIL_TEMPLATES, OUTBOX_STATUSES, type EmailRecord, type OutboxStatus } from '@bh/shared';
import { usePortalDataProvider } from '../providers/hooks.ts';
import { AdminGrid } from '../components/AdminGrid.tsx';
import { failureText } from '../components/errors.ts';
import { formatAdminTime } from '../components/format.ts';
import { Email } from '../components/Email.tsx';

const Col = DataTable.Col<EmailRecord>;

const templateChoices = EMAIL_TEMPLATES.map((t) => ({ id: t, name: `bh.admin.grids.emails.templates.${t}` }));
const statusChoices = OUTBOX_STATUSES.map((s) => ({ id: s, name: `bh.admin.grids.emails.statuses.${s}` }));

const filters = [
  <TextInput key="to" source="to" label="bh.admin.grids.emails.toFilter" type="email" alwaysOn />,
  <SelectInput key="template" source="template" label="bh.admin.grids.emails.template" choices={templateChoices} alwaysOn />,
  <SelectInput key="status" source="status" label="bh.admin.grids.emails.status" choices={statusChoices} alwaysOn />,
];

const STATUS_COLOR: Record<OutboxStatus, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  pending: 'info',
  sending: 'info',
  sent: 'success',
  failed: 'error',
  cancelled: 'default',
  expired: 'warning',
};

function Status({ email }: { email: EmailRecord }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOR[email.status]} label={translate(`bh.admin.grids.emails.statuses.${email.status}`)} />;
}

/** 'Send again' on a failed email: it goes back in the outbox with fresh tries. */
function ResendButton({ email }: { email: EmailRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = usePortalDataProvider();
  const [busy, setBusy] = useState(false);
  if (email.status !== 'failed') return null;
  const onClick = async () => {
    setBusy(true);
    try {
      const res = await dataProvider.resendEmail(email.id);
      notify(res.message, { type: 'success' });
      refresh();
    } catch (error) {
      notify(failureText(error, { fallback: translate('bh.admin.grids.emails.resendFailed') }), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<ReplayIcon />} disabled={busy} onClick={() => void onClick()} aria-label={`${translate('bh.admin.grids.emails.resend')}: ${email.to}`}>
      {translate('bh.admin.grids.emails.resend')}
    </Button>
  );
}

/** Column names for the cards small screens show instead of table rows. */
const CARD_LABELS = {
  to: 'bh.admin.grids.emails.to',
  template: 'bh.admin.grids.emails.template',
  status: 'bh.admin.grids.emails.status',
  attempts: 'bh.admin.grids.emails.attempts',
  lastError: 'bh.admin.grids.emails.lastError',
  dueAt: 'bh.admin.grids.emails.due',
  sentAt: 'bh.admin.grids.emails.sentAt',
} as const;

/**
 * The outbox for verified admins (DESIGN §7): who each email is for, what it is, how its delivery
 * went. The API sends no bodies, template data or links, so nothing secret can show here.
 */
export default function EmailsGrid() {
  const translate = useTranslate();
  return (
    <AdminGrid name="emails" filters={filters} sortField="createdAt" cardLabels={CARD_LABELS}>
      <Col source="to" label="bh.admin.grids.emails.to" render={(e) => <Email address={e.to} />} />
      <Col source="template" label="bh.admin.grids.emails.template" render={(e) => translate(`bh.admin.grids.emails.templates.${e.template}`, { _: e.template })} />
      <Col source="status" label="bh.admin.grids.emails.status" render={(e) => <Status email={e} />} />
      <Col source="attempts" label="bh.admin.grids.emails.attempts" disableSort />
      <Col source="lastError" label="bh.admin.grids.emails.lastError" disableSort render={(e) => e.lastError ?? ''} />
      <Col source="dueAt" label="bh.admin.grids.emails.due" disableSort render={(e) => formatAdminTime(e.dueAt)} />
      <Col source="sentAt" label="bh.admin.grids.emails.sentAt" render={(e) => (e.sentAt ? formatAdminTime(e.sentAt) : '')} />
      <Col label="" disableSort render={(e) => <ResendButton email={e} />} />
    </AdminGrid>
  );
}
