import { useMemo } from 'react';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { Box, Button, CircularProgress, Stack } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useNotify, useTranslate } from 'react-admin';
import {
  createApplicationFormSchema,
  istDateString,
  toApplicationRequest,
  type ApplicationFormValues,
} from '@bh/shared';
import { schemaResolver } from '../components/schemaResolver.ts';
import { ApiError } from '../providers/http.ts';
import { usePortalDataProvider } from '../providers/hooks.ts';
import { emptyApplication, errorMessages, type ApplicationDraft } from './formModel.ts';
import { BankSection, ConsentSection, DocumentSection, EducationSection, EmploymentSection, PersonalSection, SalarySection } from './formSections.tsx';
import { UploadingProvider, useUploading } from './UploadField.tsx';

/** At most this many messages are listed in the failed-validation toast (spec §9). */
export const LISTED_ERRORS = 3;
/** The page scrolls to the first error this long after the toast (spec §9). */
export const SCROLL_TO_ERROR_DELAY_MS = 100;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** 'Please fix the following errors: a, b, c and N more error(s)' (spec §5). */
export function fixErrorsToast(messages: readonly string[], translate: Translate): string {
  const listed = messages.slice(0, LISTED_ERRORS).map((m) => translate(m, { _: m }));
  const more = messages.length - listed.length;
  return more > 0
    ? translate('bh.application.fixErrorsMore', { errors: listed.join(', '), count: more })
    : translate('bh.application.fixErrors', { errors: listed.join(', ') });
}

/** The submission's failure toast in the formats of spec §8. */
export function submissionFailureToast(error: unknown, translate: Translate): string {
  if (!(error instanceof ApiError) || error.failure !== 'http' || !error.body) return translate('bh.application.noResponse');
  const details = error.body.errors ?? [];
  const first = details[0];
  if (first) {
    const more = details.length - 1;
    const text = translate(first.message, { _: first.message });
    return more > 0
      ? translate('bh.application.serverErrorsMore', { first: text, count: more })
      : translate('bh.application.serverErrors', { first: text });
  }
  return error.body.message || translate('bh.application.submitFailed');
}

/** A field's focusable control: the marked element itself, or the first control inside it. */
const CONTROL = 'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled])';

/**
 * Scrolls to the first field in error and puts the focus on it: a text field, a select, a tick box
 * or an upload's button (each marks itself aria-invalid), so a keyboard or screen-reader user lands
 * on the problem and hears its message (the field's description).
 */
export function scrollToFirstError(): void {
  const first = document.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
  if (!first) return;
  first.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  const control = first.matches(CONTROL) ? first : (first.querySelector<HTMLElement>('[aria-invalid="true"]') ?? first.querySelector<HTMLElement>(CONTROL));
  control?.focus({ preventScroll: true });
}

/**
 * The verification application of spec §2.7 on the shared schema. Submitting refetches the
 * verification status whatever the outcome (spec §4), which moves the page on to 'pending'.
 */
export function ApplicationForm({ onSubmitted, initial }: { onSubmitted: () => Promise<void>; initial?: ApplicationDraft | undefined }) {
  return (
    <UploadingProvider>
      <Form onSubmitted={onSubmitted} initial={initial} />
    </UploadingProvider>
  );
}

function Form({ onSubmitted, initial }: { onSubmitted: () => Promise<void>; initial: ApplicationDraft | undefined }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const { busy: uploading } = useUploading();
  const schema = useMemo(() => createApplicationFormSchema(), []);
  const methods = useForm<ApplicationDraft, unknown, ApplicationFormValues>({
    resolver: schemaResolver(schema),
    defaultValues: initial ?? emptyApplication(),
    // The page scrolls to the first error itself, after the toast.
    shouldFocusError: false,
  });
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = methods;
  const today = istDateString(new Date());
  const currentYear = Number(today.slice(0, 4));

  const onValid = async (values: ApplicationFormValues) => {
    try {
      const res = await dataProvider.submitApplication(toApplicationRequest(values));
      notify(res.message || 'bh.application.submitted', { type: 'success' });
    } catch (error) {
      notify(submissionFailureToast(error, translate), { type: 'error', multiLine: true });
    } finally {
      await onSubmitted();
    }
  };

  const onInvalid = (errors: FieldErrors<ApplicationDraft>) => {
    notify(fixErrorsToast(errorMessages(errors), translate), { type: 'error', multiLine: true, autoHideDuration: 8000 });
    setTimeout(scrollToFirstError, SCROLL_TO_ERROR_DELAY_MS);
  };

  return (
    <FormProvider {...methods}>
      <Box component="form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <Stack spacing={2}>
          <PersonalSection today={today} />
          <DocumentSection index={0} />
          <DocumentSection index={1} />
          <EmploymentSection today={today} />
          <SalarySection />
          <EducationSection currentYear={currentYear} />
          <BankSection />
          <ConsentSection />
          <Box>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={uploading || isSubmitting}
              startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : <SendIcon />}
            >
              {translate(isSubmitting ? 'bh.application.submitting' : 'bh.application.submit')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </FormProvider>
  );
}
