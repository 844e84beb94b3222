import { OUTBOX_MESSAGES } from '@bh/shared';
import { api } from '@bh/shared/contract';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Handler } from '../../lib/handler.ts';
import { idOf } from '../../lib/ids.ts';
import { emailRecord, emailsPage, resendEmail } from '../../domain/admin/grids.ts';
import { listResponse } from './list.ts';

/** /admin/emails: the outbox for verified admins, and sending a failed email again. */
export function adminEmailsRoutes(deps: AppDeps) {
  const listEmails: Handler<typeof api.admin.emails> = async (c) => {
    const query = c.req.valid('query');
    return listResponse(c, 'emails', query.range.start, await emailsPage(deps, query));
  };

  const showEmail: Handler<typeof api.admin.email> = async (c) => {
    const record = await emailRecord(deps, idOf(c.req.valid('param').id));
    if (!record) throw notFound();
    return c.json(record, 200);
  };

  const sendAgain: Handler<typeof api.admin.resendEmail> = async (c) => {
    const id = idOf(c.req.valid('param').id);
    const resent = await resendEmail(deps, id);
    if (resent === 'missing') throw notFound();
    if (resent === 'not-failed') throw conflict(OUTBOX_MESSAGES.notFailed);
    await recordAudit(deps, { actor: c.var.account, action: 'email.resend', target: { type: 'email', id: id.toHexString(), label: resent.to } });
    return c.json({ success: true as const, message: OUTBOX_MESSAGES.resent, data: resent.record }, 200);
  };

  return contractRouter()
    .openapi(routeOf(api.admin.emails), listEmails)
    .openapi(routeOf(api.admin.email), showEmail)
    .openapi(routeOf(api.admin.resendEmail), sendAgain);
}
