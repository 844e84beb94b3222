import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Loading, useNotify, useTranslate } from 'react-admin';
import { api } from '@bh/shared/contract';
import { formatIstWithZone, PRIVACY_REQUEST_KINDS, verificationConsentOf, type ConsentRecord, type PrivacyRequestKind } from '@bh/shared';
import { useAccess, useRefreshUser } from '../providers/hooks.ts';
import { client, serverMessageOr } from '../providers/http.ts';
import {
  ARCHIVE_URL,
  useAccessLog,
  useNominee,
  useNotice,
  useOverview,
  useQueue,
  useRefreshPrivacy,
  useRequests,
  useSessions,
} from './client.ts';
import { NoticeItems } from './NoticeItems.tsx';

const when = (iso: string) => formatIstWithZone(iso);

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={`${id}-title`} sx={{ p: { xs: 2, sm: 3 }, mb: 2, minWidth: 0 }}>
      <Typography id={`${id}-title`} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {intro ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}

/** One record as a card: a list that reads the same on a phone and a laptop. */
function Row({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Box component="li" aria-label={label} sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mb: 1, overflowWrap: 'anywhere' }}>
      {children}
    </Box>
  );
}

/** Runs a call, toasts its message (or its error) and reloads the privacy answers. */
function useAction() {
  const notify = useNotify();
  const translate = useTranslate();
  const refresh = useRefreshPrivacy();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<{ message?: string | undefined }>) => {
    setBusy(true);
    try {
      const { message } = await work();
      if (message) notify(message, { type: 'success' });
      await refresh();
      return true;
    } catch (err) {
      notify(serverMessageOr(err, translate('bh.privacy.actionFailed')), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/**
 * /privacy: the signed-in person's privacy centre, for every role (DPDP Act 2023; DESIGN §8).
 * What we hold and why, the download of all of it, consent and its withdrawal, requests with
 * due dates, the nominee, signed-in devices, who read their documents, the grievance officer;
 * for verified admins also the queue of everyone's requests.
 */
export default function PrivacyPage() {
  const translate = useTranslate();
  const { can } = useAccess();
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto', p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('bh.privacy.title')}
      </Typography>
      <Section id="privacy-summary" title={translate('bh.privacy.summaryTitle')}>
        <NoticeItems />
        <Button variant="contained" href={ARCHIVE_URL} download sx={{ mt: 2 }}>
          {translate('bh.privacy.downloadArchive')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('bh.privacy.archiveIntro')}
        </Typography>
      </Section>
      <ConsentSection />
      <SessionsSection />
      <AccessLogSection />
      <RequestsSection />
      <NomineeSection />
      <GrievanceSection />
      {can('admin', 'menu') ? <QueueSection /> : null}
    </Box>
  );
}

/** A withdrawal: one button, and a confirmation that says plainly what follows (DPDP s. 6(4)). */
function WithdrawButton({ id, label, warning, busy, onConfirm }: { id: string; label: string; warning: string; busy: boolean; onConfirm: () => void }) {
  const translate = useTranslate();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setConfirming(true)} disabled={busy}>
        {label}
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={id}>
        <DialogTitle id={id}>{label}</DialogTitle>
        <DialogContent>
          <DialogContentText>{warning}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate('ra.action.cancel')}</Button>
          <Button
            color="error"
            onClick={() => {
              setConfirming(false);
              onConfirm();
            }}
          >
            {label}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function ConsentSection() {
  const translate = useTranslate();
  const notice = useNotice();
  const { busy, run } = useAction();
  const latest = notice.data?.consents.find((c) => c.kind === 'notice' && c.action === 'given');
  return (
    <Section id="privacy-consent" title={translate('bh.privacy.consentTitle')}>
      {notice.isPending ? <Loading /> : null}
      {notice.isError ? <Alert severity="error">{translate('bh.privacy.loadFailed')}</Alert> : null}
      {notice.data && latest && notice.data.accepted ? (
        <Typography sx={{ mb: 2 }}>{translate('bh.privacy.consentGiven', { version: latest.version, at: when(latest.at) })}</Typography>
      ) : null}
      {notice.data?.accepted ? (
        <WithdrawButton
          id="withdraw-title"
          label={translate('bh.privacy.withdrawConsent')}
          warning={translate('bh.privacy.withdrawConsentWarning')}
          busy={busy}
          onConfirm={() => void run(() => client.call(api.privacy.withdrawNotice, { body: { kind: 'notice' } }))}
        />
      ) : null}
      <ApplicationConsent consents={notice.data?.consents ?? []} />
    </Section>
  );
}

/**
 * The consent to verify the caller's application (given with each submission): when it was given,
 * and one button to withdraw it, whose confirmation says what follows (DPDP s. 6(4)).
 */
function ApplicationConsent({ consents }: { consents: readonly ConsentRecord[] }) {
  const translate = useTranslate();
  const refreshUser = useRefreshUser();
  const { busy, run } = useAction();
  // Newest first: the latest act on the latest round decides whether a consent is in force.
  const latest = consents.find((c) => c.kind === 'application-verification');
  if (!latest || latest.round === undefined) return null;
  const consent = verificationConsentOf(consents, latest.round);
  if (!consent || consent.withdrawnAt) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography sx={{ mb: 2 }}>{translate('bh.privacy.applicationConsentGiven', { version: consent.version, at: when(consent.givenAt) })}</Typography>
      <WithdrawButton
        id="withdraw-application-title"
        label={translate('bh.privacy.withdrawApplicationConsent')}
        warning={translate('bh.privacy.withdrawApplicationConsentWarning')}
        busy={busy}
        // The applicant's status may change (pending → not submitted): the menu and /details follow.
        onConfirm={() => void run(() => client.call(api.privacy.withdrawApplicationConsent)).then((ok) => (ok ? refreshUser() : undefined))}
      />
    </Box>
  );
}

function SessionsSection() {
  const translate = useTranslate();
  const sessions = useSessions();
  const { busy, run } = useAction();
  const others = sessions.data?.filter((s) => !s.current) ?? [];
  return (
    <Section id="privacy-sessions" title={translate('bh.privacy.sessionsTitle')} intro={translate('bh.privacy.sessionsIntro')}>
      {sessions.isPending ? <Loading /> : null}
      {sessions.isError ? <Alert severity="error">{translate('bh.privacy.loadFailed')}</Alert> : null}
      <Box component="ul" sx={{ p: 0, m: 0 }}>
        {sessions.data?.map((s) => (
          <Row key={s.id} label={s.browser ?? translate('bh.privacy.unknownBrowser')}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{s.browser ?? translate('bh.privacy.unknownBrowser')}</Typography>
              {s.current ? <Chip size="small" color="primary" label={translate('bh.privacy.thisDevice')} /> : null}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {translate(`bh.privacy.places.${s.place}`)}
              {s.network ? ` · ${s.network}` : ''}
            </Typography>
            <Typography variant="body2">
              {translate('bh.privacy.signedInAt')}: {when(s.createdAt)} · {translate('bh.privacy.lastUsedAt')}: {when(s.lastUsedAt)}
            </Typography>
            {s.current ? null : (
              <Button size="small" sx={{ mt: 1 }} disabled={busy} onClick={() => void run(() => client.call(api.privacy.endSession, { params: { id: s.id } }))}>
                {translate('bh.privacy.signOut')}
              </Button>
            )}
          </Row>
        ))}
      </Box>
      {others.length > 0 ? (
        <Button variant="outlined" disabled={busy} onClick={() => void run(() => client.call(api.privacy.signOutOthers))}>
          {translate('bh.privacy.signOutOthers')}
        </Button>
      ) : null}
    </Section>
  );
}

function AccessLogSection() {
  const translate = useTranslate();
  const log = useAccessLog();
  return (
    <Section id="privacy-access-log" title={translate('bh.privacy.accessLogTitle')} intro={translate('bh.privacy.accessLogIntro')}>
      {log.isPending ? <Loading /> : null}
      {log.isError ? <Alert severity="error">{translate('bh.privacy.loadFailed')}</Alert> : null}
      {log.data?.length === 0 ? <Typography>{translate('bh.privacy.accessLogEmpty')}</Typography> : null}
      <Box component="ul" sx={{ p: 0, m: 0 }}>
        {log.data?.map((entry) => (
          <Row key={entry.id}>
            <Typography sx={{ fontWeight: 600 }}>
              {entry.actor.name} ({translate(`bh.roles.${entry.actor.role}`)})
            </Typography>
            <Typography variant="body2">
              {translate(`bh.privacy.accessActions.${entry.action.replace('.', '_')}`)}: {entry.what}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {when(entry.at)}
            </Typography>
          </Row>
        ))}
      </Box>
    </Section>
  );
}

function RequestsSection() {
  const translate = useTranslate();
  const requests = useRequests();
  const { busy, run } = useAction();
  const [kind, setKind] = useState<PrivacyRequestKind>('correction');
  const [details, setDetails] = useState('');
  return (
    <Section id="privacy-requests" title={translate('bh.privacy.requestsTitle')} intro={translate('bh.privacy.requestsIntro')}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => client.call(api.privacy.createRequest, { body: { kind, details } })).then((ok) => ok && setDetails(''));
        }}
        sx={{ display: 'grid', gap: 2, mb: 2 }}
      >
        <TextField select label={translate('bh.privacy.requestKind')} value={kind} onChange={(e) => setKind(e.target.value as PrivacyRequestKind)}>
          {PRIVACY_REQUEST_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {translate(`bh.privacy.requestKinds.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField label={translate('bh.privacy.requestDetails')} value={details} onChange={(e) => setDetails(e.target.value)} multiline minRows={2} />
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('bh.privacy.submitRequest')}
          </Button>
        </Box>
      </Box>
      {requests.isError ? <Alert severity="error">{translate('bh.privacy.loadFailed')}</Alert> : null}
      {requests.data?.length === 0 ? <Typography>{translate('bh.privacy.noRequests')}</Typography> : null}
      <Box component="ul" sx={{ p: 0, m: 0 }}>
        {requests.data?.map((r) => (
          <Row key={r.id}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{translate(`bh.privacy.requestKinds.${r.kind}`)}</Typography>
              <Chip size="small" label={translate(`bh.privacy.requestStatuses.${r.status}`)} />
            </Stack>
            <Typography variant="body2">{r.details}</Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('bh.privacy.dueBy', { date: when(r.dueAt) })}
            </Typography>
            {r.erasureAt && r.status === 'scheduled' ? <Typography variant="body2">{translate('bh.privacy.erasureScheduled', { date: when(r.erasureAt) })}</Typography> : null}
            {r.answer ? <Typography variant="body2">“{r.answer}”</Typography> : null}
          </Row>
        ))}
      </Box>
    </Section>
  );
}

function NomineeSection() {
  const translate = useTranslate();
  const nominee = useNominee();
  const { busy, run } = useAction();
  const [form, setForm] = useState({ name: '', email: '', relationship: '' });
  const current = nominee.data;
  return (
    <Section id="privacy-nominee" title={translate('bh.privacy.nomineeTitle')} intro={translate('bh.privacy.nomineeIntro')}>
      {nominee.isError ? <Alert severity="error">{translate('bh.privacy.loadFailed')}</Alert> : null}
      {current ? (
        <Box sx={{ mb: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>{current.name}</Typography>
          <Typography variant="body2">
            {current.relationship} · {current.email}
          </Typography>
          <Button size="small" color="error" disabled={busy} onClick={() => void run(() => client.call(api.privacy.removeNominee))}>
            {translate('bh.privacy.removeNominee')}
          </Button>
        </Box>
      ) : nominee.data === null ? (
        <Typography sx={{ mb: 2 }}>{translate('bh.privacy.nomineeNone')}</Typography>
      ) : null}
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => client.call(api.privacy.setNominee, { body: form })).then((ok) => ok && setForm({ name: '', email: '', relationship: '' }));
        }}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}
      >
        <TextField label={translate('bh.privacy.nomineeName')} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        <TextField label={translate('bh.privacy.nomineeEmail')} type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        <TextField label={translate('bh.privacy.nomineeRelationship')} value={form.relationship} onChange={(e) => setForm({ ...form, relationship: e.target.value })} />
        <Box>
          <Button type="submit" variant="outlined" disabled={busy}>
            {translate('bh.privacy.saveNominee')}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}

function GrievanceSection() {
  const translate = useTranslate();
  const overview = useOverview();
  const officer = overview.data?.grievanceOfficer;
  return (
    <Section id="privacy-grievance" title={translate('bh.privacy.grievanceTitle')} intro={translate('bh.privacy.grievanceIntro')}>
      {officer ? (
        <>
          <Typography sx={{ fontWeight: 600 }}>{officer.name}</Typography>
          <Typography variant="body2">
            <a href={`mailto:${officer.email}`}>{officer.email}</a>
            {officer.phone ? ` · ${officer.phone}` : ''}
          </Typography>
        </>
      ) : null}
    </Section>
  );
}

function QueueSection() {
  const translate = useTranslate();
  const queue = useQueue(true);
  const { busy, run } = useAction();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  return (
    <Section id="privacy-queue" title={translate('bh.privacy.queueTitle')}>
      {queue.isPending ? <Loading /> : null}
      {queue.isError ? <Alert severity="error">{translate('bh.privacy.loadFailed')}</Alert> : null}
      {queue.data?.length === 0 ? <Typography>{translate('bh.privacy.noRequests')}</Typography> : null}
      <Box component="ul" sx={{ p: 0, m: 0 }}>
        {queue.data?.map((r) => (
          <Row key={r.id} label={`${translate(`bh.privacy.requestKinds.${r.kind}`)} · ${r.person.email}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{translate(`bh.privacy.requestKinds.${r.kind}`)}</Typography>
              <Chip size="small" label={translate(`bh.privacy.requestStatuses.${r.status}`)} />
            </Stack>
            <Typography variant="body2">
              {r.person.name} · {r.person.email}
            </Typography>
            <Typography variant="body2">{r.details}</Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('bh.privacy.dueBy', { date: when(r.dueAt) })}
            </Typography>
            {r.answer ? <Typography variant="body2">“{r.answer}”</Typography> : null}
            {r.status === 'open' ? (
              <Box sx={{ display: 'grid', gap: 1, mt: 1 }}>
                <TextField
                  size="small"
                  label={translate('bh.privacy.answer')}
                  value={answers[r.id] ?? ''}
                  onChange={(e) => setAnswers({ ...answers, [r.id]: e.target.value })}
                />
                <Stack direction="row" spacing={1}>
                  {(['accept', 'reject'] as const).map((decision) => (
                    <Button
                      key={decision}
                      size="small"
                      variant={decision === 'accept' ? 'contained' : 'outlined'}
                      disabled={busy}
                      onClick={() => void run(() => client.call(api.privacy.decide, { params: { id: r.id }, body: { decision, answer: answers[r.id] ?? '' } }))}
                    >
                      {translate(`bh.privacy.${decision}`)}
                    </Button>
                  ))}
                </Stack>
              </Box>
            ) : null}
          </Row>
        ))}
      </Box>
    </Section>
  );
}
