import { randomBytes } from 'node:crypto';
import type { ApplicationRequest, Role, UploadField } from '@bh/shared';
import { istDateAndTime, MINUTE_MS, NOTICE_VERSION } from '@bh/shared';
import { samplePdf, samplePng } from '@bh/api/seed/sample-files';
import { ApiClient, uniqueEmail } from './api.ts';
import { adminCreate } from './server.ts';
import { api as ops } from '@bh/shared/contract';

/**
 * Seeding through the product's own doors: the admin CLI for the first admin, the API for every
 * account, application, meeting and coupon after that. Every call checks its status, so a journey
 * fails where its data could not be made rather than later on a missing screen.
 */

export interface Account {
  _id: string;
  name: string;
  email: string;
  password: string;
}

export interface Admin extends Account {
  api: ApiClient;
}

/** Passwords differ per account, as real ones do; they only need to pass the product's rules. */
export function newPassword(): string {
  return `Bh-${randomBytes(6).toString('hex')}-2026`;
}

/** A verified admin made with `pnpm admin:create` against the server's data folder, signed in to the API. */
export async function cliAdmin(baseUrl: string, dataDir: string, name = 'Nisha Kapoor'): Promise<Admin> {
  const email = uniqueEmail('admin');
  const password = newPassword();
  const created = await adminCreate(dataDir, { email, name, password });
  if (created.code !== 0) throw new Error(`admin:create failed (${created.code}): ${created.output}`);
  const api = new ApiClient(baseUrl);
  const res = await api.call(ops.user.login, { body: { email, password } });
  if (res.status !== 200) throw new Error(`the new admin could not sign in: ${res.status}`);
  await acceptNotice(api);
  return { _id: res.json.user._id, name, email, password, api };
}

/** An account created by the admin, as /admin/register does. */
export async function createAccount(admin: Admin, name: string, role: Role): Promise<Account> {
  const email = uniqueEmail(name.split(' ')[0]?.toLowerCase() ?? role);
  const password = newPassword();
  const res = await admin.api.call(ops.user.register, { body: { name, email, password, role } });
  if (res.status !== 201) throw new Error(`creating ${email} failed: ${res.status} ${JSON.stringify(res.json)}`);
  // The person has read the privacy notice, as on their first sign-in, so journeys open on the dashboard.
  const own = new ApiClient(admin.api.baseUrl);
  await own.login(email, password);
  await acceptNotice(own);
  // That sign-in was only for the notice: it leaves no session behind (journeys count devices).
  await own.call(ops.user.logout);
  return { _id: res.json.user._id, name, email, password };
}

/** Accepts the privacy notice in force for the signed-in client (what the first-sign-in gate records). */
export async function acceptNotice(api: ApiClient): Promise<void> {
  const res = await api.call(ops.privacy.acceptNotice, { body: { version: NOTICE_VERSION } });
  if (res.status !== 200) throw new Error(`accepting the notice failed: ${res.status}`);
}

/** The upload call as the application form sends it (multipart); returns the private file's `secure_url`. */
async function upload(api: ApiClient, field: UploadField, name: string, bytes: Buffer, type: string): Promise<string> {
  const form = new FormData();
  form.append('field', field);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(api.url(ops.uploads.create), { method: 'POST', headers: { origin: api.baseUrl, cookie: api.cookie }, body: form });
  const json = (await res.json()) as { secure_url?: string; message?: string };
  if (res.status !== 201 || !json.secure_url) throw new Error(`upload ${name} failed: ${res.status} ${json.message ?? ''}`);
  return json.secure_url;
}

/** The associate signs in and submits a complete application with real files; it is then pending. */
export async function submitApplication(baseUrl: string, associate: Account): Promise<void> {
  const api = new ApiClient(baseUrl);
  await api.login(associate.email, associate.password);
  const [firstName = associate.name, lastName = 'Associate'] = associate.name.split(' ');
  const pdf = (title: string) => samplePdf([associate.name, title]);
  const png = (colour: [number, number, number]) => samplePng(64, 40, colour);
  const [resumeUrl, front1, back1, front2, back2, slip] = await Promise.all([
    upload(api, 'resume', 'resume.pdf', pdf('Resume'), 'application/pdf'),
    upload(api, 'document', 'aadhaar-front.png', png([40, 110, 190]), 'image/png'),
    upload(api, 'document', 'aadhaar-back.png', png([40, 140, 190]), 'image/png'),
    upload(api, 'document', 'pan-front.png', png([190, 120, 40]), 'image/png'),
    upload(api, 'document', 'pan-back.png', png([190, 150, 40]), 'image/png'),
    upload(api, 'salarySlip', 'salary-slip.pdf', pdf('Salary slip'), 'application/pdf'),
  ]);
  const body: ApplicationRequest = {
    personalInfo: {
      firstName,
      middleName: '',
      lastName,
      dob: '1987-03-14',
      gender: 'Female',
      currentAddress: '22 Lake View Road',
      permanentAddress: '22 Lake View Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560034',
      country: 'India',
      email: associate.email,
      phone: '9845012345',
      emergencyContact: { name: 'Suresh Rao', relationship: 'Brother', phone: '9845067890' },
      resumeUrl,
      linkedin: '',
      Doc: [
        { documentType: 'aadhar', documentId: '3456 7890 1234', frontImage: front1, backImage: back1 },
        { documentType: 'pan', documentId: 'CDEFG3456H', frontImage: front2, backImage: back2 },
      ],
      bloodGroup: 'A+',
    },
    employmentDetails: [
      { organization: 'Mind Matters Clinic', jobTitle: 'Counselling Psychologist', startDate: '2015-06-01', endDate: '', employmentType: 'Full-time', isCurrentJob: true },
    ],
    salarySlip: [slip],
    educationDetails: [{ level: "Master's Degree", degreeName: 'MSc Psychology', institutionName: 'Christ University', graduationYear: 2014, major: '' }],
    bankAccount: { accountHolder: associate.name, bankName: 'Canara Bank', branchName: 'Koramangala', accountNumber: '110023456789', ifsc: 'CNRB0001234', upi: 'associate@okaxis' },
    verificationConsent: true,
  };
  const res = await api.call(ops.register.submit, { body: body });
  if (res.status !== 201) throw new Error(`application of ${associate.email} failed: ${res.status} ${JSON.stringify(res.json)}`);
}

/** A BH Associate the admin has verified after a real application, ready to be booked. */
export async function verifiedAssociate(admin: Admin, name: string): Promise<Account> {
  const associate = await createAccount(admin, name, 'doctor');
  await submitApplication(admin.api.baseUrl, associate);
  const res = await admin.api.call(ops.register.verifyDoctor, { params: { userId: associate._id } });
  if (res.status !== 200) throw new Error(`verifying ${associate.email} failed: ${res.status} ${JSON.stringify(res.json)}`);
  return associate;
}

/** The first five-minute mark at least `minutes` after `now`: a start the schedule form accepts. */
export function startAfter(now: Date, minutes: number): Date {
  const fiveMinutes = 5 * MINUTE_MS;
  return new Date(Math.ceil((now.getTime() + minutes * MINUTE_MS) / fiveMinutes) * fiveMinutes);
}

export interface SeededMeeting {
  _id: string;
  start: Date;
  meetingDate: string;
  meetingTime: string;
  meetingLink: string;
  formLink: string;
}

/** The admin books a meeting through create-meeting, as the Schedule Meetings form does. */
export async function scheduleMeeting(admin: Admin, client: Account, associate: Account, start: Date): Promise<SeededMeeting> {
  const tag = randomBytes(4).toString('hex');
  const when = istDateAndTime(start);
  const links = { meetingLink: `https://meet.example.in/bh-${tag}`, formLink: `https://forms.example.in/bh-report-${tag}` };
  const res = await admin.api.call(ops.meeting.create, { body: {
    clientId: client.email,
    doctorId: associate.email,
    ...when,
    ...links,
  } });
  if (res.status !== 201) throw new Error(`scheduling failed: ${res.status} ${JSON.stringify(res.json)}`);
  return { _id: res.json.meeting._id, start, ...when, ...links };
}

/** A coupon code no other journey uses. */
export function uniqueCouponCode(prefix = 'E2E'): string {
  return `${prefix}${randomBytes(3).toString('hex').toUpperCase()}`;
}
