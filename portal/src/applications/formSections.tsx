import { useEffect, useRef, type FocusEvent } from 'react';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button, Checkbox, FormControlLabel, FormHelperText, IconButton, List, ListItem, Paper, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslate } from 'react-admin';
import {
  BLOOD_GROUPS,
  COUNTRIES,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  EDUCATION_LEVELS,
  EMPLOYMENT_TYPES,
  GENDERS,
  GRADUATION_YEAR_MIN,
  isMasked,
  MAX_RECORDS,
  PRIVACY_MESSAGES,
} from '@bh/shared';
import { emptyEducation, emptyEmployment, type ApplicationDraft } from './formModel.ts';
import { FieldGrid, FormCheckbox, FormSelect, FormText, plainChoices, Section, useFieldError, Wide, type DraftPath } from './fields.tsx';
import { SalarySlipsField, UploadField } from './UploadField.tsx';

const DOCUMENT_CHOICES = DOCUMENT_TYPES.map((value) => ({ value, label: DOCUMENT_TYPE_LABELS[value] }));
const dateSlot = (max: string) => ({ htmlInput: { max }, inputLabel: { shrink: true } });

/** Personal details, address (with 'same as current'), contacts, LinkedIn, blood group and resume. */
export function PersonalSection({ today }: { today: string }) {
  const translate = useTranslate();
  const { control, setValue, clearErrors } = useFormContext<ApplicationDraft>();
  const sameAsCurrent = useWatch({ control, name: 'personalInfo.sameAsCurrent' });
  const currentAddress = useWatch({ control, name: 'personalInfo.currentAddress' });

  // While ticked, the permanent address follows the current one as it is typed.
  useEffect(() => {
    if (sameAsCurrent) {
      setValue('personalInfo.permanentAddress', currentAddress ?? '');
      clearErrors('personalInfo.permanentAddress');
    }
  }, [sameAsCurrent, currentAddress, setValue, clearErrors]);

  return (
    <Section id="section-personal" titleKey="bh.application.sections.personal">
      <FieldGrid>
        <div>
          <FormText name="personalInfo.firstName" labelKey="bh.application.fields.firstName" required autoComplete="given-name" />
        </div>
        <div>
          <FormText name="personalInfo.middleName" labelKey="bh.application.fields.middleName" autoComplete="additional-name" />
        </div>
        <div>
          <FormText name="personalInfo.lastName" labelKey="bh.application.fields.lastName" required autoComplete="family-name" />
        </div>
        <div>
          <FormText name="personalInfo.dob" labelKey="bh.application.fields.dob" type="date" required slotProps={dateSlot(today)} />
        </div>
        <div>
          <FormSelect name="personalInfo.gender" labelKey="bh.application.fields.gender" choices={plainChoices(GENDERS)} required />
        </div>
        <div>
          <FormSelect name="personalInfo.bloodGroup" labelKey="bh.application.fields.bloodGroup" choices={plainChoices(BLOOD_GROUPS)} required />
        </div>
      </FieldGrid>

      <Typography variant="subtitle2" sx={{ mt: 1, mb: 1.5 }}>
        {translate('bh.application.sections.address')}
      </Typography>
      <FieldGrid>
        <Wide>
          <FormText name="personalInfo.currentAddress" labelKey="bh.application.fields.currentAddress" required multiline minRows={2} autoComplete="street-address" />
        </Wide>
        <Wide>
          <FormCheckbox name="personalInfo.sameAsCurrent" labelKey="bh.application.fields.sameAsCurrent" />
        </Wide>
        <Wide>
          <FormText
            name="personalInfo.permanentAddress"
            labelKey="bh.application.fields.permanentAddress"
            required={sameAsCurrent !== true}
            multiline
            minRows={2}
            disabled={sameAsCurrent === true}
          />
        </Wide>
        <div>
          <FormText name="personalInfo.city" labelKey="bh.application.fields.city" required autoComplete="address-level2" />
        </div>
        <div>
          <FormText name="personalInfo.state" labelKey="bh.application.fields.state" required autoComplete="address-level1" />
        </div>
        <div>
          <FormText name="personalInfo.postalCode" labelKey="bh.application.fields.postalCode" required autoComplete="postal-code" />
        </div>
        <div>
          <FormSelect name="personalInfo.country" labelKey="bh.application.fields.country" choices={plainChoices(COUNTRIES)} required />
        </div>
      </FieldGrid>

      <Typography variant="subtitle2" sx={{ mt: 1, mb: 1.5 }}>
        {translate('bh.application.sections.contact')}
      </Typography>
      <FieldGrid>
        <div>
          <FormText name="personalInfo.email" labelKey="bh.application.fields.email" type="email" required autoComplete="email" />
        </div>
        <div>
          <FormText name="personalInfo.phone" labelKey="bh.application.fields.phone" type="tel" required autoComplete="tel" />
        </div>
        <div>
          <FormText name="personalInfo.linkedin" labelKey="bh.application.fields.linkedin" type="url" />
        </div>
      </FieldGrid>

      <Typography variant="subtitle2" sx={{ mt: 1, mb: 1.5 }}>
        {translate('bh.application.sections.emergency')}
      </Typography>
      <FieldGrid>
        <div>
          <FormText name="personalInfo.emergencyContact.name" labelKey="bh.application.fields.emergencyName" required />
        </div>
        <div>
          <FormText name="personalInfo.emergencyContact.relationship" labelKey="bh.application.fields.emergencyRelationship" required />
        </div>
        <div>
          <FormText name="personalInfo.emergencyContact.phone" labelKey="bh.application.fields.emergencyPhone" type="tel" required />
        </div>
      </FieldGrid>

      <UploadField name="personalInfo.resumeUrl" kind="resume" labelKey="bh.application.fields.resume" required />
    </Section>
  );
}

/**
 * An identity or account number. After a rejection it comes back masked ('••••9012'): left so, the
 * number on file is kept; focusing it selects the mask, so typing replaces it whole.
 */
function NumberField({ name, labelKey, numeric }: { name: DraftPath; labelKey: string; numeric?: boolean }) {
  const translate = useTranslate();
  const { control } = useFormContext<ApplicationDraft>();
  const value = useWatch({ control, name });
  const kept = typeof value === 'string' && isMasked(value);
  const selectMask = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (isMasked(event.target.value)) event.target.select();
  };
  return (
    <FormText
      name={name}
      labelKey={labelKey}
      required
      autoComplete="off"
      onFocus={selectMask}
      helperText={kept ? translate('bh.application.keptNumber') : undefined}
      slotProps={numeric ? { htmlInput: { inputMode: 'numeric' } } : {}}
    />
  );
}

/** Legal Document 1 or 2: type, number, and both sides. */
export function DocumentSection({ index }: { index: 0 | 1 }) {
  const { control, getValues, setValue } = useFormContext<ApplicationDraft>();
  const documentType = useWatch({ control, name: `personalInfo.Doc.${index}.documentType` });
  const shownType = useRef(documentType);
  // A kept number belongs to the type it was sent with: another type needs its own number typed.
  useEffect(() => {
    if (documentType === shownType.current) return;
    shownType.current = documentType;
    if (isMasked(getValues(`personalInfo.Doc.${index}.documentId`))) setValue(`personalInfo.Doc.${index}.documentId`, '');
  }, [documentType, index, getValues, setValue]);

  return (
    <Section id={`section-document-${index + 1}`} titleKey={`bh.application.sections.document${index + 1}`}>
      <FieldGrid>
        <div>
          <FormSelect name={`personalInfo.Doc.${index}.documentType`} labelKey="bh.application.fields.documentType" choices={DOCUMENT_CHOICES} required />
        </div>
        <div>
          <NumberField name={`personalInfo.Doc.${index}.documentId`} labelKey="bh.application.fields.documentId" />
        </div>
        <div>
          <UploadField name={`personalInfo.Doc.${index}.frontImage`} kind="document" labelKey="bh.application.fields.frontImage" required />
        </div>
        <div>
          <UploadField name={`personalInfo.Doc.${index}.backImage`} kind="document" labelKey="bh.application.fields.backImage" required />
        </div>
      </FieldGrid>
    </Section>
  );
}

function RecordHeader({ titleKey, n, canRemove, onRemove }: { titleKey: string; n: number; canRemove: boolean; onRemove: () => void }) {
  const translate = useTranslate();
  const title = translate(titleKey, { n });
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
      <Typography variant="subtitle2">{title}</Typography>
      {canRemove ? (
        <Tooltip title={translate('bh.application.remove')}>
          <IconButton aria-label={`${translate('bh.application.remove')} ${title}`} onClick={onRemove} size="small">
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
    </Stack>
  );
}

function EmploymentRecord({ index, today, canRemove, onRemove }: { index: number; today: string; canRemove: boolean; onRemove: () => void }) {
  const { control, setValue, clearErrors } = useFormContext<ApplicationDraft>();
  const isCurrentJob = useWatch({ control, name: `employmentDetails.${index}.isCurrentJob` });

  // A current job has no end date: it is cleared and the field locked while ticked.
  useEffect(() => {
    if (isCurrentJob) {
      setValue(`employmentDetails.${index}.endDate`, '');
      clearErrors(`employmentDetails.${index}.endDate`);
    }
  }, [isCurrentJob, index, setValue, clearErrors]);

  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
      <RecordHeader titleKey="bh.application.employmentRecord" n={index + 1} canRemove={canRemove} onRemove={onRemove} />
      <FieldGrid>
        <div>
          <FormText name={`employmentDetails.${index}.organization`} labelKey="bh.application.fields.organization" required />
        </div>
        <div>
          <FormText name={`employmentDetails.${index}.jobTitle`} labelKey="bh.application.fields.jobTitle" required />
        </div>
        <div>
          <FormText name={`employmentDetails.${index}.startDate`} labelKey="bh.application.fields.startDate" type="date" required slotProps={dateSlot(today)} />
        </div>
        <div>
          <FormText
            name={`employmentDetails.${index}.endDate`}
            labelKey="bh.application.fields.endDate"
            type="date"
            required={isCurrentJob !== true}
            disabled={isCurrentJob === true}
            slotProps={dateSlot(today)}
          />
        </div>
        <div>
          <FormSelect name={`employmentDetails.${index}.employmentType`} labelKey="bh.application.fields.employmentType" choices={plainChoices(EMPLOYMENT_TYPES)} required />
        </div>
        <Wide>
          <FormCheckbox name={`employmentDetails.${index}.isCurrentJob`} labelKey="bh.application.fields.isCurrentJob" />
        </Wide>
      </FieldGrid>
    </Paper>
  );
}

/** Repeatable employment records: at least one, removable only while more than one remains. */
export function EmploymentSection({ today }: { today: string }) {
  const translate = useTranslate();
  const { control } = useFormContext<ApplicationDraft>();
  const { fields, append, remove } = useFieldArray({ control, name: 'employmentDetails' });
  return (
    <Section id="section-employment" titleKey="bh.application.sections.employment">
      <Stack spacing={2}>
        {fields.map((field, index) => (
          <EmploymentRecord key={field.id} index={index} today={today} canRemove={fields.length > 1} onRemove={() => remove(index)} />
        ))}
      </Stack>
      {fields.length < MAX_RECORDS ? (
        <Button startIcon={<AddIcon />} onClick={() => append(emptyEmployment())} sx={{ mt: 2 }}>
          {translate('bh.application.addEmployment')}
        </Button>
      ) : null}
    </Section>
  );
}

/** Optional salary slips. */
export function SalarySection() {
  return (
    <Section id="section-salary" titleKey="bh.application.sections.salary" hintKey="bh.application.sections.salaryHint">
      <SalarySlipsField />
    </Section>
  );
}

/** Repeatable education records, same rules as employment. */
export function EducationSection({ currentYear }: { currentYear: number }) {
  const translate = useTranslate();
  const { control } = useFormContext<ApplicationDraft>();
  const { fields, append, remove } = useFieldArray({ control, name: 'educationDetails' });
  return (
    <Section id="section-education" titleKey="bh.application.sections.education">
      <Stack spacing={2}>
        {fields.map((field, index) => (
          <Paper key={field.id} variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
            <RecordHeader titleKey="bh.application.educationRecord" n={index + 1} canRemove={fields.length > 1} onRemove={() => remove(index)} />
            <FieldGrid>
              <div>
                <FormSelect name={`educationDetails.${index}.level`} labelKey="bh.application.fields.level" choices={plainChoices(EDUCATION_LEVELS)} required />
              </div>
              <div>
                <FormText name={`educationDetails.${index}.degreeName`} labelKey="bh.application.fields.degreeName" required />
              </div>
              <div>
                <FormText name={`educationDetails.${index}.institutionName`} labelKey="bh.application.fields.institutionName" required />
              </div>
              <div>
                <FormText
                  name={`educationDetails.${index}.graduationYear`}
                  labelKey="bh.application.fields.graduationYear"
                  type="number"
                  required
                  slotProps={{ htmlInput: { min: GRADUATION_YEAR_MIN, max: currentYear, step: 1, inputMode: 'numeric' } }}
                />
              </div>
              <div>
                <FormText name={`educationDetails.${index}.major`} labelKey="bh.application.fields.major" />
              </div>
            </FieldGrid>
          </Paper>
        ))}
      </Stack>
      {fields.length < MAX_RECORDS ? (
        <Button startIcon={<AddIcon />} onClick={() => append(emptyEducation())} sx={{ mt: 2 }}>
          {translate('bh.application.addEducation')}
        </Button>
      ) : null}
    </Section>
  );
}

/** Where payouts go. The account number is only ever shown back masked. */
export function BankSection() {
  return (
    <Section id="section-bank" titleKey="bh.application.sections.bank">
      <FieldGrid>
        <div>
          <FormText name="bankAccount.accountHolder" labelKey="bh.application.fields.accountHolder" required />
        </div>
        <div>
          <FormText name="bankAccount.bankName" labelKey="bh.application.fields.bankName" required />
        </div>
        <div>
          <FormText name="bankAccount.branchName" labelKey="bh.application.fields.branchName" required />
        </div>
        <div>
          <NumberField name="bankAccount.accountNumber" labelKey="bh.application.fields.accountNumber" numeric />
        </div>
        <div>
          <FormText name="bankAccount.ifsc" labelKey="bh.application.fields.ifsc" required autoComplete="off" />
        </div>
        <div>
          <FormText name="bankAccount.upi" labelKey="bh.application.fields.upi" required autoComplete="off" />
        </div>
      </FieldGrid>
    </Section>
  );
}

/**
 * The applicant's consent to verify the documents (DPDP s. 6; issue 19): what verifying means,
 * item by item, and a tick box that starts unticked. The schema refuses the form without it.
 */
export function ConsentSection() {
  const translate = useTranslate();
  const { control } = useFormContext<ApplicationDraft>();
  const { field } = useController({ control, name: 'verificationConsent' });
  const error = useFieldError('verificationConsent');
  return (
    <Section id="section-consent" titleKey="bh.application.consentTitle">
      <List dense disablePadding sx={{ listStyle: 'disc', pl: 3, mb: 1 }}>
        {PRIVACY_MESSAGES.applicationConsentItems.map((item) => (
          <ListItem key={item} disableGutters sx={{ display: 'list-item' }}>
            <Typography variant="body2">{item}</Typography>
          </ListItem>
        ))}
      </List>
      <FormControlLabel
        data-invalid={error ? 'true' : undefined}
        control={
          <Checkbox
            id="verificationConsent"
            name={field.name}
            checked={field.value === true}
            onChange={(_event, checked) => field.onChange(checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? 'verificationConsent-error' : undefined } }}
          />
        }
        label={translate('bh.application.consent')}
        required
      />
      {error ? (
        <FormHelperText id="verificationConsent-error" error>
          {error}
        </FormHelperText>
      ) : null}
    </Section>
  );
}
