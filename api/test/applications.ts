import type { ApplicationRequest } from '@bh/shared';
import type { TestContext } from './context.ts';
import { uploadFile } from './uploads.ts';

/** Known numbers, so tests can check they never appear in clear anywhere. */
export const ACCOUNT_NUMBER = '918273645501';
export const AADHAAR_NUMBER = '482915736204';
export const PAN_NUMBER = 'BQRPK7391M';

/** A complete, valid application whose files are uploads owned by `cookie`'s account. */
export async function validApplication(ctx: TestContext, cookie: string): Promise<ApplicationRequest> {
  const [resume, front1, back1, front2, back2, slip] = await Promise.all([
    uploadFile(ctx, cookie, 'resume'),
    uploadFile(ctx, cookie, 'document'),
    uploadFile(ctx, cookie, 'document'),
    uploadFile(ctx, cookie, 'document'),
    uploadFile(ctx, cookie, 'document'),
    uploadFile(ctx, cookie, 'salarySlip'),
  ]);
  return {
    personalInfo: {
      firstName: 'Anika',
      middleName: '',
      lastName: 'Desai',
      dob: '1989-08-21',
      gender: 'Female',
      currentAddress: '14 Residency Road',
      permanentAddress: '3 Hill View Colony',
      city: 'Pune',
      state: 'Maharashtra',
      postalCode: '411001',
      country: 'India',
      email: 'anika.desai@example.in',
      phone: '+91 98220 11223',
      emergencyContact: { name: 'Rohan Desai', relationship: 'Spouse', phone: '9822044556' },
      resumeUrl: resume,
      linkedin: 'https://www.linkedin.com/in/anika-desai',
      Doc: [
        // Typed in groups, as people do; stored and masked without the spaces.
        { documentType: 'aadhar', documentId: '4829 1573 6204', frontImage: front1, backImage: back1 },
        { documentType: 'pan', documentId: PAN_NUMBER.toLowerCase(), frontImage: front2, backImage: back2 },
      ],
      bloodGroup: 'B+',
    },
    employmentDetails: [
      {
        id: 'job-1',
        organization: 'Sahyadri Hospital',
        jobTitle: 'Clinical Psychologist',
        startDate: '2016-06-01',
        endDate: '2021-03-31',
        employmentType: 'Full-time',
        isCurrentJob: false,
      },
      {
        id: 'job-2',
        organization: 'MindCare Clinic',
        jobTitle: 'Senior Counsellor',
        startDate: '2021-04-01',
        endDate: null,
        employmentType: 'Full-time',
        isCurrentJob: true,
      },
    ],
    salarySlip: [slip],
    educationDetails: [
      {
        id: 'edu-1',
        level: "Master's Degree",
        degreeName: 'MA Clinical Psychology',
        institutionName: 'Savitribai Phule Pune University',
        graduationYear: 2014,
        major: 'Clinical Psychology',
      },
    ],
    bankAccount: {
      accountHolder: 'Anika Desai',
      bankName: 'HDFC Bank',
      branchName: 'FC Road',
      accountNumber: '9182 7364 5501',
      ifsc: 'HDFC0000123',
      upi: 'anika@okhdfc',
    },
    verificationConsent: true,
  };
}

/** Signs in an applicant of `role` and submits a valid application for them. */
export async function submittedApplicant(ctx: TestContext, role: 'doctor' | 'admin' = 'doctor') {
  const applicant = await ctx.signedIn(role, 'not_submitted');
  const body = await validApplication(ctx, applicant.cookie);
  const res = await ctx.request('POST', '/api/v1/register/employees', { cookie: applicant.cookie, body });
  if (res.status !== 201) throw new Error(`submission failed: ${res.status} ${await res.text()}`);
  return { ...applicant, body };
}
