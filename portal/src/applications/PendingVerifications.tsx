import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  Drawer,
  IconButton,
  List,
  ListItem,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { LinkBase, useNavigate, useParams, useTranslate } from 'react-admin';
import { initialOf, type ApplicantSummary } from '@bh/shared';
import { usePortalDataProvider } from '../providers/hooks.ts';
import { AdminPage } from '../components/AdminPage.tsx';
import { LoadingSpinner, QueryState, useErrorToast } from '../components/QueryState.tsx';
import { ApplicationSections, formatCalendarDate } from './ApplicationSections.tsx';
import { AssociateNotFound, useAssociateDetails } from './useAssociateDetails.tsx';
import { RejectButton, VerifyButton } from './ReviewActions.tsx';

const PENDING_LIST_PATH = '/admin/verify-documents';
const reviewPath = (userId: string) => `/admin/verification-pending/${encodeURIComponent(userId)}`;

/**
 * Pending Verifications (spec §2.9) with the review of one application (§2.10), the way
 * react-admin's demo reviews work: the list stays put and the application opens in a drawer beside
 * it, at its own address, so a decision simply closes the drawer onto the updated list.
 */
export default function PendingVerifications() {
  const { userId } = useParams<{ userId: string }>();
  const navigate = useNavigate();
  const backToList = () => navigate(PENDING_LIST_PATH);

  return (
    <AdminPage titleKey="bh.admin.verification.title">
      <PendingList selectedId={userId} />
      <Drawer
        anchor="right"
        open={!!userId}
        onClose={backToList}
        slotProps={{
          // The drawer is a dialog; its heading names it.
          paper: { 'aria-labelledby': 'application-review-title', sx: { width: { xs: '100%', md: 760 }, bgcolor: 'background.default' } },
        }}
      >
        {userId ? <ApplicationReview key={userId} userId={userId} onDone={backToList} /> : null}
      </Drawer>
    </AdminPage>
  );
}

function PendingList({ selectedId }: { selectedId: string | undefined }) {
  const dataProvider = usePortalDataProvider();
  const query = useQuery({
    queryKey: ['admin', 'pending'],
    queryFn: ({ signal }) => dataProvider.getPendingAssociates(signal),
  });
  useErrorToast(query.isError, 'bh.admin.verification.fetchFailed');

  return (
    <QueryState query={query} errorKey="bh.admin.verification.fetchFailed">
      {({ user }) => <PendingApplicants pending={user} selectedId={selectedId} />}
    </QueryState>
  );
}

function PendingApplicants({ pending, selectedId }: { pending: ApplicantSummary[]; selectedId: string | undefined }) {
  const translate = useTranslate();
  if (pending.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 4, borderRadius: 3, textAlign: 'center' }}>
        <TaskAltIcon color="success" sx={{ fontSize: 48 }} />
        <Typography sx={{ mt: 1 }}>{translate('bh.admin.verification.empty')}</Typography>
      </Paper>
    );
  }

  return (
    <Stack spacing={1.5}>
      <Typography color="text.secondary" role="status">
        {translate('bh.admin.verification.count', { count: pending.length })}
      </Typography>
      <Paper variant="outlined" sx={{ borderRadius: 3 }}>
        <List disablePadding aria-label={translate('bh.admin.verification.title')}>
          {pending.map((applicant, index) => (
            <PendingItem
              key={applicant._id}
              applicant={applicant}
              selected={applicant._id === selectedId}
              divider={index < pending.length - 1}
            />
          ))}
        </List>
      </Paper>
    </Stack>
  );
}

function PendingItem({ applicant, selected, divider }: { applicant: ApplicantSummary; selected: boolean; divider: boolean }) {
  const translate = useTranslate();
  return (
    <ListItem
      divider={divider}
      aria-current={selected ? 'true' : undefined}
      sx={{ gap: 2, flexWrap: 'wrap', bgcolor: selected ? 'action.selected' : undefined }}
    >
      <Avatar sx={{ bgcolor: 'primary.main' }}>{initialOf(applicant.name, 'A')}</Avatar>
      <Box sx={{ flex: 1, minWidth: 200 }}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {applicant.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {applicant.email}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center' }}>
          <Chip size="small" color="warning" label={translate('bh.admin.verification.pendingBadge')} />
          <Typography variant="caption" color="text.secondary">
            {translate('bh.admin.verification.role', { role: translate(`bh.admin.roles.${applicant.role}`) })}
          </Typography>
        </Stack>
      </Box>
      <Button
        variant="outlined"
        component={LinkBase}
        to={reviewPath(applicant._id)}
        aria-label={`${translate('bh.admin.verification.viewDetails')}: ${applicant.name}`}
      >
        {translate('bh.admin.verification.viewDetails')}
      </Button>
    </ListItem>
  );
}

/** One application under review, with the decision buttons. */
function ApplicationReview({ userId, onDone }: { userId: string; onDone: () => void }) {
  const translate = useTranslate();
  const { details, isPending, notFound } = useAssociateDetails(userId, PENDING_LIST_PATH);
  const decided = !!details && details.user.isVerified !== 'pending';

  return (
    <Stack sx={{ minHeight: '100%' }} role="region" aria-label={details ? details.user.name : translate('bh.admin.common.loading')}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Typography id="application-review-title" variant="h6" component="h2" sx={{ flex: 1 }} noWrap>
          {details ? translate('bh.admin.verification.detailTitle', { name: details.user.name }) : null}
        </Typography>
        <Tooltip title={translate('ra.action.close')}>
          <IconButton onClick={onDone} aria-label={translate('ra.action.close')}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Stack>

      <Box sx={{ flex: 1, p: 2 }}>
        {isPending ? (
          <LoadingSpinner />
        ) : notFound || !details ? (
          notFound ? <AssociateNotFound onBack={onDone} /> : null
        ) : (
          <Stack spacing={2}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Avatar sx={{ bgcolor: 'primary.main', width: 48, height: 48 }}>{initialOf(details.user.name, 'A')}</Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {details.user.name}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {details.user.email}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {translate('bh.admin.verification.submittedAt', { date: formatCalendarDate(details.employee.submittedAt.slice(0, 10)) })}
                </Typography>
              </Box>
            </Stack>
            {decided ? (
              <Alert severity="info">
                {translate('bh.admin.verification.notPending')} ({translate(`bh.admin.statuses.${details.user.isVerified}`)})
              </Alert>
            ) : null}
            <ApplicationSections employee={details.employee} idPrefix={`review-${userId}`} />
          </Stack>
        )}
      </Box>

      <Stack
        direction="row"
        spacing={1}
        sx={{
          position: 'sticky',
          bottom: 0,
          px: 2,
          py: 1.5,
          borderTop: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          flexWrap: 'wrap',
          rowGap: 1,
        }}
      >
        <Button startIcon={<ArrowBackIcon />} onClick={onDone}>
          {translate('bh.admin.verification.backToList')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {details ? (
          <>
            <RejectButton userId={userId} applicantName={details.user.name} disabled={decided} onDone={onDone} />
            <VerifyButton userId={userId} disabled={decided} onDone={onDone} />
          </>
        ) : null}
      </Stack>
    </Stack>
  );
}
