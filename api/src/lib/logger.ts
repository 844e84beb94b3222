/** One JSON line per event. Never given bodies, cookies or tokens: callers pass plain facts. */
export type LogLevel = 'silent' | 'error' | 'info';

export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: LogLevel, write: (line: string) => void = (l) => process.stdout.write(l + '\n')): Logger {
  const emit = (lvl: 'info' | 'error', msg: string, fields?: Record<string, unknown>) =>
    write(JSON.stringify({ t: new Date().toISOString(), level: lvl, msg, ...fields }));
  return {
    info: (msg, fields) => {
      if (level === 'info') emit('info', msg, fields);
    },
    error: (msg, fields) => {
      if (level !== 'silent') emit('error', msg, fields);
    },
  };
}
