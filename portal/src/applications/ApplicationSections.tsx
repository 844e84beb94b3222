import type { ReactNode } from 'react';
import { Alert, Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import { useTranslate } from 'react-admin';
import {
  calendarParts,
  DOCUMENT_TYPE_LABELS,
  fileIdFromUrl,
  formatIstWithZone,
  isHttpUrl,
  isMasked,
  maskLast4,
  MONTHS_SHORT_EN_IN,
  type ApplicationDetail,
} from '@bh/shared';

/**
 * Where a stored document opens: files uploaded to the API are served by it (to the owner and to
 * verified admins, DESIGN §4), so their upload URL (`api.uploads.read`) is opened as is. Anything that
 * is neither such a path nor an http(s) link is never turned into a link.
 */
export function documentHref(url: string | null | undefined): string | null {
  const trimmed = (url ?? '').trim();
  if (!trimmed) return null;
  if (fileIdFromUrl(trimmed.toLowerCase()) !== null) return trimmed;
  return isHttpUrl(trimmed) ? trimmed : null;
}

/** Account and identity numbers are only ever shown masked, even if a server forgot to mask one. */
export function masked(value: string): string {
  return isMasked(value) ? value : maskLast4(value);
}

/** '1990-04-12' → '12 Apr 1990', read as a calendar date (no time zone shift). */
export function formatCalendarDate(value: string): string {
  const p = calendarParts(value);
  return p ? `${p.day} ${MONTHS_SHORT_EN_IN[p.month]} ${p.year}` : value;
}

/** The salary slips as a list, whether the server sent one link, several, or none. */
export function salarySlipsOf(salarySlip: ApplicationDetail['salarySlip']): string[] {
  if (salarySlip === null) return [];
  return (Array.isArray(salarySlip) ? salarySlip : [salarySlip]).filter((slip) => slip.trim() !== '');
}

function Section({ id, titleKey, children }: { id: string; titleKey: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {translate(titleKey)}
      </Typography>
      {children}
    </Paper>
  );
}

/** Label and value pairs, laid out in columns where there is room. */
function Facts({ rows }: { rows: readonly (readonly [string, ReactNode] | null)[] }) {
  const translate = useTranslate();
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
    >
      {rows.map((row) =>
        row ? (
          <Box key={row[0]} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {translate(`bh.admin.application.fields.${row[0]}`)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {row[1]}
            </Typography>
          </Box>
        ) : null,
      )}
    </Box>
  );
}

/** A stored document, opened in a new tab through the API. */
export function DocumentLink({ url, label }: { url: string; label: string }) {
  const translate = useTranslate();
  const href = documentHref(url);
  if (!href) return null;
  return (
    <Button
      size="small"
      variant="outlined"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      startIcon={<DescriptionIcon />}
      endIcon={<OpenInNewIcon fontSize="small" />}
      aria-label={translate('bh.admin.common.opensInNewTab', { label })}
    >
      {label}
    </Button>
  );
}

/** The consent the application's documents are verified under: when given, and if withdrawn, when. */
export function VerificationConsentNote({ consent }: { consent: ApplicationDetail['verificationConsent'] }) {
  const translate = useTranslate();
  if (!consent) return <Alert severity="info">{translate('bh.application.consentNone')}</Alert>;
  const given = translate('bh.application.consentGivenOn', { at: formatIstWithZone(consent.givenAt), version: consent.version });
  if (!consent.withdrawnAt) return <Alert severity="success">{given}</Alert>;
  return (
    <Alert severity="warning">
      {given} {translate('bh.application.consentWithdrawnOn', { at: formatIstWithZone(consent.withdrawnAt) })}
    </Alert>
  );
}

/**
 * Everything an associate applied with (spec §2.10, §2.12), as both review screens show it:
 * employment only when there is any, numbers masked, documents opening through the API.
 */
export function ApplicationSections({ employee, idPrefix }: { employee: ApplicationDetail; idPrefix: string }) {
  const translate = useTranslate();
  const p = employee.personalInfo;
  const bank = employee.bankAccount;
  const slips = salarySlipsOf(employee.salarySlip);
  const resume = documentHref(p.resumeUrl);
  const linkedin = p.linkedin.trim() && isHttpUrl(p.linkedin.trim()) ? p.linkedin.trim() : null;
  const address = (line: string) =>
    translate('bh.admin.application.address', { address: line, city: p.city, state: p.state, postalCode: p.postalCode, country: p.country });

  return (
    <Stack spacing={2}>
      <VerificationConsentNote consent={employee.verificationConsent} />
      <Section id={`${idPrefix}-personal`} titleKey="bh.admin.application.sections.personal">
        <Facts
          rows={[
            ['fullName', [p.firstName, p.middleName, p.lastName].filter((part) => part.trim() !== '').join(' ')],
            ['dob', formatCalendarDate(p.dob)],
            ['gender', p.gender],
            ['bloodGroup', p.bloodGroup || translate('bh.admin.application.notSpecified')],
            ['email', p.email],
            ['phone', p.phone],
            ['currentAddress', address(p.currentAddress)],
            p.permanentAddress.trim() && p.permanentAddress.trim() !== p.currentAddress.trim()
              ? ['permanentAddress', p.permanentAddress]
              : null,
            [
              'emergencyContact',
              translate('bh.admin.application.emergency', {
                name: p.emergencyContact.name,
                relationship: p.emergencyContact.relationship,
                phone: p.emergencyContact.phone,
              }),
            ],
            linkedin
              ? [
                  'linkedin',
                  <Link href={linkedin} target="_blank" rel="noopener noreferrer">
                    {linkedin}
                  </Link>,
                ]
              : null,
          ]}
        />
      </Section>

      <Section id={`${idPrefix}-documents`} titleKey="bh.admin.application.sections.documents">
        <Stack spacing={2}>
          {p.Doc.map((doc, index) => (
            <Box key={`${doc.documentType}-${index}`}>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                {translate('bh.admin.application.document', { n: index + 1 })}
              </Typography>
              <Facts rows={[['documentType', DOCUMENT_TYPE_LABELS[doc.documentType]], ['documentId', masked(doc.documentId)]]} />
              <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
                <DocumentLink url={doc.frontImage} label={translate('bh.admin.application.fields.frontImage')} />
                <DocumentLink url={doc.backImage} label={translate('bh.admin.application.fields.backImage')} />
              </Stack>
            </Box>
          ))}
        </Stack>
      </Section>

      <Section id={`${idPrefix}-education`} titleKey="bh.admin.application.sections.education">
        <Stack spacing={2} divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
          {employee.educationDetails.map((record, index) => (
            <Facts
              key={record.id ?? index}
              rows={[
                ['degreeName', record.degreeName],
                ['institutionName', record.institutionName],
                ['level', record.level],
                ['graduationYear', String(record.graduationYear)],
                record.major.trim() ? ['major', record.major] : null,
              ]}
            />
          ))}
        </Stack>
      </Section>

      {employee.employmentDetails.length > 0 ? (
        <Section id={`${idPrefix}-employment`} titleKey="bh.admin.application.sections.employment">
          <Stack spacing={2} divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
            {employee.employmentDetails.map((record, index) => (
              <Facts
                key={record.id ?? index}
                rows={[
                  ['jobTitle', record.jobTitle],
                  ['organization', record.organization],
                  ['employmentType', record.employmentType],
                  ['startDate', formatCalendarDate(record.startDate)],
                  [
                    'endDate',
                    record.isCurrentJob || !record.endDate
                      ? translate('bh.admin.application.present')
                      : formatCalendarDate(record.endDate),
                  ],
                ]}
              />
            ))}
          </Stack>
        </Section>
      ) : null}

      <Section id={`${idPrefix}-bank`} titleKey="bh.admin.application.sections.bank">
        <Facts
          rows={[
            ['accountHolder', bank.accountHolder],
            ['bankName', bank.bankName],
            ['branchName', bank.branchName],
            ['accountNumber', masked(bank.accountNumber)],
            ['ifsc', bank.ifsc],
            bank.upi.trim() ? ['upi', bank.upi] : null,
          ]}
        />
      </Section>

      <Section id={`${idPrefix}-salary`} titleKey="bh.admin.application.sections.salary">
        {slips.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('bh.admin.application.noSalarySlip')}
          </Typography>
        ) : (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {slips.map((slip, index) => (
              <DocumentLink
                key={slip}
                url={slip}
                label={
                  slips.length === 1
                    ? translate('bh.admin.application.salarySlip')
                    : translate('bh.admin.application.salarySlipN', { n: index + 1 })
                }
              />
            ))}
          </Stack>
        )}
      </Section>

      {resume ? (
        <Section id={`${idPrefix}-resume`} titleKey="bh.admin.application.sections.resume">
          <DocumentLink url={resume} label={translate('bh.admin.application.viewResume')} />
        </Section>
      ) : null}
    </Stack>
  );
}
