import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import { useNotify, useTranslate } from 'react-admin';
import { REJECTION_REASON_MAX, rejectRequest, type RejectRequest } from '@bh/shared';
import { usePortalDataProvider } from '../providers/hooks.ts';
import { failureText } from '../components/errors.ts';
import { muiField } from '../components/muiField.ts';

/** After a decision every list and detail built on the old status is stale. */
function useInvalidateReviews() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['admin'] });
}

/**
 * Verify, as the demo's AcceptButton: one mutation, a toast with an i18n key, then back to the
 * list (spec §4: "After admin verify succeeds, the view returns to the list").
 */
export function VerifyButton({ userId, disabled, onDone }: { userId: string; disabled: boolean; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const invalidate = useInvalidateReviews();
  const verify = useMutation({
    mutationFn: () => dataProvider.verifyAssociate(userId),
    onSuccess: async () => {
      notify('bh.admin.verification.verified', { type: 'success' });
      onDone();
      await invalidate();
    },
    onError: (error) => notify(failureText(error, { fallback: translate('bh.admin.verification.verifyFailed') }), { type: 'error' }),
  });
  return (
    <Button
      variant="contained"
      color="success"
      onClick={() => verify.mutate()}
      disabled={disabled || verify.isPending}
      startIcon={verify.isPending ? <CircularProgress size={16} color="inherit" /> : <ThumbUpIcon />}
    >
      {translate('bh.admin.verification.verify')}
    </Button>
  );
}

/** Reject, which needs a reason the applicant will read (shared rejectRequest rules). */
export function RejectButton({
  userId,
  applicantName,
  disabled,
  onDone,
}: {
  userId: string;
  applicantName: string;
  disabled: boolean;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const invalidate = useInvalidateReviews();
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    watch,
    formState: { errors },
  } = useForm<RejectRequest, unknown, RejectRequest>({
    defaultValues: { reason: '' },
    resolver: zodResolver(rejectRequest),
    // The message shows on confirm and goes as soon as the reason is edited; focus stays put.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const reason = watch('reason');
  const error = errors.reason?.message ?? null;

  const reject = useMutation({
    mutationFn: (body: { reason: string }) => dataProvider.rejectAssociate(userId, body),
    onSuccess: async () => {
      notify('bh.admin.verification.rejected', { type: 'success' });
      setOpen(false);
      onDone();
      await invalidate();
    },
    onError: (failure) => notify(failureText(failure, { fallback: translate('bh.admin.verification.rejectFailed') }), { type: 'error' }),
  });

  const confirm = handleSubmit((values) => reject.mutate(values));

  const close = () => {
    if (!reject.isPending) setOpen(false);
  };

  return (
    <>
      <Button
        variant="outlined"
        color="error"
        onClick={() => {
          reset({ reason: '' });
          setOpen(true);
        }}
        disabled={disabled}
        startIcon={<ThumbDownIcon />}
      >
        {translate('bh.admin.verification.reject')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="reject-title">
        <DialogTitle id="reject-title">{translate('bh.admin.verification.rejectTitle', { name: applicantName })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('bh.admin.verification.rejectHint')}</DialogContentText>
          <TextField
            id="reject-reason"
            label={translate('bh.admin.verification.rejectReason')}
            {...muiField(register('reason', { onChange: () => clearErrors('reason') }))}
            required
            fullWidth
            multiline
            minRows={3}
            autoFocus
            error={!!error}
            helperText={error ?? `${reason.length} / ${REJECTION_REASON_MAX}`}
            slotProps={{ htmlInput: { maxLength: REJECTION_REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={reject.isPending}>
            {translate('bh.admin.common.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={(event) => void confirm(event)}
            disabled={reject.isPending}
            startIcon={reject.isPending ? <CircularProgress size={16} color="inherit" /> : <ThumbDownIcon />}
          >
            {translate('bh.admin.verification.rejectConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
