import { Avatar, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import VerifiedIcon from '@mui/icons-material/Verified';
import { LinkBase, useNavigate, useParams, useTranslate } from 'react-admin';
import { initialOf } from '@bh/shared';
import { Email } from '../components/Email.tsx';
import { AdminPage } from '../components/AdminPage.tsx';
import { LoadingSpinner } from '../components/QueryState.tsx';
import { ApplicationSections } from '../applications/ApplicationSections.tsx';
import { AssociateNotFound, useAssociateDetails } from '../applications/useAssociateDetails.tsx';
import { VERIFIED_LIST_PATH } from './paths.ts';

/** BH Associate Details (spec §2.12): who they are and everything they applied with. */
export default function AssociateDetails() {
  const { userId = '' } = useParams<{ userId: string }>();
  return <Details key={userId} userId={userId} />;
}

function Details({ userId }: { userId: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { details, isPending, notFound } = useAssociateDetails(userId, VERIFIED_LIST_PATH);

  return (
    <AdminPage titleKey="bh.admin.associates.detailTitle" maxWidth={960}>
      <Box>
        <Button component={LinkBase} to={VERIFIED_LIST_PATH} startIcon={<ArrowBackIcon />}>
          {translate('bh.admin.associates.backToList')}
        </Button>
      </Box>
      {isPending ? (
        <LoadingSpinner />
      ) : details ? (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
            <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Avatar sx={{ bgcolor: 'primary.main', width: 56, height: 56, fontSize: 24 }}>
                {initialOf(details.user.name, 'A')}
              </Avatar>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="h6" component="p" sx={{ overflowWrap: 'break-word' }}>
                  {details.user.name}
                </Typography>
                <Typography color="text.secondary">
                  <Email address={details.user.email} />
                </Typography>
              </Box>
              {details.user.isVerified === 'verified' ? (
                <Chip color="success" icon={<VerifiedIcon />} label={translate('bh.admin.associates.verifiedBadge')} />
              ) : (
                <Chip label={translate(`bh.admin.statuses.${details.user.isVerified}`)} />
              )}
            </Stack>
          </Paper>
          <ApplicationSections employee={details.employee} idPrefix={`associate-${userId}`} />
        </>
      ) : notFound ? (
        <AssociateNotFound onBack={() => navigate(VERIFIED_LIST_PATH)} />
      ) : null}
    </AdminPage>
  );
}
