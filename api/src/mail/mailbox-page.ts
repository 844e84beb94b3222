import { Hono } from 'hono';
import type { Mailbox, MailboxMessage } from './mailbox.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** Plain text with its http(s) links made clickable. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

const STYLE = 'body{font-family:system-ui,sans-serif;max-width:860px;margin:24px auto;padding:0 16px;color:#1d2b28}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:6px 8px;border-bottom:1px solid #ddd;vertical-align:top}pre{white-space:pre-wrap;word-break:break-word;background:#f4f7f6;padding:12px;border-radius:6px}';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

function listPage(messages: MailboxMessage[]): string {
  const rows = messages
    .map((m) => `<tr><td>${escapeHtml(m.receivedAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</td><td>${escapeHtml(m.to.join(', '))}</td><td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject || '(no subject)')}</a></td></tr>`)
    .join('');
  return page(
    'Local mailbox',
    `<h1>Local mailbox</h1><p>Every email this server sent since it started (newest first). It runs because no <code>SMTP_URL</code> is set; nothing leaves this machine.</p>${
      messages.length ? `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No emails yet.</p>'
    }`,
  );
}

function messagePage(m: MailboxMessage): string {
  const files = m.attachments
    .map((a, i) => `<li><a href="/dev/mailbox/${m.id}/attachments/${i}">${escapeHtml(a.filename)}</a> (${escapeHtml(a.contentType)})</li>`)
    .join('');
  return page(
    m.subject,
    `<p><a href="/dev/mailbox">← All emails</a></p><h1>${escapeHtml(m.subject)}</h1><p>From ${escapeHtml(m.from)}<br>To ${escapeHtml(m.to.join(', '))}</p>${
      files ? `<ul>${files}</ul>` : ''
    }<p><a href="/dev/mailbox/${m.id}/html">View as HTML</a></p><pre>${linkify(m.text)}</pre>`,
  );
}

/**
 * /dev/mailbox: the local catch-all mailbox's messages, served only while that mailbox runs
 * (no SMTP_URL). Read-only; the HTML part is shown under a CSP that allows no scripts.
 */
export function mailboxPage(mailbox: Mailbox) {
  const byId = (id: string) => mailbox.messages.find((m) => String(m.id) === id);
  return new Hono()
    .get('/', (c) => {
      c.header('Cache-Control', 'no-store');
      return c.html(listPage(mailbox.messages));
    })
    .get('/:id', (c) => {
      const m = byId(c.req.param('id'));
      if (!m) return c.html(page('Not found', '<p>No such email. <a href="/dev/mailbox">All emails</a></p>'), 404);
      c.header('Cache-Control', 'no-store');
      return c.html(messagePage(m));
    })
    .get('/:id/html', (c) => {
      const m = byId(c.req.param('id'));
      if (!m) return c.text('Not found', 404);
      c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
      c.header('Cache-Control', 'no-store');
      return c.html(m.html || `<pre>${escapeHtml(m.text)}</pre>`);
    })
    .get('/:id/attachments/:index', (c) => {
      const m = byId(c.req.param('id'));
      const a = m?.attachments[Number(c.req.param('index'))];
      if (!a) return c.text('Not found', 404);
      c.header('Content-Type', a.contentType);
      c.header('Content-Disposition', `attachment; filename="${a.filename.replace(/[^\w.-]/g, '_')}"`);
      return c.body(new Uint8Array(a.content));
    });
}
