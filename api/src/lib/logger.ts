import { once } from 'node:events';
import { pino } from 'pino';
import sonicBoom from 'sonic-boom';

// A CommonJS module: its class is what it exports, typed as the module's `SonicBoom`.
const { SonicBoom } = sonicBoom;

/**
 * One JSON line per event, through pino. Never given bodies, cookies, emails or tokens: callers pass
 * plain facts. Levels (LOG_LEVEL): `silent` nothing; `error` failures only; `info` also one line per
 * request; `debug` also each readiness check's outcome and database state changes.
 */
export type LogLevel = 'silent' | 'error' | 'info' | 'debug';
export const LOG_LEVELS = ['silent', 'error', 'info', 'debug'] as const satisfies readonly LogLevel[];

export interface Logger {
  error(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  debug(msg: string, fields?: Record<string, unknown>): void;
  /** Whether a line at this level would be written (to skip building it). */
  enabled(level: Exclude<LogLevel, 'silent'>): boolean;
  /**
   * The line of one answered request, at `info`: the line `info('request', { method, route, status,
   * ms, requestId })` writes, built here without an object per request or pino's general path.
   */
  request(method: string, route: string, status: number, ms: number, requestId: string): void;
  /** Resolves once every line logged so far has been handed to the operating system. */
  flush(): Promise<void>;
}

/** How long a flush waits for a write the output has not taken yet before writing the rest itself. */
const FLUSH_WAIT_MS = 5_000;

/**
 * Standard output written off the request's path: a line joins a buffer and is written when the
 * write before it is done (a file descriptor write on libuv's thread pool), so a request never
 * waits on the terminal, the pipe or the disk behind it. What is still buffered is written
 * synchronously when the process exits, however it exits (`process.exit`, the end of the event
 * loop, an uncaught error), and `flush` waits for it at a clean shutdown (server.ts).
 */
function asyncStdout() {
  const out = new SonicBoom({ fd: 1, sync: false });
  let pending = false;
  out.on('drain', () => (pending = false));
  const flushNow = () => {
    try {
      out.flushSync();
    } catch {
      // Standard output is gone (its reader ended): nothing left to write to.
    }
  };
  process.on('exit', flushNow);
  return {
    write(line: string) {
      pending = true;
      out.write(line);
    },
    async flush() {
      if (pending) {
        const waited = AbortSignal.timeout(FLUSH_WAIT_MS);
        await once(out, 'drain', { signal: waited }).catch(() => {});
      }
      flushNow();
    },
  };
}

/** Routes are patterns, few: each is written as JSON once. */
const routeJson = new Map<string, string>();
const MAX_ROUTES = 1_000;
function jsonOfRoute(route: string): string {
  let json = routeJson.get(route);
  if (json === undefined) {
    if (routeJson.size >= MAX_ROUTES) routeJson.clear();
    routeJson.set(route, (json = JSON.stringify(route)));
  }
  return json;
}

/** One per process: every logger writing to standard output shares its buffer and its exit hook. */
let stdout: ReturnType<typeof asyncStdout> | null = null;

/** Writes to stdout, or hands each line (without its newline) to `write` (tests). */
export function createLogger(level: LogLevel, write?: (line: string) => void): Logger {
  const destination = write ? { write: (chunk: string) => write(chunk.endsWith('\n') ? chunk.slice(0, -1) : chunk), flush: async () => {} } : (stdout ??= asyncStdout());
  const log = pino(
    {
      level,
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  const info = log.isLevelEnabled('info');
  return {
    error: (msg, fields) => log.error(fields ?? {}, msg),
    info: (msg, fields) => log.info(fields ?? {}, msg),
    debug: (msg, fields) => log.debug(fields ?? {}, msg),
    enabled: (lvl) => log.isLevelEnabled(lvl),
    request(method, route, status, ms, requestId) {
      if (!info) return;
      // Key for key what pino writes for `info('request', {…})` (level label, ISO time, no base).
      destination.write(
        `{"level":"info","time":"${new Date().toISOString()}","method":${JSON.stringify(method)},"route":${jsonOfRoute(route)},"status":${status},"ms":${ms},"requestId":${JSON.stringify(requestId)},"msg":"request"}\n`,
      );
    },
    flush: () => destination.flush(),
  };
}
