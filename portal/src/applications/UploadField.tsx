import { createContext, useCallback, useContext, useId, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Box, Button, FormHelperText, IconButton, LinearProgress, Link, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/CloudUpload';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useNotify, useTranslate } from 'react-admin';
import {
  checkUploadCandidate,
  FILE_NAME_DISPLAY_LENGTH,
  MAX_SALARY_SLIPS,
  truncate,
  UPLOAD_ACCEPT,
  type UploadField as UploadFieldKind,
  type UploadResponse,
} from '@bh/shared';
import { ApiError } from '../providers/http.ts';
import { usePortalDataProvider } from '../providers/hooks.ts';
import type { ApplicationDraft } from './formModel.ts';
import { useFieldError, type DraftPath } from './fields.tsx';

interface UploadingState {
  /** True while any file of the form is uploading: every upload input and Submit wait (spec §2.7). */
  busy: boolean;
  track: <T>(work: Promise<T>) => Promise<T>;
}

const UploadingContext = createContext<UploadingState>({ busy: false, track: (work) => work });

export function UploadingProvider({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0);
  const track = useCallback(<T,>(work: Promise<T>) => {
    setCount((n) => n + 1);
    return work.finally(() => setCount((n) => n - 1));
  }, []);
  const value = useMemo(() => ({ busy: count > 0, track }), [count, track]);
  return <UploadingContext.Provider value={value}>{children}</UploadingContext.Provider>;
}

export function useUploading(): UploadingState {
  return useContext(UploadingContext);
}

/**
 * Checks a chosen file the way the API will (size, kind, name length), uploads it with a
 * percentage, and tells the user how it went with the messages of spec §8.
 */
function useUploader(kind: UploadFieldKind) {
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const { track } = useUploading();
  const [progress, setProgress] = useState<number | null>(null);

  const upload = useCallback(
    async (file: File): Promise<{ result: UploadResponse } | { refusal: string }> => {
      const refusal = checkUploadCandidate({ name: file.name, size: file.size, type: file.type }, kind);
      if (refusal) {
        notify(refusal, { type: 'error' });
        return { refusal };
      }
      setProgress(0);
      try {
        const result = await track(dataProvider.uploadFile(file, kind, { onProgress: setProgress }));
        notify(result.message || 'bh.application.upload.uploaded', { type: 'success' });
        return { result };
      } catch (error) {
        // The API's own refusals (size, kind, name) are the spec's texts; anything else is generic.
        const message =
          error instanceof ApiError && error.failure === 'http' && error.status !== 401 && error.serverMessage
            ? error.serverMessage
            : 'bh.application.upload.failed';
        notify(message, { type: 'error' });
        return { refusal: message };
      } finally {
        setProgress(null);
      }
    },
    [dataProvider, kind, notify, track],
  );
  return { upload, progress };
}

function Progress({ value }: { value: number }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 1 }}>
      <LinearProgress variant="determinate" value={value} aria-label={translate('bh.application.upload.uploading', { percent: value })} />
      <Typography variant="caption" color="text.secondary">
        {translate('bh.application.upload.uploading', { percent: value })}
      </Typography>
    </Box>
  );
}

/**
 * The visible 'Choose file' button of an upload. Its accessible name is its own text followed by the
 * field's visible label ('Choose file Resume (PDF) *'), so six of them are told apart; in error it
 * is marked invalid and described by the line under the field. (A name written out rather than
 * pointed at: the hidden file input keeps the label alone as its own name.)
 */
function ChooseButton({
  kind,
  labelKey,
  required,
  describedBy,
  invalid,
  replace,
  disabled,
  onFile,
}: {
  kind: UploadFieldKind;
  labelKey: string;
  required: boolean;
  describedBy: string | undefined;
  invalid: boolean;
  replace: boolean;
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  const translate = useTranslate();
  const inputId = useId();
  const text = translate(replace ? 'bh.application.upload.replace' : 'bh.application.upload.choose');
  const inputRef = useRef<HTMLInputElement | null>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again (after a failure) fires another change.
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={UPLOAD_ACCEPT[kind]}
        aria-label={translate(labelKey)}
        disabled={disabled}
        onChange={onChange}
        style={{ display: 'none' }}
      />
      <Button
        variant="outlined"
        size="small"
        startIcon={<UploadIcon />}
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
        aria-label={`${text} ${translate(labelKey)}${required ? ' *' : ''}`}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        data-upload-field=""
      >
        {text}
      </Button>
    </>
  );
}

/** The ids that tie an upload's status and problem to its button. */
function useUploadIds() {
  const base = useId();
  return { status: `${base}-status`, help: `${base}-help` };
}

/** A required or optional single file: the form holds the uploaded file's link. */
export function UploadField({
  name,
  kind,
  labelKey,
  required,
}: {
  name: DraftPath;
  kind: UploadFieldKind;
  labelKey: string;
  required?: boolean;
}) {
  const translate = useTranslate();
  const { control, setValue } = useFormContext<ApplicationDraft>();
  const value = useWatch({ control, name });
  const link = typeof value === 'string' ? value : '';
  const { busy } = useUploading();
  const { upload, progress } = useUploader(kind);
  const [fileName, setFileName] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const schemaError = useFieldError(name);
  const error = refusal ? translate(refusal, { _: refusal }) : schemaError;
  const ids = useUploadIds();

  const onFile = async (file: File) => {
    setRefusal(null);
    const outcome = await upload(file);
    if ('result' in outcome) {
      setFileName(outcome.result.name);
      setValue(name, outcome.result.secure_url, { shouldValidate: true, shouldDirty: true });
    } else {
      setRefusal(outcome.refusal);
    }
  };

  return (
    <Box data-invalid={error ? 'true' : undefined} data-field={name}>
      <Typography variant="body2" sx={{ fontWeight: 500, mb: 0.5 }}>
        {translate(labelKey)}
        {required ? ' *' : ''}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <ChooseButton
          kind={kind}
          labelKey={labelKey}
          required={required === true}
          describedBy={error ? `${ids.help} ${ids.status}` : ids.status}
          invalid={!!error}
          replace={link !== ''}
          disabled={busy}
          onFile={(file) => void onFile(file)}
        />
        {link ? (
          <Link id={ids.status} href={link} target="_blank" rel="noopener noreferrer" variant="body2" title={fileName || undefined} sx={{ overflowWrap: 'anywhere' }}>
            {fileName ? truncate(fileName, FILE_NAME_DISPLAY_LENGTH) : translate('bh.application.upload.view')}
          </Link>
        ) : (
          <Typography id={ids.status} variant="body2" color="text.secondary">
            {translate('bh.application.upload.none')}
          </Typography>
        )}
      </Stack>
      {progress !== null ? <Progress value={progress} /> : null}
      <FormHelperText id={ids.help} error={!!error}>{error ?? ' '}</FormHelperText>
    </Box>
  );
}

/** Optional salary slips of the last 3-6 months: up to six files, each removable. */
export function SalarySlipsField() {
  const translate = useTranslate();
  const { control, setValue, getValues } = useFormContext<ApplicationDraft>();
  const value = useWatch({ control, name: 'salarySlip' });
  const links = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
  const { busy } = useUploading();
  const { upload, progress } = useUploader('salarySlip');
  const [names, setNames] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const schemaError = useFieldError('salarySlip');
  const error = refusal ? translate(refusal, { _: refusal }) : schemaError;
  const ids = useUploadIds();

  const current = (): string[] => {
    const now = getValues('salarySlip');
    return Array.isArray(now) ? now : typeof now === 'string' && now ? [now] : [];
  };

  const onFile = async (file: File) => {
    setRefusal(null);
    const outcome = await upload(file);
    if ('result' in outcome) {
      const { secure_url: url, name } = outcome.result;
      setNames((n) => ({ ...n, [url]: name }));
      setValue('salarySlip', [...current(), url], { shouldValidate: true, shouldDirty: true });
    } else {
      setRefusal(outcome.refusal);
    }
  };

  return (
    <Box data-invalid={error ? 'true' : undefined} data-field="salarySlip">
      <Typography variant="body2" sx={{ fontWeight: 500, mb: 0.5 }}>
        {translate('bh.application.fields.salarySlip')}
      </Typography>
      <Stack spacing={0.5} sx={{ mb: 1 }}>
        {links.map((link) => (
          <Stack key={link} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Link href={link} target="_blank" rel="noopener noreferrer" variant="body2">
              {names[link] ? truncate(names[link], FILE_NAME_DISPLAY_LENGTH) : translate('bh.application.upload.view')}
            </Link>
            <IconButton
              size="small"
              aria-label={translate('bh.application.remove')}
              disabled={busy}
              onClick={() => setValue('salarySlip', current().filter((l) => l !== link), { shouldValidate: true })}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      {links.length < MAX_SALARY_SLIPS ? (
        <ChooseButton
          kind="salarySlip"
          labelKey="bh.application.fields.salarySlip"
          required={false}
          describedBy={error ? ids.help : undefined}
          invalid={!!error}
          replace={false}
          disabled={busy}
          onFile={(file) => void onFile(file)}
        />
      ) : null}
      {progress !== null ? <Progress value={progress} /> : null}
      <FormHelperText id={ids.help} error={!!error}>{error ?? ' '}</FormHelperText>
    </Box>
  );
}
