import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  Link,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import CircleIcon from '@mui/icons-material/Circle';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import { Confirm, LinkBase, useNotify, useTranslate } from 'react-admin';
import {
  COUPON_LINK_DISPLAY_LENGTH,
  isHttpUrl,
  PLAN_TYPES,
  SERVICE_KEYS,
  SERVICES,
  truncate,
  type Coupon,
} from '@bh/shared';
import { usePortalDataProvider } from '../providers/hooks.ts';
import { CardGrid } from '../components/CardGrid.tsx';
import { AdminPage } from '../components/AdminPage.tsx';
import { formatAdminTime } from '../components/format.ts';
import { QueryState, useErrorToast } from '../components/QueryState.tsx';
import { COUPONS_QUERY_KEY } from './couponQueries.ts';

/** Manage Coupons (spec §2.15, §4, §8): every coupon as a card, switched on and off or deleted. */
export default function ManageCoupons() {
  const translate = useTranslate();
  const dataProvider = usePortalDataProvider();
  const query = useQuery({
    queryKey: COUPONS_QUERY_KEY,
    queryFn: ({ signal }) => dataProvider.getCoupons(signal),
  });
  useErrorToast(query.isError, 'bh.admin.coupons.loadFailed');

  const refresh = (
    <Button
      variant="outlined"
      onClick={() => void query.refetch()}
      disabled={query.isFetching}
      startIcon={query.isFetching ? <CircularProgress size={16} /> : <RefreshIcon />}
    >
      {translate('bh.admin.common.refresh')}
    </Button>
  );

  return (
    <AdminPage titleKey="bh.admin.coupons.manageTitle" actions={refresh}>
      <QueryState query={query} errorKey="bh.admin.coupons.loadFailed" retryKey={null} loading={<LoadingCoupons />}>
        {({ data: coupons }) =>
          coupons.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 4, borderRadius: 3, textAlign: 'center' }}>
              <LocalOfferIcon color="action" sx={{ fontSize: 48 }} />
              <Typography variant="h6" component="p" sx={{ mt: 1 }}>
                {translate('bh.admin.coupons.emptyTitle')}
              </Typography>
              <Typography color="text.secondary">{translate('bh.admin.coupons.emptyHint')}</Typography>
              <Button variant="contained" component={LinkBase} to="/admin/create-coupons" sx={{ mt: 2 }}>
                {translate('bh.admin.coupons.createFirst')}
              </Button>
            </Paper>
          ) : (
            <CardGrid label={translate('bh.admin.coupons.manageTitle')}>
              {coupons.map((coupon) => (
                <CouponCard key={coupon._id} coupon={coupon} />
              ))}
            </CardGrid>
          )
        }
      </QueryState>
    </AdminPage>
  );
}

function LoadingCoupons() {
  const translate = useTranslate();
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', py: 6 }} role="status">
      <CircularProgress />
      <Typography color="text.secondary">{translate('bh.admin.coupons.loading')}</Typography>
    </Stack>
  );
}

/**
 * Moves the focus to the page's heading when it is on nothing, inside `leaving` (a card going away)
 * or in its closing confirmation.
 */
function focusPageHeading(leaving: HTMLElement | null): void {
  const active = document.activeElement;
  const lost = active === document.body || active === null || (leaving !== null && leaving.contains(active)) || active.closest('[role="dialog"]') !== null;
  if (!lost) return;
  const heading = document.querySelector<HTMLElement>('main h1, h1');
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus();
}

function CouponCard({ coupon }: { coupon: Coupon }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: COUPONS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ['admin/coupons'] }),
    ]);

  const toggle = useMutation({
    mutationFn: () => dataProvider.setCouponStatus(coupon._id, { isActive: !coupon.isActive }),
    onSuccess: async (res) => {
      notify(res.data.isActive ? 'bh.admin.coupons.activated' : 'bh.admin.coupons.deactivated', { type: 'success' });
      await reload();
    },
    onError: () => notify('bh.admin.coupons.statusFailed', { type: 'error' }),
  });

  const remove = useMutation({
    mutationFn: () => dataProvider.deleteCoupon(coupon._id),
    onSuccess: async () => {
      setConfirming(false);
      notify('bh.admin.coupons.deleted', { type: 'success' });
      await reload();
      // The card and its buttons go: the focus goes to the page's heading, not to the page (whether
      // the list has already re-drawn without the card or the focus is still on its Delete button).
      focusPageHeading(cardRef.current);
    },
    onError: () => {
      setConfirming(false);
      notify('bh.admin.coupons.deleteFailed', { type: 'error' });
    },
  });

  const busy = toggle.isPending || remove.isPending;
  const titleId = `coupon-${coupon._id}`;
  // The toggle keeps the focus through the switch: it is never disabled under the person's focus
  // (a disabled button drops it to the page), and once the list is reloaded with the new state it
  // has it still, named for what it does now; the toast (a polite live region) says what happened.
  const toggleRef = useRef<HTMLButtonElement | null>(null);
  const cardRef = useRef<HTMLLIElement | null>(null);
  const toggled = useRef(false);
  useEffect(() => {
    if (toggle.isPending) toggled.current = true;
    else if (toggled.current) {
      toggled.current = false;
      if (document.activeElement === document.body || document.activeElement === null) toggleRef.current?.focus();
    }
  }, [toggle.isPending]);

  return (
    <Card ref={cardRef} component="li" variant="outlined" aria-labelledby={titleId} sx={{ borderRadius: 3, display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1.5 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ fontFamily: 'monospace', letterSpacing: 1, mr: 'auto' }}>
            {coupon.couponCode}
          </Typography>
          <Chip
            size="small"
            color={coupon.forNewUsers ? 'info' : 'secondary'}
            label={translate(coupon.forNewUsers ? 'bh.admin.coupons.newUsers' : 'bh.admin.coupons.existingUsers')}
          />
          <Chip
            id={`${titleId}-state`}
            size="small"
            variant="outlined"
            color={coupon.isActive ? 'success' : 'default'}
            icon={<CircleIcon sx={{ fontSize: 10 }} />}
            label={translate(coupon.isActive ? 'bh.admin.coupons.isActive' : 'bh.admin.coupons.isInactive')}
          />
        </Stack>
        <Box component="dl" aria-label={translate('bh.admin.coupons.linksOf', { code: coupon.couponCode })} sx={{ m: 0 }}>
          {SERVICE_KEYS.flatMap((service) =>
            PLAN_TYPES.map((plan) => {
              const link = coupon.paymentLinks[service][plan];
              const planName = SERVICES[service].plans.find((p) => p.type === plan)?.name ?? plan;
              return (
                <Box key={`${service}-${plan}`} sx={{ mb: 1 }}>
                  <Typography component="dt" variant="caption" color="text.secondary">
                    {translate('bh.admin.coupons.linkLabel', { service: SERVICES[service].displayName, plan: planName })}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} title={link}>
                    {isHttpUrl(link) ? (
                      <Link href={link} target="_blank" rel="noopener noreferrer">
                        {truncate(link, COUPON_LINK_DISPLAY_LENGTH)}
                      </Link>
                    ) : (
                      truncate(link, COUPON_LINK_DISPLAY_LENGTH)
                    )}
                  </Typography>
                </Box>
              );
            }),
          )}
        </Box>
        <Typography variant="caption" color="text.secondary" component="p">
          {translate('bh.admin.coupons.createdAt', { date: formatAdminTime(coupon.createdAt) })}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {translate('bh.admin.coupons.updatedAt', { date: formatAdminTime(coupon.updatedAt) })}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          ref={toggleRef}
          size="small"
          variant="outlined"
          color={coupon.isActive ? 'warning' : 'success'}
          onClick={() => {
            if (!busy) toggle.mutate();
          }}
          aria-disabled={busy ? true : undefined}
          aria-describedby={`${titleId}-state`}
          disabled={remove.isPending}
          startIcon={toggle.isPending ? <CircularProgress size={14} /> : coupon.isActive ? <ToggleOffIcon /> : <ToggleOnIcon />}
        >
          {translate(coupon.isActive ? 'bh.admin.coupons.deactivate' : 'bh.admin.coupons.activate')}
        </Button>
        <Button size="small" color="error" onClick={() => setConfirming(true)} disabled={busy} startIcon={<DeleteIcon />}>
          {translate('bh.admin.coupons.delete')}
        </Button>
      </CardActions>
      <Confirm
        isOpen={confirming}
        loading={remove.isPending}
        title="bh.admin.coupons.deleteTitle"
        content="bh.admin.coupons.deleteConfirm"
        translateOptions={{ code: coupon.couponCode }}
        contentTranslateOptions={{ code: coupon.couponCode }}
        confirm="bh.admin.coupons.delete"
        cancel="bh.admin.common.cancel"
        confirmColor="warning"
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
        // After a delete the opener goes with the card: the focus is given to the heading instead.
        disableRestoreFocus={remove.isSuccess}
      />
    </Card>
  );
}
