import type { ReactNode } from 'react';
import { Button, CircularProgress, Stack, TextField, type ButtonProps, type TextFieldProps } from '@mui/material';
import { get, type FieldErrors, type FieldValues, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { muiField } from './muiField.ts';

/** The message react-hook-form holds for a field (nested names too: `paymentLinks.x.single`). */
export function messageAt<T extends FieldValues>(errors: FieldErrors<T>, name: string): string | undefined {
  const error: unknown = get(errors, name);
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message !== ''
    ? error.message
    : undefined;
}

type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'onChange' | 'onBlur' | 'inputRef' | 'error' | 'helperText'> & {
  /** What `register(name)` returned. */
  registration: UseFormRegisterReturn;
  /** The field's problem: a shared schema's text or an i18n key, shown translated instead of `hint`. */
  error: string | undefined;
  /** The line under the field while it has no problem (a blank line keeps the form from jumping). */
  hint?: string;
};

/** A MUI text field registered with react-hook-form, its problem (else its hint) under it. */
export function FormTextField({ registration, error, hint = ' ', ...props }: FormTextFieldProps) {
  const translate = useTranslate();
  return <TextField {...muiField(registration)} {...props} error={!!error} helperText={error ? translate(error, { _: error }) : hint} />;
}

/** A form's submit button: disabled with a spinner in place of its icon while the form is sent. */
export function SubmitButton({ busy, icon = null, children, ...props }: { busy: boolean; icon?: ReactNode; children: ReactNode } & Omit<ButtonProps, 'type' | 'disabled' | 'startIcon'>) {
  return (
    <Button type="submit" variant="contained" {...props} disabled={busy} startIcon={busy ? <CircularProgress size={props.size === 'large' ? 18 : 16} color="inherit" /> : icon}>
      {children}
    </Button>
  );
}

/** Submit and 'Clear Form' side by side, both held while the form is sent. */
export function SubmitAndClear({ busy, icon, submitKey, submittingKey, onClear }: { busy: boolean; icon: ReactNode; submitKey: string; submittingKey: string; onClear: () => void }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1}>
      <SubmitButton busy={busy} icon={icon}>
        {translate(busy ? submittingKey : submitKey)}
      </SubmitButton>
      <Button variant="text" onClick={onClear} disabled={busy}>
        {translate('bh.admin.common.clearForm')}
      </Button>
    </Stack>
  );
}
