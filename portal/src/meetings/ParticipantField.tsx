import type { KeyboardEvent } from 'react';
import { Button, CircularProgress, InputAdornment, Stack, TextField, Tooltip } from '@mui/material';
import { FIELD_ROW } from './fieldRow.ts';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslate } from 'react-admin';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormTextField } from '../components/FormFields.tsx';

export type ParticipantStatus = 'unverified' | 'verifying' | 'verified';

/**
 * One participant of a meeting (spec §2.16): the email with its Verify button, a spinner while it
 * is checked and a check mark once it is, and the read-only name the check fills in.
 */
export function ParticipantField({
  id,
  emailLabelKey,
  nameLabelKey,
  registration,
  name,
  status,
  error,
  onVerify,
}: {
  id: string;
  emailLabelKey: string;
  nameLabelKey: string;
  registration: UseFormRegisterReturn;
  name: string;
  status: ParticipantStatus;
  error: string | undefined;
  onVerify: () => void;
}) {
  const translate = useTranslate();
  const verifiedLabel = translate('bh.admin.meeting.verified');
  // Enter in an email box checks that email instead of submitting the whole form.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (status === 'unverified') onVerify();
    }
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={FIELD_ROW}>
      <FormTextField
        registration={registration}
        id={`${id}-email`}
        type="email"
        label={translate(emailLabelKey)}
        required
        size="small"
        fullWidth
        autoComplete="off"
        onKeyDown={onKeyDown}
        error={error}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                {status === 'verifying' ? (
                  <CircularProgress size={18} aria-label={translate('bh.admin.meeting.verifying')} />
                ) : status === 'verified' ? (
                  <Tooltip title={verifiedLabel}>
                    <CheckCircleIcon color="success" titleAccess={verifiedLabel} />
                  </Tooltip>
                ) : null}
              </InputAdornment>
            ),
          },
        }}
      />
      <Button
        variant="outlined"
        onClick={onVerify}
        disabled={status !== 'unverified'}
        aria-label={`${translate('bh.admin.meeting.verify')} ${translate(emailLabelKey)}`}
        sx={{ flexShrink: 0, minWidth: 96, height: 40 }}
      >
        {translate(status === 'verifying' ? 'bh.admin.meeting.verifying' : status === 'verified' ? 'bh.admin.meeting.verified' : 'bh.admin.meeting.verify')}
      </Button>
      <TextField
        id={`${id}-name`}
        label={translate(nameLabelKey)}
        value={name}
        placeholder={translate('bh.admin.meeting.namePending')}
        size="small"
        fullWidth
        helperText=" "
        slotProps={{ htmlInput: { readOnly: true, tabIndex: -1 }, inputLabel: { shrink: true } }}
      />
    </Stack>
  );
}
