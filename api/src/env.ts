import { z } from 'zod';
import { LOG_LEVELS } from './lib/logger.ts';

/** Process settings, parsed once and failing fast on nonsense (Hono's guidance). */
/** An empty variable means unset (as in `MONGODB_URI= pnpm start`). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  MONGODB_URI: optional(z.string().regex(/^mongodb(\+srv)?:\/\//, 'MONGODB_URI must be a mongodb:// URI')),
  MONGODB_DB: z.string().regex(/^[A-Za-z0-9_-]{1,60}$/).default('better_health'),
  DATA_DIR: z.string().min(1).default('.data'),
  /** 32 bytes, base64: the AES-256-GCM key for bank and identity numbers. */
  DOCUMENT_KEY: optional(z.string()),
  /**
   * The product's public origin (`https://app.example.in`): unsafe requests must come from it and
   * name it as their Host, which also shuts out DNS rebinding; links in messages start with it.
   * Default: `http://HOST:PORT` (a wildcard HOST counts as 127.0.0.1).
   */
  PUBLIC_ORIGIN: optional(
    z
      .string()
      .refine(isBareOrigin, {
        message: 'PUBLIC_ORIGIN must be an origin such as https://app.example.in (scheme, host and port only)',
      })
      .transform((v) => new URL(v).origin),
  ),
  /** Comma-separated extra origins allowed to make unsafe requests (dev servers). */
  ALLOWED_ORIGINS: z.string().default(''),
  /** Trust X-Forwarded-For / X-Forwarded-Proto from a reverse proxy. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** Bearer token that opens /metrics to hosts other than loopback (unset: loopback only). */
  METRICS_TOKEN: optional(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters')),
  /** Outgoing mail server, smtp:// or smtps://. Unset: a local catch-all mailbox readable at /dev/mailbox. */
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')),
  MAIL_FROM: z.string().min(3).default('Better Health <sessions@betterhealth.example>'),
  /** The outbox sender's pace: polling, first retry (doubling up to an hour) and tries before `failed`. */
  MAIL_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(2_000),
  MAIL_IDLE_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  MAIL_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
  /** Readiness says `outbox: failing` once SMTP has refused every try for this long (15 minutes). */
  MAIL_FAILING_MS: z.coerce.number().int().min(10).max(86_400_000).default(900_000),
  /** A request body must bring 1 KiB (or its rest) in every this many milliseconds, or its connection is closed. */
  BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** The grievance officer named on the privacy page (DPDP s. 13); unset, the demo's stand-in. */
  GRIEVANCE_OFFICER_NAME: optional(z.string().trim().min(1).max(200)),
  GRIEVANCE_OFFICER_EMAIL: optional(z.email('GRIEVANCE_OFFICER_EMAIL must be an email address')),
  GRIEVANCE_OFFICER_PHONE: optional(z.string().trim().min(3).max(40)),
  /** How often accepted erasures whose 48 hours' notice is over are looked for and carried out. */
  PRIVACY_JOB_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** End-to-end tests only: lets the test move the server's clock. Refused outside NODE_ENV=test. */
  TEST_CLOCK: z.enum(['on', 'off']).default('off'),
})
  .refine((env) => env.TEST_CLOCK === 'off' || env.NODE_ENV === 'test', {
    message: 'TEST_CLOCK=on is only allowed with NODE_ENV=test',
    path: ['TEST_CLOCK'],
  })
  .transform((env) => ({
    ...env,
    PUBLIC_ORIGIN: env.PUBLIC_ORIGIN ?? defaultPublicOrigin(env.HOST, env.PORT),
    /** True when PUBLIC_ORIGIN was derived: the server then follows the port it really got (PORT=0). */
    PUBLIC_ORIGIN_DERIVED: env.PUBLIC_ORIGIN === undefined,
  }));

/** An http(s) URL with nothing after its host and port (a trailing slash allowed). */
function isBareOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return /^https?:$/.test(url.protocol) && url.pathname === '/' && !value.includes('?') && !value.includes('#') && !url.username && !url.password;
}

/** `http://HOST:PORT`, with a wildcard address read as loopback and IPv6 in brackets. */
export function defaultPublicOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return new URL(`http://${name}:${port}`).origin;
}

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
