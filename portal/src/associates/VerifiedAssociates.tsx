import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import {
  Avatar,
  Box,
  Button,
  CircularProgress,
  IconButton,
  InputAdornment,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import ClearIcon from '@mui/icons-material/Clear';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { LinkBase, useNotify, useTranslate } from 'react-admin';
import { initialOf, VERIFIED_PAGE_SIZE, type ApplicantSummary } from '@bh/shared';
import { Email } from '../components/Email.tsx';
import { QueryState, useErrorToast } from '../components/QueryState.tsx';
import { usePortalDataProvider } from '../providers/hooks.ts';
import { CardGrid } from '../components/CardGrid.tsx';
import { AdminPage } from '../components/AdminPage.tsx';
import { associatePath } from './paths.ts';

const listKey = (term: string | null) => ['admin', 'verified', term] as const;

/**
 * Verified BH Associates (spec §2.11, §4): pages of 10 that load as the admin scrolls, page 1
 * replacing and later pages appending; a search shows its results instead and stops the paging; a
 * cleared or blank search starts the paging again from page 1.
 */
export default function VerifiedAssociates() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const queryClient = useQueryClient();
  const [input, setInput] = useState('');
  const [term, setTerm] = useState<string | null>(null);
  // The search whose outcome still has to be told (spec §8's "Found n …" toasts).
  const announce = useRef<string | null>(null);

  const query = useInfiniteQuery({
    queryKey: listKey(term),
    queryFn: ({ pageParam, signal }) =>
      dataProvider.getVerifiedAssociates({ page: pageParam, limit: VERIFIED_PAGE_SIZE, email: term ?? undefined }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (term === null && last.pagination?.hasNextPage ? last.pagination.page + 1 : undefined),
  });

  const associates = query.data?.pages.flatMap((page) => page.user) ?? [];

  useEffect(() => {
    if (announce.current === null || announce.current !== term || query.isFetching) return;
    if (query.isSuccess) {
      const count = associates.length;
      if (count > 0) notify('bh.admin.associates.found', { type: 'success', messageArgs: { count, term } });
      else notify('bh.admin.associates.none', { type: 'info', messageArgs: { term } });
    }
    announce.current = null;
  }, [term, query.isFetching, query.isSuccess, associates.length, notify]);

  useErrorToast(query.isError || query.isFetchNextPageError, 'bh.admin.associates.fetchFailed');

  const backToPaging = () => {
    announce.current = null;
    // Paging starts again from page 1, not from the pages loaded before the search.
    queryClient.removeQueries({ queryKey: listKey(null), exact: true });
    setTerm(null);
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = input.trim();
    if (trimmed === '') {
      setInput('');
      backToPaging();
      return;
    }
    announce.current = trimmed;
    if (trimmed === term) void query.refetch();
    else setTerm(trimmed);
  };

  const clear = () => {
    setInput('');
    backToPaging();
  };

  return (
    <AdminPage titleKey="bh.admin.associates.title">
      <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
        <Stack component="form" role="search" noValidate onSubmit={search} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            value={input}
            onChange={(e) => setInput(e.target.value)}
            type="email"
            size="small"
            fullWidth
            placeholder={translate('bh.admin.associates.searchPlaceholder')}
            slotProps={{
              htmlInput: { 'aria-label': translate('bh.admin.associates.searchPlaceholder') },
              input: {
                endAdornment:
                  input !== '' || term !== null ? (
                    <InputAdornment position="end">
                      <Tooltip title={translate('bh.admin.associates.clearSearch')}>
                        <IconButton size="small" onClick={clear} aria-label={translate('bh.admin.associates.clearSearch')}>
                          <ClearIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </InputAdornment>
                  ) : null,
              },
            }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ flexShrink: 0 }}>
            {translate('bh.admin.associates.search')}
          </Button>
        </Stack>
      </Paper>

      <QueryState query={query} errorKey="bh.admin.associates.fetchFailed">
        {() =>
          associates.length === 0 ? (
            <EmptyState searching={term !== null} />
          ) : (
            <>
              <CardGrid label={translate('bh.admin.associates.title')}>
                {associates.map((associate) => (
                  <AssociateCard key={associate._id} associate={associate} />
                ))}
              </CardGrid>
              <LoadMore
                hasMore={query.hasNextPage}
                loading={query.isFetchingNextPage}
                failed={query.isFetchNextPageError}
                onMore={() => void query.fetchNextPage()}
                showEnd={term === null}
              />
            </>
          )
        }
      </QueryState>
    </AdminPage>
  );
}

function AssociateCard({ associate }: { associate: ApplicantSummary }) {
  const translate = useTranslate();
  return (
    // The whole name and email always show: they wrap between words (an email after '@' and
    // before dots), and the button moves under them when the card is narrow.
    <Paper component="li" variant="outlined" sx={{ p: 2, borderRadius: 3, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <Avatar sx={{ bgcolor: 'primary.main' }}>{initialOf(associate.name, 'A')}</Avatar>
      <Box sx={{ flex: '1 1 10rem', minWidth: 0 }}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
          {associate.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <Email address={associate.email} />
        </Typography>
      </Box>
      <Button
        size="small"
        variant="outlined"
        component={LinkBase}
        to={associatePath(associate._id)}
        aria-label={`${translate('bh.admin.associates.viewDetails')}: ${associate.name}`}
        sx={{ flexShrink: 0, ml: 'auto' }}
      >
        {translate('bh.admin.associates.viewDetails')}
      </Button>
    </Paper>
  );
}

/**
 * Loads the next page when the end of the list scrolls into view; the button does the same for
 * keyboards and for browsers without IntersectionObserver.
 */
function LoadMore({
  hasMore,
  loading,
  failed,
  onMore,
  showEnd,
}: {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onMore: () => void;
  showEnd: boolean;
}) {
  const translate = useTranslate();
  const sentinel = useRef<HTMLDivElement | null>(null);
  const more = useRef(onMore);
  more.current = onMore;
  // A failed page is not retried by scrolling, only by the button, so a broken API is not hammered.
  const auto = hasMore && !loading && !failed;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !auto || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) more.current();
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [auto]);

  return (
    <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center', py: 2, minHeight: 48 }}>
      {loading ? (
        <CircularProgress size={28} aria-label={translate('bh.admin.common.loading')} />
      ) : hasMore ? (
        <Button onClick={onMore}>{translate('bh.admin.associates.loadMore')}</Button>
      ) : showEnd ? (
        <Typography variant="body2" color="text.secondary">
          {translate('bh.admin.associates.endOfList')}
        </Typography>
      ) : null}
    </Box>
  );
}

function EmptyState({ searching }: { searching: boolean }) {
  const translate = useTranslate();
  const Icon = searching ? SearchOffIcon : TaskAltIcon;
  return (
    <Paper variant="outlined" sx={{ p: 4, borderRadius: 3, textAlign: 'center' }}>
      <Icon color={searching ? 'action' : 'success'} sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {translate(searching ? 'bh.admin.associates.noResultsTitle' : 'bh.admin.associates.allCaughtUp')}
      </Typography>
      <Typography color="text.secondary">
        {translate(searching ? 'bh.admin.associates.noResults' : 'bh.admin.associates.empty')}
      </Typography>
    </Paper>
  );
}
