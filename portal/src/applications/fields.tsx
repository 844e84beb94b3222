import type { ReactNode } from 'react';
import { get, useController, useFormContext, type FieldPath, type RegisterOptions } from 'react-hook-form';
import { Box, Checkbox, FormControlLabel, Paper, TextField, Typography, type TextFieldProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { muiField } from '../components/muiField.ts';
import type { ApplicationDraft } from './formModel.ts';

export type DraftPath = FieldPath<ApplicationDraft>;

/** The first error message of a field, translated (schema messages are already the product's texts). */
export function useFieldError(name: DraftPath): string | undefined {
  const translate = useTranslate();
  const {
    formState: { errors },
  } = useFormContext<ApplicationDraft>();
  const error: unknown = get(errors, name);
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message) {
    return translate(error.message, { _: error.message });
  }
  return undefined;
}

type FormTextProps = Omit<TextFieldProps, 'name' | 'label' | 'error'> & {
  name: DraftPath;
  labelKey: string;
  options?: RegisterOptions<ApplicationDraft, DraftPath>;
};

/** A text input of the application form, registered by its path in the shared schema. */
export function FormText({ name, labelKey, options, helperText, ...rest }: FormTextProps) {
  const translate = useTranslate();
  const { register } = useFormContext<ApplicationDraft>();
  const error = useFieldError(name);
  return (
    <TextField
      {...muiField(register(name, options))}
      id={name}
      label={translate(labelKey)}
      fullWidth
      size="small"
      error={!!error}
      helperText={error ?? helperText ?? ' '}
      {...rest}
    />
  );
}

/** A native select: light, keyboard friendly, and the same on every phone. */
export function FormSelect({
  name,
  labelKey,
  choices,
  required,
  disabled,
}: {
  name: DraftPath;
  labelKey: string;
  choices: readonly { value: string; label: string }[];
  required?: boolean;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const { register } = useFormContext<ApplicationDraft>();
  const error = useFieldError(name);
  return (
    <TextField
      {...muiField(register(name))}
      id={name}
      select
      label={translate(labelKey)}
      required={required ?? false}
      disabled={disabled ?? false}
      fullWidth
      size="small"
      error={!!error}
      helperText={error ?? ' '}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{translate('bh.application.select')}</option>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </TextField>
  );
}

/** A tick box holding a boolean (MUI's checkbox is controlled, so it goes through a controller). */
export function FormCheckbox({ name, labelKey }: { name: DraftPath; labelKey: string }) {
  const translate = useTranslate();
  const { control } = useFormContext<ApplicationDraft>();
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      control={
        <Checkbox
          name={field.name}
          checked={field.value === true}
          onChange={(_event, checked) => field.onChange(checked)}
          onBlur={field.onBlur}
        />
      }
      label={translate(labelKey)}
    />
  );
}

/** Choices whose stored value is also their label. */
export function plainChoices(values: readonly string[]): { value: string; label: string }[] {
  return values.map((value) => ({ value, label: value }));
}

/** One titled section of the form. */
export function Section({ id, titleKey, hintKey, children }: { id: string; titleKey: string; hintKey?: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: hintKey ? 0.5 : 2 }}>
        {translate(titleKey)}
      </Typography>
      {hintKey ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(hintKey)}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}

/**
 * The fields of a section side by side, as many as fit fields at least 18 rem wide: the columns
 * follow the room the form has, not the window's width, so at 200 % zoom (the sidebar still open)
 * or with wider text spacing no field is left too narrow for its label.
 */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))' }}>{children}</Box>;
}

/** A field across the whole row of a FieldGrid (an address, a tick box). */
export function Wide({ children }: { children: ReactNode }) {
  return <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>;
}
