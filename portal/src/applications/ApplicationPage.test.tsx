import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { FILE_NAME_DISPLAY_LENGTH, PRIVACY_MESSAGES, truncate, UPLOAD_MESSAGES, type UploadField, type UploadResponse } from '@bh/shared';
import { addApplicant } from '../mocks/admin-state.ts';
import { addUser, type MockDb, type MockUser } from '../mocks/db.ts';
import { BLANK_APPLICATION_MESSAGES } from '@bh/shared/test/application-messages';
import { createDataProvider } from '../providers/dataProvider.ts';
import type { UploadOptions } from '../providers/upload.ts';
import { renderPortal, testDb } from '../test/render.tsx';
import { scrollToFirstError } from './ApplicationForm.tsx';
import { server } from '../test/server.ts';
import { mockPath } from '../mocks/contract.ts';
import { createApiClient, api } from '@bh/shared/contract';
import { callsTo } from '../test/calls.ts';

type User = ReturnType<typeof userEvent.setup>;

function applicant(db: MockDb, isVerified: MockUser['isVerified'] = 'not_submitted', rejectionReason?: string): MockUser {
  return addUser(db, {
    name: 'Vikram Shah',
    email: 'vikram@example.in',
    role: 'doctor',
    isVerified,
    ...(rejectionReason ? { rejectionReason } : {}),
  });
}

async function openForm(db: MockDb = testDb(), who?: MockUser) {
  const user = who ?? applicant(db);
  const portal = renderPortal('/details', { db, signedIn: user });
  await screen.findByRole('button', { name: 'Submit Application' });
  return { ...portal, user };
}

const section = (name: string) => screen.getByRole('region', { name });

const field = (scope: HTMLElement, label: RegExp) => within(scope).getByLabelText(label);
const setValue = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

function pdf(name = 'resume.pdf', bytes = 2048): File {
  return new File([new Uint8Array(bytes).fill(0x25)], name, { type: 'application/pdf' });
}
function png(name = 'front.png'): File {
  return new File([new Uint8Array(512)], name, { type: 'image/png' });
}

/** Uploads through the file input and waits for the stored file's link to show. */
async function upload(user: User, scope: HTMLElement, label: RegExp, file: File) {
  await user.upload(field(scope, label), file);
  await within(scope).findByRole('link', { name: truncate(file.name, FILE_NAME_DISPLAY_LENGTH) });
}

/** Fills every required field with values the shared schema accepts. */
async function fillValidApplication(user: User) {
  const personal = section('Personal Information');
  setValue(field(personal, /^First Name/), 'Vikram');
  setValue(field(personal, /^Last Name/), 'Shah');
  setValue(field(personal, /^Date of Birth/), '1990-04-12');
  setValue(field(personal, /^Gender/), 'Male');
  setValue(field(personal, /^Blood Group/), 'B+');
  setValue(field(personal, /^Current Address/), '12 MG Road');
  await user.click(within(personal).getByLabelText('Same as current address'));
  setValue(field(personal, /^City/), 'Pune');
  setValue(field(personal, /^State/), 'Maharashtra');
  setValue(field(personal, /^Postal Code/), '411001');
  setValue(field(personal, /^Email/), 'vikram@example.in');
  setValue(field(personal, /^Phone Number/), '+91 98765 43210');
  setValue(field(personal, /^Contact Name/), 'Anita Shah');
  setValue(field(personal, /^Relationship/), 'Sister');
  setValue(field(personal, /^Contact Phone/), '9876501234');
  await upload(user, personal, /^Resume/, pdf());

  const doc1 = section('Legal Document 1');
  setValue(field(doc1, /^Document Type/), 'aadhar');
  setValue(field(doc1, /^Document ID/), '1234 5678 9012');
  await upload(user, doc1, /^Front Image/, png('aadhaar-front.png'));
  await upload(user, doc1, /^Back Image/, png('aadhaar-back.png'));
  const doc2 = section('Legal Document 2');
  setValue(field(doc2, /^Document Type/), 'pan');
  setValue(field(doc2, /^Document ID/), 'ABCDE1234F');
  await upload(user, doc2, /^Front Image/, png('pan-front.png'));
  await upload(user, doc2, /^Back Image/, png('pan-back.png'));

  const work = section('Employment Details');
  setValue(field(work, /^Organization/), 'City Hospital');
  setValue(field(work, /^Job Title/), 'Counsellor');
  setValue(field(work, /^Start Date/), '2019-06-01');
  setValue(field(work, /^Employment Type/), 'Full-time');
  await user.click(within(work).getByLabelText('This is my current job'));

  const education = section('Educational Background');
  setValue(field(education, /^Education Level/), "Master's Degree");
  setValue(field(education, /^Degree Name/), 'MA Psychology');
  setValue(field(education, /^Institution Name/), 'University of Pune');
  setValue(field(education, /^Graduation Year/), '2015');

  const bank = section('Bank Account Information');
  setValue(field(bank, /^Account Holder Name/), 'Vikram Shah');
  setValue(field(bank, /^Bank Name/), 'State Bank of India');
  setValue(field(bank, /^Branch Name/), 'Pune Camp');
  setValue(field(bank, /^Account Number/), '1234 5678 9012');
  setValue(field(bank, /^IFSC Code/), 'sbin0001234');
  setValue(field(bank, /^UPI ID/), 'vikram@okaxis');

  await user.click(consentBox());
}

/** The consent to verify the documents (issue 19), never ticked in advance. */
const consentBox = () => screen.getByRole('checkbox', { name: (name) => name.startsWith(PRIVACY_MESSAGES.applicationConsent) });

describe('the document submission page (spec §2.7)', () => {
  it('tells a pending applicant to wait', async () => {
    const db = testDb();
    renderPortal('/details', { db, signedIn: applicant(db, 'pending') });
    expect(await screen.findByText('Your verification request is submitted. Please give us some time to verify.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Application' })).not.toBeInTheDocument();
  });

  it('tells a verified associate there is nothing to do', async () => {
    const db = testDb();
    renderPortal('/details', { db, signedIn: applicant(db, 'verified') });
    expect(await screen.findByText('Your are already verified.')).toBeInTheDocument();
  });

  it('shows a rejected applicant the reason above the form', async () => {
    const db = testDb();
    await openForm(db, applicant(db, 'rejected', 'The Aadhaar scan is cut off.'));
    expect(screen.getByText('Your previous application was not approved')).toBeInTheDocument();
    expect(screen.getByText('Reason: The Aadhaar scan is cut off.')).toBeInTheDocument();
  });

  it('brings a rejected application back filled with what was sent, numbers masked, and keeps them when sent back', async () => {
    const db = testDb();
    const { user: vikram, application } = addApplicant(db, { name: 'Vikram Shah', email: 'vikram@example.in', isVerified: 'rejected' }, { salarySlips: 2 });
    vikram.rejectionReason = 'The Aadhaar scan is cut off.';
    const user = userEvent.setup();
    await openForm(db, vikram);
    const sent = application.personalInfo;

    const personal = section('Personal Information');
    expect(field(personal, /^First Name/)).toHaveValue(sent.firstName);
    expect(field(personal, /^City/)).toHaveValue(sent.city);
    expect(field(personal, /^Phone/)).toHaveValue(sent.phone);
    expect(personal.querySelector(`a[href="${sent.resumeUrl}"]`)).not.toBeNull();
    const doc1 = section('Legal Document 1');
    expect(field(doc1, /^Document Type/)).toHaveValue('aadhar');
    expect(field(doc1, /^Document ID/)).toHaveValue('••••9012');
    expect(within(doc1).getByText('The number on file is kept. Type a new one to replace it.')).toBeInTheDocument();
    expect(doc1.querySelector(`a[href="${sent.Doc[0].frontImage}"]`)).not.toBeNull();
    expect(doc1.querySelector(`a[href="${sent.Doc[0].backImage}"]`)).not.toBeNull();
    expect(field(section('Legal Document 2'), /^Document ID/)).toHaveValue('••••234F');
    const bank = section('Bank Account Information');
    expect(field(bank, /^Account Number/)).toHaveValue('••••9012');
    expect(field(bank, /^IFSC/)).toHaveValue(application.bankAccount.ifsc);
    const salary = section('Salary Documentation');
    for (const slip of application.salarySlip) expect(salary.querySelector(`a[href="${slip}"]`)).not.toBeNull();
    const organizations = within(section('Employment Details')).getAllByLabelText(/^Organization/);
    expect(organizations.map((input) => (input as HTMLInputElement).value)).toEqual(application.employmentDetails.map((e) => e.organization));
    const degrees = within(section('Educational Background')).getAllByLabelText(/^Degree Name/);
    expect(degrees.map((input) => (input as HTMLInputElement).value)).toEqual(application.educationDetails.map((e) => e.degreeName));

    // Another document type needs its own number: the kept one is withdrawn.
    setValue(field(section('Legal Document 2'), /^Document Type/), 'dl');
    await waitFor(() => expect(field(section('Legal Document 2'), /^Document ID/)).toHaveValue(''));
    setValue(field(section('Legal Document 2'), /^Document Type/), 'pan');
    setValue(field(section('Legal Document 2'), /^Document ID/), 'ABCDE1234F');

    setValue(field(personal, /^City/), 'Nashik');
    // Each submission asks for the consent anew.
    expect(consentBox()).not.toBeChecked();
    await user.click(consentBox());
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Form submitted successfully!')).toBeInTheDocument();
    const resubmitted = db.applications.at(-1)!.application;
    expect(resubmitted.personalInfo.city).toBe('Nashik');
    expect(resubmitted.personalInfo.Doc.map((d) => d.documentId)).toEqual(['123456789012', 'ABCDE1234F']);
    expect(resubmitted.bankAccount.accountNumber).toBe('123456789012');
    expect(resubmitted.personalInfo.resumeUrl).toBe(sent.resumeUrl);
    expect(resubmitted.salarySlip).toEqual(application.salarySlip);
  }, 60_000);

  it('has every section of the spec', async () => {
    await openForm();
    for (const name of [
      'Personal Information',
      'Legal Document 1',
      'Legal Document 2',
      'Employment Details',
      'Salary Documentation',
      'Educational Background',
      'Bank Account Information',
      PRIVACY_MESSAGES.applicationConsentTitle,
    ]) {
      expect(section(name)).toBeInTheDocument();
    }
  });

  it('offers the enumerations of the spec', async () => {
    await openForm();
    const options = (element: HTMLElement) => within(element).getAllByRole('option').map((o) => o.textContent).slice(1);
    const personal = section('Personal Information');
    expect(options(field(personal, /^Gender/))).toEqual(['Male', 'Female', 'Other', 'Prefer not to say']);
    expect(options(field(personal, /^Blood Group/))).toEqual(['A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+', 'AB-']);
    expect(options(field(personal, /^Country/)).length).toBeGreaterThanOrEqual(195);
    expect(options(field(section('Legal Document 1'), /^Document Type/))).toEqual(['Aadhaar Card', 'PAN Card', 'Driving Licence']);
    expect(options(field(section('Employment Details'), /^Employment Type/))).toEqual(['Full-time', 'Part-time', 'Contract', 'Temporary', 'Other']);
    expect(options(field(section('Educational Background'), /^Education Level/))).toEqual([
      'High School',
      'Diploma',
      "Bachelor's Degree",
      "Master's Degree",
      'Doctorate',
      'Other',
    ]);
  });

  it('caps dates at today and the graduation year at this year', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T04:30:00.000Z'));
    await openForm();
    expect(field(section('Personal Information'), /^Date of Birth/)).toHaveAttribute('max', '2026-03-10');
    expect(field(section('Employment Details'), /^Start Date/)).toHaveAttribute('max', '2026-03-10');
    expect(field(section('Employment Details'), /^End Date/)).toHaveAttribute('max', '2026-03-10');
    const year = field(section('Educational Background'), /^Graduation Year/);
    expect(year).toHaveAttribute('min', '1950');
    expect(year).toHaveAttribute('max', '2026');
  });

  it('shows every required message, lists three in the toast and scrolls to the first after 100 ms', async () => {
    const user = userEvent.setup();
    await openForm();
    setValue(field(section('Personal Information'), /^Country/), '');
    const scrolledAt: number[] = [];
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {
      scrolledAt.push(performance.now());
    });
    const clickedAt = performance.now();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));

    const required = BLANK_APPLICATION_MESSAGES;
    for (const message of required) expect(await screen.findByText(message)).toBeInTheDocument();

    const toast = await screen.findByText(/^Please fix the following errors: /);
    expect(toast.textContent).toBe(
      `Please fix the following errors: First name is required, Last name is required, Date of birth is required and ${required.length - 3} more error(s)`,
    );
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect((scrolledAt[0] ?? 0) - clickedAt).toBeGreaterThanOrEqual(100);
    expect(scrolled.mock.contexts[0]).toBe(field(section('Personal Information'), /^First Name/));
  });

  it('explains badly formatted emails, phones, IFSC codes and years', async () => {
    const user = userEvent.setup();
    await openForm();
    const personal = section('Personal Information');
    setValue(field(personal, /^Email/), 'vikram-at-example');
    setValue(field(personal, /^Phone Number/), '12345');
    setValue(field(personal, /^Contact Phone/), '98765-abc');
    setValue(field(section('Bank Account Information'), /^IFSC Code/), 'SBIN1001234');
    setValue(field(section('Educational Background'), /^Graduation Year/), '1949');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Invalid phone number format')).toBeInTheDocument();
    expect(screen.getByText('Invalid emergency contact phone format')).toBeInTheDocument();
    expect(screen.getByText('Invalid IFSC code format')).toBeInTheDocument();
    expect(screen.getByText(/^Graduation year must be between 1950 and \d{4}$/)).toBeInTheDocument();
  });

  it('copies the current address into the permanent one and keeps them in sync while ticked', async () => {
    const user = userEvent.setup();
    await openForm();
    const personal = section('Personal Information');
    const current = field(personal, /^Current Address/);
    const permanent = field(personal, /^Permanent Address/);
    setValue(current, '12 MG Road');
    await user.click(within(personal).getByLabelText('Same as current address'));
    expect(permanent).toHaveValue('12 MG Road');
    expect(permanent).toBeDisabled();
    setValue(current, '14 FC Road, Pune');
    await waitFor(() => expect(permanent).toHaveValue('14 FC Road, Pune'));
    await user.click(within(personal).getByLabelText('Same as current address'));
    expect(permanent).toBeEnabled();
    setValue(permanent, 'Family home, Nashik');
    expect(current).toHaveValue('14 FC Road, Pune');
  });

  it('clears and locks the end date of a current job', async () => {
    const user = userEvent.setup();
    await openForm();
    const work = section('Employment Details');
    const end = field(work, /^End Date/);
    setValue(end, '2024-01-31');
    await user.click(within(work).getByLabelText('This is my current job'));
    expect(end).toHaveValue('');
    expect(end).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByText('Organization is required');
    expect(within(work).queryByText('End date is required for previous jobs')).not.toBeInTheDocument();
    await user.click(within(work).getByLabelText('This is my current job'));
    expect(end).toBeEnabled();
  });

  it('keeps at least one employment and one education record, removable only when there are more', async () => {
    const user = userEvent.setup();
    await openForm();
    const work = section('Employment Details');
    expect(within(work).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    await user.click(within(work).getByRole('button', { name: 'Add Employment' }));
    expect(within(work).getAllByLabelText(/^Organization/)).toHaveLength(2);
    setValue(within(work).getAllByLabelText(/^Organization/)[1] as HTMLElement, 'Second Clinic');
    await user.click(within(work).getByRole('button', { name: 'Remove Employment 1' }));
    expect(within(work).getAllByLabelText(/^Organization/)).toHaveLength(1);
    expect(within(work).getByLabelText(/^Organization/)).toHaveValue('Second Clinic');
    expect(within(work).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();

    const education = section('Educational Background');
    await user.click(within(education).getByRole('button', { name: 'Add Education' }));
    expect(within(education).getAllByLabelText(/^Degree Name/)).toHaveLength(2);
    await user.click(within(education).getByRole('button', { name: 'Remove Education 2' }));
    expect(within(education).getAllByLabelText(/^Degree Name/)).toHaveLength(1);
  });

  it('submits a complete application and shows the pending state', async () => {
    const user = userEvent.setup();
    const { db, user: vikram } = await openForm();
    await fillValidApplication(user);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Form submitted successfully!')).toBeInTheDocument();
    expect(await screen.findByText('Your verification request is submitted. Please give us some time to verify.')).toBeInTheDocument();
    const saved = db.applications[0];
    expect(saved?.userId).toBe(vikram._id);
    expect(saved?.application.personalInfo.permanentAddress).toBe('12 MG Road');
    expect(saved?.application.personalInfo.Doc[0].documentId).toBe('123456789012');
    expect(saved?.application.employmentDetails[0]?.endDate).toBeNull();
    expect(saved?.application.bankAccount.ifsc).toBe('SBIN0001234');
    expect(saved?.application.salarySlip).toEqual([]);
    expect(vikram.isVerified).toBe('pending');
  }, 60_000);

  it('asks for the consent to verify the documents, itemised and unticked, and refuses the form without it', async () => {
    const user = userEvent.setup();
    const page = await openForm();
    const submits = callsTo(api.register.submit);
    const consent = section(PRIVACY_MESSAGES.applicationConsentTitle);
    for (const item of PRIVACY_MESSAGES.applicationConsentItems) expect(within(consent).getByText(item)).toBeInTheDocument();
    await fillValidApplication(user);
    // Filled in full, then the consent taken back: the form is refused before anything is sent.
    await user.click(consentBox());
    expect(consentBox()).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await within(consent).findByText(PRIVACY_MESSAGES.applicationConsentRequired)).toBeInTheDocument();
    expect(await screen.findByText(`Please fix the following errors: ${PRIVACY_MESSAGES.applicationConsentRequired}`)).toBeInTheDocument();
    expect(submits.count).toBe(0);

    await user.click(consentBox());
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Form submitted successfully!')).toBeInTheDocument();
    expect(submits.count).toBe(1);
    // His privacy centre says he consented to the verification of his documents, and can withdraw it.
    page.reload('/privacy');
    const given = await screen.findByRole('region', { name: PRIVACY_MESSAGES.consentTitle }, { timeout: 10_000 });
    expect(await within(given).findByText(/^You consented to the verification of your application's documents \(consent .+\) on .+\.$/)).toBeInTheDocument();
    expect(within(given).getByRole('button', { name: PRIVACY_MESSAGES.withdrawApplicationConsent })).toBeInTheDocument();
  }, 60_000);

  it("shows the server's errors as 'Validation failed: … and N more error(s)'", async () => {
    const user = userEvent.setup();
    await openForm();
    await fillValidApplication(user);
    server.use(
      http.post(mockPath(api.register.submit), () =>
        HttpResponse.json(
          {
            success: false,
            message: 'Validation failed',
            errors: [
              { path: 'personalInfo.Doc.1.documentId', message: 'Document 2 ID is not valid for the selected type' },
              { path: 'bankAccount.upi', message: 'Invalid UPI ID format' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(
      await screen.findByText('Validation failed: Document 2 ID is not valid for the selected type and 1 more error(s)'),
    ).toBeInTheDocument();
  }, 60_000);

  it("shows the server's message, or 'Something went wrong' without an answer", async () => {
    const user = userEvent.setup();
    await openForm();
    await fillValidApplication(user);
    server.use(http.post(mockPath(api.register.submit), () => HttpResponse.json({ success: false, message: 'Your verification request is submitted. Please give us some time to verify.' }, { status: 409 })));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findAllByText('Your verification request is submitted. Please give us some time to verify.')).not.toHaveLength(0);

    server.use(http.post(mockPath(api.register.submit), () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
  }, 60_000);
});

describe('uploads on the form (spec §5, §8)', () => {
  it('refuses files the API would refuse, with the spec messages, before sending them', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await openForm();
    const uploads = callsTo(api.uploads.create);
    const personal = section('Personal Information');
    const doc1 = section('Legal Document 1');

    await user.upload(field(personal, /^Resume/), png('resume.png'));
    expect((await screen.findAllByText(UPLOAD_MESSAGES.resumePdfOnly)).length).toBeGreaterThan(0);

    await user.upload(field(doc1, /^Front Image/), new File(['x'], 'scan.gif', { type: 'image/gif' }));
    expect((await screen.findAllByText('Invalid file type. Allowed types: jpeg, jpg, png, pdf')).length).toBeGreaterThan(0);

    const big = pdf('big.pdf', 16);
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(field(personal, /^Resume/), big);
    expect((await screen.findAllByText('File size must be less than 10MB')).length).toBeGreaterThan(0);

    await user.upload(field(personal, /^Resume/), pdf(`${'a'.repeat(101)}.pdf`));
    expect((await screen.findAllByText('File name too long. Please rename your file.')).length).toBeGreaterThan(0);
    expect(uploads.count).toBe(0);
  });

  it("says 'Failed to upload file. Please try again.' when the upload breaks", async () => {
    const user = userEvent.setup();
    await openForm();
    server.use(http.post(mockPath(api.uploads.create), () => HttpResponse.error()));
    await user.upload(field(section('Personal Information'), /^Resume/), pdf());
    expect((await screen.findAllByText('Failed to upload file. Please try again.')).length).toBeGreaterThan(0);
  });

  it('uploads, confirms, and shows the name cut to 25 characters with a link to the file', async () => {
    const user = userEvent.setup();
    const { db } = await openForm();
    const personal = section('Personal Information');
    await upload(user, personal, /^Resume/, pdf('Vikram Shah Curriculum Vitae 2026.pdf'));
    const link = within(personal).getByRole('link', { name: 'Vikram Shah Curriculum Vi…' });
    expect(link).toHaveAttribute('href', createApiClient().url(api.uploads.read, { params: { id: db.uploads[0]?.id ?? '' } }));
    expect(link).toHaveAttribute('target', '_blank');
    expect(db.uploads[0]?.kind).toBe('pdf');
  });

  it('shows the percentage and disables every upload and Submit while a file uploads', async () => {
    const user = userEvent.setup();
    const db = testDb();
    const vikram = applicant(db);
    let progress: ((percent: number) => void) | undefined;
    let finish: ((value: UploadResponse) => void) | undefined;
    const dataProvider = createDataProvider();
    dataProvider.uploadFile = (file: File, kind: UploadField, options?: UploadOptions) => {
      progress = options?.onProgress;
      return new Promise<UploadResponse>((resolve) => {
        finish = resolve;
      }).then((res) => ({ ...res, name: file.name, kind: kind === 'resume' ? 'pdf' : res.kind }));
    };
    renderPortal('/details', { db, signedIn: vikram, dataProvider });
    await screen.findByRole('button', { name: 'Submit Application' });
    await user.upload(field(section('Personal Information'), /^Resume/), pdf());
    await waitFor(() => expect(progress).toBeDefined());
    progress?.(37);
    expect(await screen.findByText('Uploading… 37%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading… 37%' })).toHaveAttribute('aria-valuenow', '37');
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeDisabled();
    for (const input of document.querySelectorAll('input[type="file"]')) expect(input).toBeDisabled();
    const chooseButtons = screen.getAllByRole('button', { name: /^Choose file / });
    expect(chooseButtons).toHaveLength(6);
    for (const button of chooseButtons) expect(button).toBeDisabled();

    finish?.({
      success: true,
      message: 'File uploaded successfully!',
      secure_url: createApiClient().url(api.uploads.read, { params: { id: '0000000000000000005f1234' } }),
      fileId: '0000000000000000005f1234',
      name: 'resume.pdf',
      size: 2048,
      kind: 'pdf',
    });
    expect(await screen.findByText('File uploaded successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Application' })).toBeEnabled());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('keeps up to six optional salary slips, each removable', async () => {
    const user = userEvent.setup();
    await openForm();
    const salary = section('Salary Documentation');
    await upload(user, salary, /^Salary Slip/, pdf('slip-january.pdf'));
    await upload(user, salary, /^Salary Slip/, pdf('slip-february.pdf'));
    expect(within(salary).getByRole('link', { name: 'slip-january.pdf' })).toBeInTheDocument();
    await user.click(within(salary).getAllByRole('button', { name: 'Remove' })[0] as HTMLElement);
    expect(within(salary).queryByRole('link', { name: 'slip-january.pdf' })).not.toBeInTheDocument();
    expect(within(salary).getByRole('link', { name: 'slip-february.pdf' })).toBeInTheDocument();
  });
});

describe('the form by keyboard and screen reader (issue 53)', () => {
  it('names each upload button by its own text and the label it stands under', async () => {
    await openForm();
    const names = screen.getAllByRole('button', { name: /^Choose file / }).map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual([
      'Choose file Resume (PDF) *',
      'Choose file Front Image *',
      'Choose file Back Image *',
      'Choose file Front Image *',
      'Choose file Back Image *',
      'Choose file Salary Slip',
    ]);
    const resume = within(section('Personal Information')).getByRole('button', { name: 'Choose file Resume (PDF) *' });
    expect(resume).not.toHaveAttribute('aria-invalid');
    expect(resume).toHaveAccessibleDescription('No file chosen');
  });

  it('marks an upload in error invalid, describes it by its message, and focuses the first field in error', async () => {
    const user = userEvent.setup();
    await openForm();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Resume is required')).toBeInTheDocument();
    const resume = within(section('Personal Information')).getByRole('button', { name: 'Choose file Resume (PDF) *' });
    expect(resume).toHaveAttribute('aria-invalid', 'true');
    expect(resume).toHaveAccessibleDescription('Resume is required No file chosen');
    const front = within(section('Legal Document 1')).getByRole('button', { name: 'Choose file Front Image *' });
    expect(front).toHaveAttribute('aria-invalid', 'true');
    expect(front.getAttribute('aria-describedby')).toBeTruthy();
    // The optional salary slips are not in error.
    expect(within(section('Salary Documentation')).getByRole('button', { name: 'Choose file Salary Slip' })).not.toHaveAttribute('aria-invalid');
    // The focus leaves the Submit button for the first field in error, which its message describes.
    const first = field(section('Personal Information'), /^First Name/);
    await waitFor(() => expect(first).toHaveFocus());
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('First name is required');
  });

  it('puts the focus on an upload button when an upload is the first field in error', () => {
    document.body.innerHTML = `
      <div data-field="personalInfo.firstName"><input aria-invalid="false" /></div>
      <div data-invalid="true" data-field="personalInfo.resumeUrl">
        <input type="file" style="display:none" />
        <p>Resume (PDF) *</p>
        <button type="button" aria-invalid="true" aria-label="Choose file Resume (PDF) *">Choose file</button>
      </div>
      <input aria-invalid="true" aria-label="Last Name" />`;
    scrollToFirstError();
    expect(document.activeElement).toBe(document.querySelector('button'));
    document.body.innerHTML = '';
  });
});
