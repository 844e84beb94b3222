import { useEffect, useState, type MouseEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, CircularProgress, ListItemText, ListSubheader, Menu, MenuItem, Typography } from '@mui/material';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useNotify, useTranslate } from 'react-admin';
import { formatRupees, SERVICE_KEYS, type PlanType, type ServiceKey } from '@bh/shared';
import { openInNewTab } from '../components/openInNewTab.ts';
import { usePortalDataProvider } from '../providers/hooks.ts';
import { servicesQuery } from './services.ts';

/**
 * The client's 'Book More Sessions' menu (spec §2.6): services and their plans from the server;
 * a plan opens its payment link in a new tab.
 */
export function BookMoreSessions() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const services = useQuery(servicesQuery(dataProvider));

  useEffect(() => {
    if (services.isError) notify('bh.dashboard.servicesFailed', { type: 'error' });
  }, [services.isError, notify]);

  const choose = (service: ServiceKey, plan: PlanType) => {
    setAnchor(null);
    openInNewTab(dataProvider.getDefaultPaymentLink(service, plan).then((res) => res.data.paymentLink))
      .then((opened) => {
        if (!opened) notify('bh.dashboard.paymentLinkFailed', { type: 'error' });
      })
      .catch(() => notify('bh.dashboard.paymentLinkFailed', { type: 'error' }));
  };

  const available = SERVICE_KEYS.flatMap((key) => {
    const service = services.data?.[key];
    return service && service.plans.length > 0 ? [{ key, service }] : [];
  });

  return (
    <>
      <Button
        variant="contained"
        startIcon={<AddShoppingCartIcon />}
        endIcon={services.isPending ? <CircularProgress size={16} color="inherit" /> : <ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? 'book-more-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        {translate('bh.dashboard.bookMore')}
      </Button>
      <Menu id="book-more-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {available.length === 0 ? (
          <MenuItem disabled>{translate('bh.dashboard.noServices')}</MenuItem>
        ) : (
          // Each service is a group of the menu named by its heading (a menu may hold only items,
          // groups and separators, so the heading is no list item of its own).
          available.map(({ key, service }) => (
            <Box key={key} role="group" aria-labelledby={`book-more-${key}`}>
              <ListSubheader id={`book-more-${key}`} component="div">
                {service.displayName}
              </ListSubheader>
              {service.plans.map((plan) => (
                <MenuItem key={`${key}-${plan.type}`} onClick={() => choose(key, plan.type)}>
                  <ListItemText primary={plan.name} />
                  <Typography variant="body2" sx={{ ml: 2, fontWeight: 600 }}>
                    {formatRupees(plan.price)}
                  </Typography>
                  {plan.originalPrice !== undefined ? (
                    <Typography variant="caption" color="text.secondary" sx={{ ml: 1, textDecoration: 'line-through' }}>
                      {formatRupees(plan.originalPrice)}
                    </Typography>
                  ) : null}
                </MenuItem>
              ))}
            </Box>
          ))
        )}
      </Menu>
    </>
  );
}
