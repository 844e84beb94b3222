import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { FIELD_ROW } from './fieldRow.ts';
import EventIcon from '@mui/icons-material/Event';
import { Loading, useNotify, useTranslate } from 'react-admin';
import {
  createMeetingForm,
  formatTimeInput,
  istDateString,
  MEETING_MESSAGES,
  sameParticipantEmail,
  TIME_INPUT_MAX_LENGTH,
  toCreateMeetingRequest,
  verifyEmailRequest,
  type CreateMeetingFormInput,
  type MeetingPeriod,
  type MeetingUserType,
} from '@bh/shared';
import { ScheduleSlots } from './ScheduleSlots.tsx';
import { AccessDeniedPanel } from '../components/AccessDeniedPanel.tsx';
import { schemaResolver, type Draft } from '../components/schemaResolver.ts';
import { MEETINGS_QUERY_KEY } from './useMeetings.ts';
import { usePortalDataProvider, usePortalIdentity } from '../providers/hooks.ts';
import { AdminPage } from '../components/AdminPage.tsx';
import { failureText, showServerFieldErrors } from '../components/errors.ts';
import { FormTextField, messageAt, SubmitAndClear } from '../components/FormFields.tsx';
import { FormWithGuidelines } from '../components/GuidelinesPanel.tsx';
import { ParticipantField, type ParticipantStatus } from './ParticipantField.tsx';

type MeetingDraft = Draft<Required<CreateMeetingFormInput>>;
type MeetingValues = z.output<typeof createMeetingForm>;

const EMPTY: MeetingDraft = {
  clientId: '',
  clientName: '',
  clientVerified: false,
  doctorId: '',
  doctorName: '',
  doctorVerified: false,
  meetingDate: '',
  meetingTime: '',
  meetingPeriod: 'AM',
  meetingLink: '',
  formLink: '',
};

const REQUEST_FIELDS = ['clientId', 'doctorId', 'meetingDate', 'meetingTime', 'meetingLink', 'formLink'] as const;

/** The meeting's two links: where it is held and the form the associate fills in afterwards. */
const LINK_INPUTS = [
  { name: 'meetingLink', id: 'meeting-link', labelKey: 'bh.admin.meeting.meetingLink', hintKey: null },
  { name: 'formLink', id: 'meeting-form-link', labelKey: 'bh.admin.meeting.formLink', hintKey: 'bh.admin.meeting.formLinkHint' },
] as const;

const GUIDELINES = ['verify', 'differ', 'time', 'future', 'links'].map((k) => `bh.admin.meeting.guidelines.${k}`);

/** Each participant's form fields and texts. */
const PARTICIPANTS = {
  client: {
    id: 'meeting-client',
    emailLabelKey: 'bh.admin.meeting.clientId',
    nameLabelKey: 'bh.admin.meeting.clientName',
    email: 'clientId',
    name: 'clientName',
    verified: 'clientVerified',
    required: MEETING_MESSAGES.clientEmailRequired,
    failed: 'bh.admin.meeting.verifyClientFailed',
    succeeded: 'bh.admin.meeting.clientVerified',
  },
  doctor: {
    id: 'meeting-doctor',
    emailLabelKey: 'bh.admin.meeting.doctorId',
    nameLabelKey: 'bh.admin.meeting.doctorName',
    email: 'doctorId',
    name: 'doctorName',
    verified: 'doctorVerified',
    required: MEETING_MESSAGES.doctorEmailRequired,
    failed: 'bh.admin.meeting.verifyDoctorFailed',
    succeeded: 'bh.admin.meeting.doctorVerified',
  },
} as const;

/**
 * Schedule New Meeting (spec §2.16, §4 "Meeting form", §5): both participants are verified by
 * email first, the date and 12-hour time are India's, and every rule is the shared form schema's.
 */
export default function ScheduleMeeting() {
  const notify = useNotify();
  const { identity, isPending } = usePortalIdentity();
  const isAdmin = identity?.role === 'admin';

  // The screen keeps its own check as well as the route's (spec §6).
  useEffect(() => {
    if (!isPending && identity && !isAdmin) notify('bh.admin.meeting.adminOnlyToast', { type: 'error' });
  }, [isPending, identity, isAdmin, notify]);

  if (isPending) return <Loading />;
  return (
    <AdminPage titleKey="bh.admin.meeting.title">
      {isAdmin ? <MeetingForm /> : <AccessDeniedPanel messageKey="bh.admin.meeting.adminOnlyBody" />}
    </AdminPage>
  );
}

function MeetingForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const queryClient = useQueryClient();
  const [verifying, setVerifying] = useState<Record<MeetingUserType, boolean>>({ client: false, doctor: false });
  // A check still running when its email is edited must not mark the new email as verified.
  const checks = useRef<Record<MeetingUserType, number>>({ client: 0, doctor: 0 });
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    clearErrors,
    getValues,
    getFieldState,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<MeetingDraft, unknown, MeetingValues>({
    defaultValues: EMPTY,
    resolver: schemaResolver(createMeetingForm),
    // Errors show on submit and go away as soon as their field is edited (spec §4).
    reValidateMode: 'onSubmit',
  });

  const statusOf = (type: MeetingUserType): ParticipantStatus =>
    verifying[type] ? 'verifying' : watch(PARTICIPANTS[type].verified) ? 'verified' : 'unverified';

  const unverify = (type: MeetingUserType) => {
    const p = PARTICIPANTS[type];
    checks.current[type] += 1;
    setVerifying((v) => ({ ...v, [type]: false }));
    setValue(p.verified, false);
    setValue(p.name, '');
    clearErrors(p.email);
  };

  /**
   * The client's email in the associate's box (or the other way round) is named at once, on the
   * associate's field as the schema does, and withdrawn as soon as the emails differ again.
   */
  const checkClash = (): boolean => {
    if (sameParticipantEmail(getValues('clientId'), getValues('doctorId'))) {
      setError('doctorId', { type: 'clash', message: MEETING_MESSAGES.emailsMustDiffer });
      return true;
    }
    if (getFieldState('doctorId').error?.type === 'clash') clearErrors('doctorId');
    return false;
  };

  const verify = async (type: MeetingUserType) => {
    const p = PARTICIPANTS[type];
    if (checkClash()) return;
    const email = getValues(p.email);
    const parsed = verifyEmailRequest.safeParse({ email, userType: type });
    if (!parsed.success) {
      const message = email.trim() === '' ? p.required : (parsed.error.issues[0]?.message ?? MEETING_MESSAGES.invalidEmail);
      setError(p.email, { type: 'verify', message });
      return;
    }
    const check = ++checks.current[type];
    clearErrors(p.email);
    setVerifying((v) => ({ ...v, [type]: true }));
    try {
      const res = await dataProvider.verifyParticipantEmail(parsed.data);
      if (check !== checks.current[type]) return;
      setValue(p.name, res.user.name);
      setValue(p.verified, true);
      notify(p.succeeded, { type: 'success', messageArgs: { name: res.user.name } });
    } catch (error) {
      if (check !== checks.current[type]) return;
      const message = failureText(error, { fallback: translate(p.failed) });
      setError(p.email, { type: 'server', message });
      notify(message, { type: 'error' });
    } finally {
      if (check === checks.current[type]) setVerifying((v) => ({ ...v, [type]: false }));
    }
  };

  const clearForm = () => {
    checks.current.client += 1;
    checks.current.doctor += 1;
    setVerifying({ client: false, doctor: false });
    reset(EMPTY);
  };

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        await dataProvider.createMeeting(toCreateMeetingRequest(values));
        notify('bh.admin.meeting.created', { type: 'success' });
        clearForm();
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: MEETINGS_QUERY_KEY }),
          queryClient.invalidateQueries({ queryKey: ['admin/meetings'] }),
        ]);
      } catch (error) {
        showServerFieldErrors(error, setError, REQUEST_FIELDS);
        notify(failureText(error, { fallback: translate('bh.admin.meeting.createFailed') }), { type: 'error' });
      }
    },
    () => notify('bh.admin.meeting.fixErrors', { type: 'error' }),
  );

  const field = (name: Exclude<keyof MeetingDraft, 'clientVerified' | 'doctorVerified' | 'meetingPeriod'>) =>
    register(name, { onChange: () => clearErrors(name) });

  const participant = (type: MeetingUserType) => {
    const p = PARTICIPANTS[type];
    return register(p.email, {
      onChange: () => {
        unverify(type);
        checkClash();
      },
    });
  };

  const period = watch('meetingPeriod');
  const today = istDateString(new Date());

  return (
    <FormWithGuidelines onSubmit={onSubmit} guidelineKeys={GUIDELINES}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {translate('bh.admin.meeting.participants')}
        </Typography>
        <Stack spacing={1}>
          {(['client', 'doctor'] as const).map((type) => (
            <ParticipantField
              key={type}
              id={PARTICIPANTS[type].id}
              emailLabelKey={PARTICIPANTS[type].emailLabelKey}
              nameLabelKey={PARTICIPANTS[type].nameLabelKey}
              registration={participant(type)}
              name={watch(PARTICIPANTS[type].name)}
              status={statusOf(type)}
              error={messageAt(errors, PARTICIPANTS[type].email)}
              onVerify={() => void verify(type)}
            />
          ))}
        </Stack>

        <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 2 }}>
          {translate('bh.admin.meeting.details')}
        </Typography>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} useFlexGap sx={FIELD_ROW}>
            <FormTextField
              registration={field('meetingDate')}
              id="meeting-date"
              type="date"
              label={translate('bh.admin.meeting.date')}
              required
              size="small"
              fullWidth
              error={messageAt(errors, 'meetingDate')}
              slotProps={{ htmlInput: { min: today }, inputLabel: { shrink: true } }}
            />
            <FormTextField
              registration={register('meetingTime', {
                onChange: (event: { target: { value: string } }) => {
                  setValue('meetingTime', formatTimeInput(event.target.value));
                  clearErrors('meetingTime');
                },
              })}
              id="meeting-time"
              label={translate('bh.admin.meeting.time')}
              placeholder="HH:MM"
              required
              size="small"
              fullWidth
              error={messageAt(errors, 'meetingTime')}
              slotProps={{ htmlInput: { maxLength: TIME_INPUT_MAX_LENGTH, inputMode: 'numeric' }, inputLabel: { shrink: true } }}
            />
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              value={period}
              aria-label={translate('bh.admin.meeting.period')}
              onChange={(_event, value: MeetingPeriod | null) => {
                // One of the two is always chosen: clicking the chosen one again keeps it.
                if (value) {
                  setValue('meetingPeriod', value);
                  clearErrors('meetingTime');
                }
              }}
              sx={{ height: 40, flexShrink: 0 }}
            >
              {/* Both are Tab stops: MUI's group keeps only the chosen one in the Tab order (issue 53). */}
              <ToggleButton value="AM" tabIndex={0}>
                {translate('bh.admin.meeting.am')}
              </ToggleButton>
              <ToggleButton value="PM" tabIndex={0}>
                {translate('bh.admin.meeting.pm')}
              </ToggleButton>
            </ToggleButtonGroup>
          </Stack>
          <ScheduleSlots
            doctorEmail={watch('doctorVerified') ? watch('doctorId') : ''}
            date={watch('meetingDate')}
            time={watch('meetingTime')}
            period={period === 'PM' ? 'PM' : 'AM'}
            onPick={(slot) => {
              const [clock = '', slotPeriod] = slot.meetingTime.split(' ');
              setValue('meetingTime', clock);
              setValue('meetingPeriod', slotPeriod === 'PM' ? 'PM' : 'AM');
              clearErrors('meetingTime');
            }}
          />
          {LINK_INPUTS.map(({ name, id, labelKey, hintKey }) => (
            <FormTextField
              key={name}
              registration={field(name)}
              id={id}
              type="url"
              label={translate(labelKey)}
              placeholder="https://"
              required
              size="small"
              error={messageAt(errors, name)}
              hint={hintKey ? translate(hintKey) : ' '}
            />
          ))}
          <SubmitAndClear
            busy={isSubmitting}
            icon={<EventIcon />}
            submitKey="bh.admin.meeting.submit"
            submittingKey="bh.admin.meeting.submitting"
            onClear={clearForm}
          />
        </Stack>
    </FormWithGuidelines>
  );
}
