import { istDateAndTime, MINUTE_MS } from '@bh/shared';
import type { SeedStep } from './demo.ts';
import { insertMeetings, newMeetingDoc } from '../domain/meetings/meeting.service.ts';
import type { MeetingDoc } from '../db/collections.ts';

const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Demo meetings around the moment the database is seeded, so every dashboard state shows at once:
 * a held session with its report, one still waiting for a report, one that can be joined within
 * the hour, and upcoming ones (one with another client, for the lookup screen).
 */
export const seedMeetings: SeedStep = async (deps, accounts) => {
  const admin = accounts.get('admin@demo.betterhealth.in');
  const client = accounts.get('priya@demo.betterhealth.in');
  const otherClient = accounts.get('rahul@demo.betterhealth.in');
  const associate = accounts.get('meera@demo.betterhealth.in');
  if (!admin || !client || !otherClient || !associate) return;

  const now = deps.clock.now();
  // Whole five-minute marks read like times someone typed in.
  const soon = new Date(Math.ceil((now.getTime() + 30 * MINUTE_MS) / (5 * MINUTE_MS)) * 5 * MINUTE_MS);
  const onTheHour = (offsetMs: number) => new Date(Math.floor((now.getTime() + offsetMs) / HOUR_MS) * HOUR_MS);

  const plans: { startsAt: Date; who: typeof client; joined: boolean; reportLink: string }[] = [
    { startsAt: onTheHour(-3 * DAY_MS), who: client, joined: true, reportLink: 'https://forms.example.in/bh-reports/priya-session-1' },
    { startsAt: onTheHour(-1 * DAY_MS), who: client, joined: true, reportLink: '' },
    { startsAt: soon, who: client, joined: false, reportLink: '' },
    { startsAt: onTheHour(1 * DAY_MS + 2 * HOUR_MS), who: otherClient, joined: false, reportLink: '' },
    { startsAt: onTheHour(4 * DAY_MS), who: client, joined: false, reportLink: '' },
  ];

  const docs: MeetingDoc[] = plans.map((plan, i) => ({
    ...newMeetingDoc(plan.who, associate, {
      ...istDateAndTime(plan.startsAt),
      startsAt: plan.startsAt,
      meetingLink: `https://meet.example.in/better-health-demo-${i + 1}`,
      formLink: 'https://forms.example.in/bh-session-report',
      createdAt: new Date(Math.min(now.getTime(), plan.startsAt.getTime()) - 7 * DAY_MS),
      createdBy: admin._id,
    }),
    userJoinedAt: plan.joined ? new Date(plan.startsAt.getTime() - 2 * MINUTE_MS) : null,
    docJoinedAt: plan.joined ? new Date(plan.startsAt.getTime() - 4 * MINUTE_MS) : null,
    reportLink: plan.reportLink,
    // The held session with its report is completed; the rest wait for their associate.
    status: plan.reportLink ? 'completed' : 'scheduled',
  }));
  await insertMeetings(deps.db, docs);
};
