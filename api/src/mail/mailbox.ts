import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface MailboxMessage {
  id: number;
  receivedAt: Date;
  /** The Message-ID header ('<…@…>'), or '' when the message had none. */
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface MailboxOptions {
  /** Messages kept, newest first; older ones are dropped. */
  keep?: number;
  /** Tests: answer a message (to these recipients) with this SMTP error instead of accepting it. */
  rejectWith?: (envelope: { to: string[] }) => { code: number; message: string } | null;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.map((v) => v.address ?? '')).filter(Boolean);
}

/**
 * A catch-all SMTP server on loopback (smtp-server, parsed with mailparser). `pnpm start` runs
 * one when no SMTP_URL is set, so every email the demo sends can be read at /dev/mailbox; the
 * tests run one to receive what the sender really sent over SMTP.
 */
export class Mailbox {
  readonly messages: MailboxMessage[] = [];
  readonly #server: SMTPServer;
  readonly #keep: number;
  readonly #waiters = new Set<() => void>();
  #next = 1;
  port = 0;
  /** Every SMTP transaction, accepted or refused (tests count retries with it). */
  transactions = 0;

  constructor(options: MailboxOptions = {}) {
    this.#keep = options.keep ?? 500;
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      banner: 'Better Health local mailbox',
      size: 10 * 1024 * 1024,
      onData: (stream, session, callback) => {
        this.transactions += 1;
        const refusal = options.rejectWith?.({ to: session.envelope.rcptTo.map((r) => r.address) }) ?? null;
        if (refusal) {
          stream.resume();
          stream.on('end', () => callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code })));
          return;
        }
        simpleParser(stream)
          .then((mail) => {
            this.messages.unshift({
              id: this.#next++,
              receivedAt: new Date(),
              messageId: mail.messageId ?? '',
              from: addresses(mail.from).join(', '),
              to: addresses(mail.to),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              attachments: mail.attachments.map((a) => ({ filename: a.filename ?? 'attachment', contentType: a.contentType, content: a.content })),
            });
            this.messages.length = Math.min(this.messages.length, this.#keep);
            for (const wake of this.#waiters) wake();
            callback();
          })
          .catch((err: unknown) => callback(err instanceof Error ? err : new Error('unreadable message')));
      },
    });
  }

  async listen(host = '127.0.0.1', port = 0): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(port, host, () => resolve());
    });
    const address = this.#server.server.address();
    this.port = typeof address === 'object' && address ? address.port : port;
    return `smtp://${host}:${this.port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  find(predicate: (m: MailboxMessage) => boolean): MailboxMessage | undefined {
    return this.messages.find(predicate);
  }

  /** Waits until a message matching `predicate` has arrived. */
  async waitFor(predicate: (m: MailboxMessage) => boolean, timeoutMs = 10_000): Promise<MailboxMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no such email arrived in time');
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.#waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, Math.min(left, 200));
        this.#waiters.add(wake);
      });
    }
  }
}
