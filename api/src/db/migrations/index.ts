import { participantMeetingsV1 } from './001-participant-meetings-v1.ts';
import { encryptUploadsAtRest } from './002-encrypt-uploads-at-rest.ts';
import { meetingStatusV1 } from './003-meeting-status-v1.ts';
import { participantMeetingsV2 } from './004-participant-meetings-v2.ts';
import { participantMeetingsV3 } from './005-participant-meetings-v3.ts';
import { userEmailsV1 } from './006-user-emails-v1.ts';
import { outboxQueueV1 } from './007-outbox-queue-v1.ts';
import { consentSlotsV1 } from './008-consent-slots-v1.ts';
import { outboxQueueDueV1 } from './009-outbox-queue-due-v1.ts';
import { meetingRemindersV1 } from './010-meeting-reminders-v1.ts';
import { vacuumAfterRewritesV1 } from './011-vacuum-after-rewrites-v1.ts';
import type { Migration } from './runner.ts';

/** Every migration, oldest first; a new one goes at the end (see runner.ts for the shape). */
export const MIGRATIONS: readonly Migration[] = [participantMeetingsV1, encryptUploadsAtRest, meetingStatusV1, participantMeetingsV2, participantMeetingsV3, userEmailsV1, outboxQueueV1, consentSlotsV1, outboxQueueDueV1, meetingRemindersV1, vacuumAfterRewritesV1];
