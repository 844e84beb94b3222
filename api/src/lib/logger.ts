import { pino } from 'pino';

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
}

/** Writes to stdout, or hands each line (without its newline) to `write` (tests). */
export function createLogger(level: LogLevel, write?: (line: string) => void): Logger {
  const destination = write ? { write: (chunk: string) => write(chunk.endsWith('\n') ? chunk.slice(0, -1) : chunk) } : pino.destination({ dest: 1, sync: true });
  const log = pino(
    {
      level,
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  return {
    error: (msg, fields) => log.error(fields ?? {}, msg),
    info: (msg, fields) => log.info(fields ?? {}, msg),
    debug: (msg, fields) => log.debug(fields ?? {}, msg),
    enabled: (lvl) => log.isLevelEnabled(lvl),
  };
}
