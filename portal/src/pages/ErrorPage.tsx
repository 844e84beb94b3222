import { useEffect, useState } from 'react';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import { Loading, useResetErrorBoundaryOnLocationChange, useTranslate } from 'react-admin';
import { MessagePanel } from './MessagePanel.tsx';

export interface ErrorPageProps {
  error?: unknown;
  resetErrorBoundary?: (...args: unknown[]) => void;
}

const noop = () => undefined;

/**
 * A part of the app that could not be downloaded: after a deploy, the chunk names an open tab
 * knows no longer exist on the server. Browsers word it differently.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error ?? '');
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  return (
    name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message)
  );
}

/** Errors of the program itself (a bug, a missing file): their text means nothing to a user. */
function isTechnical(error: unknown, text: string): boolean {
  if (isChunkLoadError(error)) return true;
  if (error instanceof TypeError || error instanceof ReferenceError || error instanceof SyntaxError || error instanceof RangeError) return true;
  return /https?:\/\/|\bat \S+ \(|\.(?:js|mjs|tsx?)\b|is not a function|Unexpected token/i.test(text);
}

/**
 * The status text of a failed response, or the error's message (spec §2.17) when it is meant for
 * people; null for an empty or technical one, which the page replaces with 'An unexpected error
 * occurred'.
 */
export function describeError(error: unknown): string | null {
  let text: string | null = null;
  if (typeof error === 'object' && error !== null) {
    if ('statusText' in error && typeof error.statusText === 'string' && error.statusText.trim()) text = error.statusText;
    else if ('message' in error && typeof error.message === 'string' && error.message.trim()) text = error.message;
  } else if (typeof error === 'string' && error.trim()) text = error;
  return text && !isTechnical(error, text) ? text : null;
}

/** The page reload, as an object so tests can watch it (jsdom cannot reload). */
export const appReload = { reload: () => window.location.reload() };

/** When the app last reloaded itself for a missing chunk (this tab only). */
export const CHUNK_RELOAD_KEY = 'better-health-chunk-reload-at';
/** A second missing chunk within this long of the reload is shown, not reloaded again. */
const CHUNK_RELOAD_GUARD_MS = 60_000;

/**
 * Reloads the page once when a chunk failed to load, so a tab opened before a deploy picks up
 * the new version. The time of the reload is kept in sessionStorage: if the fresh page fails too,
 * the error page shows instead of reloading in a loop.
 */
function useReloadForMissingChunk(error: unknown): boolean {
  const [reloading] = useState(() => {
    if (!isChunkLoadError(error)) return false;
    try {
      const last = Number(window.sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
      if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) return false;
      window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
      return true;
    } catch {
      // No storage (private mode, blocked): without the guard, never reload.
      return false;
    }
  });
  useEffect(() => {
    if (reloading) appReload.reload();
  }, [reloading]);
  return reloading;
}

/**
 * 'Oops! Something went wrong' (spec §2.17), or a single reload when a chunk of a previous deploy
 * is missing. The dashboard lives at /dashboard because / is the public site's home page.
 */
export function ErrorPage({ error, resetErrorBoundary }: ErrorPageProps) {
  const translate = useTranslate();
  useResetErrorBoundaryOnLocationChange(resetErrorBoundary ?? noop);
  const reloading = useReloadForMissingChunk(error);
  if (reloading) return <Loading />;
  return (
    <MessagePanel
      role="alert"
      icon={<ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} />}
      title={translate('bh.error.title')}
      body={describeError(error) ?? translate('bh.error.unexpected')}
    />
  );
}
