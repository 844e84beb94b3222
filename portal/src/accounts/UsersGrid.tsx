import { Chip } from '@mui/material';
import { DataTable, SelectInput, useTranslate } from 'react-admin';
import { ROLES, VERIFICATION_STATUSES, type PublicUser, type VerificationStatus } from '@bh/shared';
import { AdminGrid } from '../components/AdminGrid.tsx';
import { formatAdminTime } from '../components/format.ts';
import { Email } from '../components/Email.tsx';
import { GridSearchInput } from '../components/gridLayout.tsx';

/** An account as the admin grid lists it: never more than the public fields and dates. */
type UserRecord = PublicUser & { id: string; createdAt?: string };

const Col = DataTable.Col<UserRecord>;

const roleChoices = ROLES.map((role) => ({ id: role, name: `bh.admin.roles.${role}` }));
const statusChoices = VERIFICATION_STATUSES.map((status) => ({ id: status, name: `bh.admin.statuses.${status}` }));

const filters = [
  <GridSearchInput key="q" source="q" labelKey="bh.admin.grids.users.search" alwaysOn />,
  <SelectInput key="role" source="role" label="bh.admin.grids.users.role" choices={roleChoices} alwaysOn />,
  <SelectInput key="isVerified" source="isVerified" label="bh.admin.grids.users.status" choices={statusChoices} alwaysOn />,
];

const STATUS_COLORS: Record<VerificationStatus, 'default' | 'warning' | 'success' | 'error'> = {
  not_submitted: 'default',
  pending: 'warning',
  verified: 'success',
  rejected: 'error',
};

function Status({ user }: { user: UserRecord }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[user.isVerified]}
      label={translate(`bh.admin.statuses.${user.isVerified}`)}
      title={user.rejectionReason ?? undefined}
    />
  );
}

function RoleName({ user }: { user: UserRecord }) {
  const translate = useTranslate();
  return <>{translate(`bh.admin.roles.${user.role}`)}</>;
}

const COLUMNS = {
  name: 'bh.admin.grids.users.name',
  email: 'bh.admin.grids.users.email',
  role: 'bh.admin.grids.users.role',
  isVerified: 'bh.admin.grids.users.status',
  createdAt: 'bh.admin.grids.users.createdAt',
} as const;

/** Every account, filterable by role and verification status (DESIGN §4); cards on small screens. */
export default function UsersGrid() {
  return (
    <AdminGrid name="users" filters={filters} sortField="createdAt" cardLabels={COLUMNS}>
      <Col source="name" label={COLUMNS.name} />
      <Col source="email" label={COLUMNS.email} render={(u) => <Email address={u.email} />} />
      <Col source="role" label={COLUMNS.role} render={(u) => <RoleName user={u} />} />
      <Col source="isVerified" label={COLUMNS.isVerified} render={(u) => <Status user={u} />} />
      <Col source="createdAt" label={COLUMNS.createdAt} render={(u) => (u.createdAt ? formatAdminTime(u.createdAt) : '')} />
    </AdminGrid>
  );
}
