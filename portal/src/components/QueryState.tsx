import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

/** What QueryState reads of a react-query result (useQuery and useInfiniteQuery alike). */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => Promise<unknown>;
}

/** The screens' loading spinner: centred, named for screen readers. */
export function LoadingSpinner() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={translate('bh.admin.common.loading')} />
    </Box>
  );
}

/**
 * One query's three states: a spinner while it loads, an error with a way to try again when it
 * failed, and otherwise `children` with the data. `loading` replaces the spinner; `retryKey`
 * names the retry button's text, or `null` for an error without one.
 */
export function QueryState<T>({
  query,
  errorKey,
  retryKey = 'bh.admin.common.retry',
  loading,
  children,
}: {
  query: QueryLike<T>;
  /** i18n key of the error's text. */
  errorKey: string;
  retryKey?: string | null;
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const translate = useTranslate();
  if (query.isPending) return <>{loading ?? <LoadingSpinner />}</>;
  if (query.isError || query.data === undefined) {
    return (
      <Alert
        severity="error"
        action={
          retryKey === null ? undefined : (
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {translate(retryKey)}
            </Button>
          )
        }
      >
        {translate(errorKey)}
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}

/** A toast with `messageKey` each time `failed` turns true (once per failure, not per render). */
export function useErrorToast(failed: boolean, messageKey: string): void {
  const notify = useNotify();
  const told = useRef(false);
  useEffect(() => {
    if (failed && !told.current) notify(messageKey, { type: 'error' });
    told.current = failed;
  }, [failed, messageKey, notify]);
}
