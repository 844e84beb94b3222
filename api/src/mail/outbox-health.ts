import { Gauge } from 'prom-client';
import type { AppDeps } from '../lib/deps.ts';
import type { MailSender } from './sender.ts';

/** A gauge's database read gives up after this long (the database may be away); the gauge keeps its last value. */
const READ_TIMEOUT_MS = 1_500;

async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The outbox as operations see it, for this instance's sender:
 *
 * - `/api/v1/health/ready`: `outbox: down` (503) while the sender is not polling the outbox;
 *   `outbox: failing` (200, `status: degraded`) once the SMTP server has refused every try for
 *   MAIL_FAILING_MS (15 minutes). Failing stays ready: every instance shares the SMTP server, so
 *   taking this one out of service would stop the product without sending a message more.
 * - `/metrics`: `bh_outbox_queued` (messages not yet sent, reminders due later included),
 *   `bh_outbox_oldest_pending_age_seconds` (how long the message waiting longest has been due; 0
 *   when none is), `bh_outbox_failed` (messages that used every try, until an admin sends them
 *   again) and `bh_outbox_smtp_failing` (1 while readiness says failing). The counts are read from
 *   the database when the metrics are read, from the queue of unsent mail and the outbox's status
 *   index, never the whole outbox.
 */
export function watchOutbox(deps: Pick<AppDeps, 'cols' | 'clock' | 'health' | 'metrics'>, sender: Pick<MailSender, 'ready' | 'failing'>): void {
  deps.health.addReadinessCheck('outbox', async () => sender.ready());
  deps.health.addReadinessWarning('outbox', () => (sender.failing() ? 'failing' : null));
  const { outbox, outboxQueue } = deps.cols;
  const registers = [deps.metrics.registry];
  const read = async (gauge: Gauge, value: () => Promise<number>) => {
    try {
      gauge.set(await within(READ_TIMEOUT_MS, value()));
    } catch {
      // The database is away: the last value stands (bh_db_errors_total says why).
    }
  };
  new Gauge({
    name: 'bh_outbox_queued',
    help: 'Emails not yet sent (pending or being sent), reminders due later included.',
    registers,
    async collect() {
      await read(this, () => outboxQueue.estimatedDocumentCount());
    },
  });
  new Gauge({
    name: 'bh_outbox_oldest_pending_age_seconds',
    help: 'Seconds since the unsent email waiting longest became due; 0 when none is due.',
    registers,
    async collect() {
      await read(this, async () => {
        const now = deps.clock.now();
        const [oldest] = await outboxQueue.find({ dueAt: { $lte: now } }, { projection: { dueAt: 1 } }).sort({ dueAt: 1 }).limit(1).toArray();
        return oldest?.dueAt ? Math.max(0, (now.getTime() - oldest.dueAt.getTime()) / 1000) : 0;
      });
    },
  });
  new Gauge({
    name: 'bh_outbox_failed',
    help: 'Emails marked failed after every try (MAIL_MAX_ATTEMPTS), until an admin sends them again.',
    registers,
    async collect() {
      await read(this, () => outbox.countDocuments({ status: 'failed' }));
    },
  });
  new Gauge({
    name: 'bh_outbox_smtp_failing',
    help: "1 while the SMTP server has refused every try of this instance's sender for MAIL_FAILING_MS, else 0.",
    registers,
    collect() {
      this.set(sender.failing() ? 1 : 0);
    },
  });
}
