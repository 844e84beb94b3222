import { APPLICATION_CONSENT_VERSION, createApplicationRequestSchema, istDateString, uploadUrl, type UploadField } from '@bh/shared';
import { ObjectId } from 'mongodb';
import type { AppDeps } from '../lib/deps.ts';
import type { AuthUser } from '../lib/types.ts';
import { samplePdf, samplePng } from './sample-files.ts';
import { storeFileBytes } from '../domain/uploads/uploads.service.ts';
import { storedNumbers, toStoredApplication } from '../domain/applications/register.service.ts';
import { collections } from '../db/collections.ts';
import { recordConsent } from '../domain/privacy/consents.service.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Demo identity and bank numbers: well-formed, not anyone's. Stored encrypted like real ones. */
export const DEMO_APPLICATION_NUMBERS = {
  accountNumber: '50100234567812',
  aadhaar: '7391 4826 5012',
  pan: 'AKRPR4821M',
} as const;

/**
 * Dr. Meera Rao's verified application, with small real files in GridFS, so the admin's
 * associate details screen has every section and document to open. Vikram stays
 * not_submitted on purpose: the demo shows an associate's locked dashboard with him.
 */
export async function seedApplications(deps: AppDeps, accounts: Map<string, AuthUser>): Promise<void> {
  const meera = accounts.get('meera@demo.betterhealth.in');
  const admin = accounts.get('admin@demo.betterhealth.in');
  if (!meera || !admin) return;

  const now = deps.clock.now();
  const fileIds: ObjectId[] = [];
  const file = async (field: UploadField, name: string, bytes: Buffer) => {
    const stored = await storeFileBytes(deps, meera._id, field, name, bytes);
    fileIds.push(stored.id);
    return uploadUrl(stored.id.toHexString());
  };
  const month = (back: number) => istDateString(new Date(now.getTime() - back * 30 * DAY)).slice(0, 7);

  const resume = await file(
    'resume',
    'Meera-Rao-CV.pdf',
    samplePdf([
      'Dr. Meera Rao - Clinical Psychologist',
      'M.Phil. Clinical Psychology, NIMHANS (2014)',
      'RCI registered. 10 years of counselling practice.',
      'Anxiety, depression, relationships, workplace stress.',
    ]),
  );
  const aadhaarFront = await file('document', 'aadhaar-front.png', samplePng(320, 200, [214, 122, 38]));
  const aadhaarBack = await file('document', 'aadhaar-back.png', samplePng(320, 200, [160, 92, 30]));
  const panFront = await file('document', 'pan-front.png', samplePng(320, 200, [38, 96, 170]));
  const panBack = await file('document', 'pan-back.png', samplePng(320, 200, [28, 70, 125]));
  const slips: string[] = [];
  for (const back of [3, 2, 1]) {
    slips.push(
      await file('salarySlip', `salary-slip-${month(back)}.pdf`, samplePdf([`Salary slip ${month(back)}`, 'MindSpace Wellness Centre, Bengaluru', 'Employee: Dr. Meera Rao'])),
    );
  }

  const data = createApplicationRequestSchema(() => now).parse({
    personalInfo: {
      firstName: 'Meera',
      middleName: '',
      lastName: 'Rao',
      dob: '1987-11-04',
      gender: 'Female',
      currentAddress: '21, 4th Cross, Indiranagar',
      permanentAddress: '21, 4th Cross, Indiranagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560038',
      country: 'India',
      email: 'meera@demo.betterhealth.in',
      phone: '+91 98450 12345',
      emergencyContact: { name: 'Arjun Rao', relationship: 'Spouse', phone: '9845067890' },
      resumeUrl: resume,
      linkedin: 'https://www.linkedin.com/in/meera-rao-psychologist',
      Doc: [
        { documentType: 'aadhar', documentId: DEMO_APPLICATION_NUMBERS.aadhaar, frontImage: aadhaarFront, backImage: aadhaarBack },
        { documentType: 'pan', documentId: DEMO_APPLICATION_NUMBERS.pan, frontImage: panFront, backImage: panBack },
      ],
      bloodGroup: 'O+',
    },
    employmentDetails: [
      {
        id: 'meera-job-1',
        organization: 'NIMHANS Centre for Well Being',
        jobTitle: 'Clinical Psychologist',
        startDate: '2014-07-01',
        endDate: '2019-05-31',
        employmentType: 'Full-time',
        isCurrentJob: false,
      },
      {
        id: 'meera-job-2',
        organization: 'MindSpace Wellness Centre',
        jobTitle: 'Senior Counselling Psychologist',
        startDate: '2019-06-15',
        endDate: null,
        employmentType: 'Full-time',
        isCurrentJob: true,
      },
    ],
    salarySlip: slips,
    educationDetails: [
      {
        id: 'meera-edu-1',
        level: "Master's Degree",
        degreeName: 'M.Phil. Clinical Psychology',
        institutionName: 'NIMHANS, Bengaluru',
        graduationYear: 2014,
        major: 'Clinical Psychology',
      },
      {
        id: 'meera-edu-2',
        level: "Bachelor's Degree",
        degreeName: 'B.A. Psychology',
        institutionName: 'Mount Carmel College',
        graduationYear: 2008,
        major: 'Psychology',
      },
    ],
    bankAccount: {
      accountHolder: 'Meera Rao',
      bankName: 'HDFC Bank',
      branchName: 'Indiranagar',
      accountNumber: DEMO_APPLICATION_NUMBERS.accountNumber,
      ifsc: 'HDFC0000523',
      upi: 'meera.rao@okhdfcbank',
    },
    verificationConsent: true,
  });

  const submittedAt = new Date(now.getTime() - 21 * DAY);
  const reviewedAt = new Date(now.getTime() - 19 * DAY);
  const numbers = storedNumbers(deps, meera._id, data, null);
  const stored = toStoredApplication(meera, data, { fileIds, round: 1, now: submittedAt, numbers });
  await collections(deps.db).applications.insertOne({ _id: new ObjectId(), ...stored, status: 'verified', reviewedAt, reviewedBy: admin._id });
  await recordConsent(deps, meera._id, { kind: 'application-verification', action: 'given', version: APPLICATION_CONSENT_VERSION, round: 1, at: submittedAt });
  const key = meera._id.toHexString();
  await collections(deps.db).applicationTransitions.insertMany([
    { _id: `${key}:1:submit`, userId: meera._id, round: 1, step: 'submit', status: 'pending', at: submittedAt, by: meera._id },
    { _id: `${key}:1:decision`, userId: meera._id, round: 1, step: 'decision', status: 'verified', at: reviewedAt, by: admin._id },
  ]);
}
