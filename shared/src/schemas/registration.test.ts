import { describe, expect, it } from 'vitest';
import {
  BLOOD_GROUPS,
  COUNTRIES,
  type DocumentType,
  DOCUMENT_TYPES,
  EDUCATION_LEVELS,
  EMPLOYMENT_TYPES,
  GENDERS,
} from '../catalog/enums.ts';
import { PRIVACY_MESSAGES } from '../messages/privacy.ts';
import { REGISTRATION_MESSAGES as M } from '../messages/registration.ts';
import {
  applicationDetailSchema,
  checkVerifiedResponse,
  createApplicationFormSchema,
  createApplicationRequestSchema,
  doctorDetailsResponse,
  isKeptNumber,
  keptNumberErrors,
  rejectRequest,
  statusListResponse,
  statusVerifiedQuery,
  toApplicationRequest,
} from './registration.ts';
import { errorsOf } from '../../test/zod-errors.ts';
import { file, validApplication } from '../../test/application-fixture.ts';

/** 2026-03-10 14:00 in India. */
const NOW = new Date('2026-03-10T08:30:00Z');
const request = createApplicationRequestSchema(() => NOW);
const form = createApplicationFormSchema(() => NOW);

type Application = ReturnType<typeof validApplication>;

/** A copy of a form's values with every text and number emptied (''), as a form nobody filled in. */
function emptied<T>(value: T): T {
  if (typeof value === 'string' || typeof value === 'number') return '' as T;
  if (Array.isArray(value)) return value.map(emptied) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, emptied(inner)])) as T;
  }
  return value;
}

function withPersonal(patch: Partial<Application['personalInfo']>) {
  const app = validApplication();
  return { ...app, personalInfo: { ...app.personalInfo, ...patch } };
}

function withJob(patch: Partial<Application['employmentDetails'][number]>) {
  const app = validApplication();
  return { ...app, employmentDetails: [{ ...app.employmentDetails[0]!, ...patch }] };
}

function withEducation(patch: Record<string, unknown>) {
  const app = validApplication();
  return { ...app, educationDetails: [{ ...app.educationDetails[0]!, ...patch }] };
}

function withBank(patch: Partial<Application['bankAccount']>) {
  const app = validApplication();
  return { ...app, bankAccount: { ...app.bankAccount, ...patch } };
}

describe('applicationRequest: a valid application', () => {
  it('parses and normalises numbers, codes and files', () => {
    const data = request.parse(validApplication());
    expect(data.personalInfo.Doc[0].documentId).toBe('234567890123');
    expect(data.personalInfo.Doc[1].documentId).toBe('ABCDE1234F');
    expect(data.bankAccount.accountNumber).toBe('123456789012');
    expect(data.bankAccount.ifsc).toBe('SBIN0001234');
    expect(data.salarySlip).toEqual([file(6)]);
    expect(data.educationDetails[0]?.graduationYear).toBe(2015);
    expect(data.employmentDetails[0]?.endDate).toBe('2022-12-31');
  });

  it('leaves optional fields empty', () => {
    const app = validApplication();
    const { middleName: _m, linkedin: _l, ...personal } = app.personalInfo;
    const { salarySlip: _s, ...rest } = app;
    const data = request.parse({ ...rest, personalInfo: personal });
    expect(data.personalInfo.middleName).toBe('');
    expect(data.personalInfo.linkedin).toBe('');
    expect(data.salarySlip).toEqual([]);
    expect(request.parse({ ...app, salarySlip: '' }).salarySlip).toEqual([]);
    expect(request.parse({ ...app, salarySlip: null }).salarySlip).toEqual([]);
    expect(request.parse(withEducation({ major: undefined })).educationDetails[0]?.major).toBe('');
  });
});

describe('applicationRequest: required messages', () => {
  it('gives every personal, document, record and bank message of the spec', () => {
    // Every text and number left empty; a name and the document numbers of spaces only count as empty too.
    const blank = emptied(validApplication());
    blank.personalInfo.lastName = ' ';
    for (const doc of blank.personalInfo.Doc) doc.documentId = ' ';
    expect(errorsOf(request, blank)).toEqual({
      'personalInfo.firstName': 'First name is required',
      'personalInfo.lastName': 'Last name is required',
      'personalInfo.dob': 'Date of birth is required',
      'personalInfo.gender': 'Gender is required',
      'personalInfo.currentAddress': 'Current address is required',
      'personalInfo.permanentAddress': 'Permanent address is required',
      'personalInfo.city': 'City is required',
      'personalInfo.state': 'State is required',
      'personalInfo.postalCode': 'Postal code is required',
      'personalInfo.country': 'Country is required',
      'personalInfo.email': 'Email is required',
      'personalInfo.phone': 'Phone number is required',
      'personalInfo.emergencyContact.name': 'Emergency contact name is required',
      'personalInfo.emergencyContact.relationship': 'Emergency contact relationship is required',
      'personalInfo.emergencyContact.phone': 'Emergency contact phone is required',
      'personalInfo.resumeUrl': 'Resume is required',
      'personalInfo.Doc.0.documentType': 'Document 1 type is required',
      'personalInfo.Doc.0.documentId': 'Document 1 ID is required',
      'personalInfo.Doc.0.frontImage': 'Document 1 front image is required',
      'personalInfo.Doc.0.backImage': 'Document 1 back image is required',
      'personalInfo.Doc.1.documentType': 'Document 2 type is required',
      'personalInfo.Doc.1.documentId': 'Document 2 ID is required',
      'personalInfo.Doc.1.frontImage': 'Document 2 front image is required',
      'personalInfo.Doc.1.backImage': 'Document 2 back image is required',
      'personalInfo.bloodGroup': 'Blood group is required',
      'employmentDetails.0.organization': 'Organization is required',
      'employmentDetails.0.jobTitle': 'Job title is required',
      'employmentDetails.0.startDate': 'Start date is required',
      'employmentDetails.0.employmentType': 'Employment type is required',
      'employmentDetails.0.endDate': 'End date is required for previous jobs',
      'educationDetails.0.level': 'Education level is required',
      'educationDetails.0.degreeName': 'Degree name is required',
      'educationDetails.0.institutionName': 'Institution name is required',
      'educationDetails.0.graduationYear': 'Graduation year is required',
      'bankAccount.accountHolder': 'Account holder name is required',
      'bankAccount.bankName': 'Bank name is required',
      'bankAccount.branchName': 'Branch name is required',
      'bankAccount.accountNumber': 'Account number is required',
      'bankAccount.ifsc': 'IFSC code is required',
      'bankAccount.upi': 'UPI ID is required',
    });
  });

  it('treats missing fields like blank ones', () => {
    const errors = errorsOf(request, { personalInfo: { Doc: [{}, {}], emergencyContact: {} } });
    expect(errors['personalInfo.firstName']).toBe(M.firstNameRequired);
    expect(errors['personalInfo.gender']).toBe(M.genderRequired);
    expect(errors['personalInfo.Doc.1.documentType']).toBe(M.documentTypeRequired(2));
    expect(errors['personalInfo.emergencyContact.phone']).toBe(M.emergencyPhoneRequired);
    expect(errors.employmentDetails).toBe(M.employmentRequired);
    expect(errors.educationDetails).toBe(M.educationRequired);
  });

  it('needs the consent to verify the documents, given in so many words', () => {
    for (const verificationConsent of [false, undefined, 'yes', 1]) {
      expect(errorsOf(request, { ...validApplication(), verificationConsent })).toEqual({
        verificationConsent: PRIVACY_MESSAGES.applicationConsentRequired,
      });
    }
  });

  it('needs at least one employment and one education record', () => {
    expect(errorsOf(request, { ...validApplication(), employmentDetails: [], educationDetails: [] })).toEqual({
      employmentDetails: M.employmentRequired,
      educationDetails: M.educationRequired,
    });
  });

  it('needs exactly two legal documents', () => {
    const app = validApplication();
    const one = withPersonal({ Doc: [app.personalInfo.Doc[0]!] as unknown as Application['personalInfo']['Doc'] });
    expect(request.safeParse(one).success).toBe(false);
    const three = withPersonal({
      Doc: [...app.personalInfo.Doc, app.personalInfo.Doc[0]!] as unknown as Application['personalInfo']['Doc'],
    });
    expect(request.safeParse(three).success).toBe(false);
  });
});

describe('applicationRequest: formats', () => {
  it('checks email and both phone numbers', () => {
    expect(errorsOf(request, withPersonal({ email: 'asha@', phone: '98765' }))).toEqual({
      'personalInfo.email': 'Invalid email format',
      'personalInfo.phone': 'Invalid phone number format',
    });
    const emergency = { name: 'Ravi', relationship: 'Brother', phone: '1234567890123456' };
    expect(errorsOf(request, withPersonal({ emergencyContact: emergency }))).toEqual({
      'personalInfo.emergencyContact.phone': 'Invalid emergency contact phone format',
    });
    expect(request.safeParse(withPersonal({ phone: '1234567890' })).success).toBe(true);
    expect(request.safeParse(withPersonal({ phone: '123456789012345' })).success).toBe(true);
  });

  it('checks the IFSC, account number and UPI ID', () => {
    expect(errorsOf(request, withBank({ ifsc: 'SBIN1001234', accountNumber: '12345', upi: 'asha' }))).toEqual({
      'bankAccount.ifsc': 'Invalid IFSC code format',
      'bankAccount.accountNumber': M.accountNumberInvalid,
      'bankAccount.upi': M.upiInvalid,
    });
  });

  it('checks the LinkedIn link only when given', () => {
    expect(errorsOf(request, withPersonal({ linkedin: 'javascript:alert(1)' }))).toEqual({
      'personalInfo.linkedin': M.linkedinInvalid,
    });
  });

  it('checks document numbers against their type, and two different types', () => {
    const app = validApplication();
    const [first, second] = app.personalInfo.Doc as [Application['personalInfo']['Doc'][number], Application['personalInfo']['Doc'][number]];
    expect(errorsOf(request, withPersonal({ Doc: [{ ...first, documentId: '1234' }, second] }))).toEqual({
      'personalInfo.Doc.0.documentId': 'Document 1 ID is not valid for the selected type',
    });
    expect(errorsOf(request, withPersonal({ Doc: [first, { ...second, documentType: 'aadhar', documentId: '234567890123' }] }))).toEqual({
      'personalInfo.Doc.1.documentType': M.documentsMustDiffer,
    });
    expect(errorsOf(request, withPersonal({ Doc: [first, { ...second, documentType: 'passport' }] }))).toEqual({
      'personalInfo.Doc.1.documentType': M.invalidOption,
    });
  });

  it('accepts only files uploaded to this API', () => {
    expect(errorsOf(request, withPersonal({ resumeUrl: 'https://cdn.example.com/cv.pdf' }))).toEqual({
      'personalInfo.resumeUrl': M.fileInvalid,
    });
  });

  it('accepts one salary slip or up to six', () => {
    const six = [1, 2, 3, 4, 5, 6].map((n) => file(n + 10));
    expect(request.parse({ ...validApplication(), salarySlip: six }).salarySlip).toEqual(six);
    expect(errorsOf(request, { ...validApplication(), salarySlip: [...six, file(20)] })).toEqual({
      salarySlip: M.tooManySalarySlips,
    });
    expect(request.safeParse({ ...validApplication(), salarySlip: 'https://cdn.example.com/s.pdf' }).success).toBe(false);
    expect(request.safeParse({ ...validApplication(), salarySlip: [file(1), 'x'] }).success).toBe(false);
  });

  it('accepts every option of each list in its field', () => {
    const accepted = [
      ...GENDERS.map((gender) => withPersonal({ gender })),
      ...BLOOD_GROUPS.map((bloodGroup) => withPersonal({ bloodGroup })),
      ...COUNTRIES.map((country) => withPersonal({ country })),
      ...EMPLOYMENT_TYPES.map((employmentType) => withJob({ employmentType })),
      ...EDUCATION_LEVELS.map((level) => withEducation({ level })),
    ];
    for (const app of accepted) expect(errorsOf(request, app)).toEqual({});
  });

  it('accepts each document type with a number of its kind', () => {
    const sample: Record<DocumentType, string> = { aadhar: '2345 6789 0123', pan: 'ABCDE1234F', dl: 'MH-14-2011-0062821' };
    const { Doc: docs } = validApplication().personalInfo;
    const first = docs[0]!;
    const second = docs[1]!;
    for (const documentType of DOCUMENT_TYPES) {
      const other = documentType === first.documentType ? second : first;
      const Doc = [{ ...first, documentType, documentId: sample[documentType] }, other];
      expect(errorsOf(request, withPersonal({ Doc }))).toEqual({});
    }
  });

  it('refuses choices outside the lists', () => {
    expect(errorsOf(request, withPersonal({ gender: 'Robot', bloodGroup: 'Z+', country: 'Atlantis' }))).toEqual({
      'personalInfo.gender': M.invalidOption,
      'personalInfo.bloodGroup': M.invalidOption,
      'personalInfo.country': M.invalidOption,
    });
    expect(errorsOf(request, withPersonal({ gender: 'female', country: 'india' }))).toEqual({
      'personalInfo.gender': M.invalidOption,
      'personalInfo.country': M.invalidOption,
    });
    expect(errorsOf(request, withJob({ employmentType: 'Freelance' }))).toEqual({
      'employmentDetails.0.employmentType': M.invalidOption,
    });
    expect(errorsOf(request, withEducation({ level: 'PhD' }))).toEqual({ 'educationDetails.0.level': M.invalidOption });
  });
});

describe('applicationRequest: dates and years with a fixed clock', () => {
  it('allows a date of birth up to today in India, not tomorrow', () => {
    expect(request.safeParse(withPersonal({ dob: '2026-03-10' })).success).toBe(true);
    expect(errorsOf(request, withPersonal({ dob: '2026-03-11' }))).toEqual({ 'personalInfo.dob': M.dobInFuture });
    expect(errorsOf(request, withPersonal({ dob: '2026-02-30' }))).toEqual({ 'personalInfo.dob': M.dateInvalid });
    expect(errorsOf(request, withPersonal({ dob: '1899-12-31' }))).toEqual({ 'personalInfo.dob': M.dateInvalid });
  });

  it('uses India’s date just after midnight there', () => {
    // 18:45 UTC on the 10th is 00:15 on the 11th in India.
    const late = createApplicationRequestSchema(() => new Date('2026-03-10T18:45:00Z'));
    expect(late.safeParse(withPersonal({ dob: '2026-03-11' })).success).toBe(true);
    expect(errorsOf(late, withPersonal({ dob: '2026-03-12' }))).toEqual({ 'personalInfo.dob': M.dobInFuture });
  });

  it('requires an end date for previous jobs only', () => {
    expect(errorsOf(request, withJob({ endDate: '' }))).toEqual({
      'employmentDetails.0.endDate': 'End date is required for previous jobs',
    });
    const current = request.parse(withJob({ endDate: '', isCurrentJob: true }));
    expect(current.employmentDetails[0]?.endDate).toBeNull();
  });

  it('clears the end date of a current job', () => {
    expect(request.parse(withJob({ isCurrentJob: true })).employmentDetails[0]?.endDate).toBeNull();
  });

  it('keeps start and end dates in the past and in order', () => {
    expect(errorsOf(request, withJob({ startDate: '2026-03-11' }))).toEqual({
      'employmentDetails.0.startDate': M.startDateInFuture,
    });
    expect(errorsOf(request, withJob({ endDate: '2026-03-11' }))).toEqual({
      'employmentDetails.0.endDate': M.endDateInFuture,
    });
    expect(errorsOf(request, withJob({ endDate: '2017-12-31' }))).toEqual({
      'employmentDetails.0.endDate': M.endBeforeStart,
    });
    expect(errorsOf(request, withJob({ endDate: '31/12/2022' }))).toEqual({
      'employmentDetails.0.endDate': M.dateInvalid,
    });
    expect(request.safeParse(withJob({ startDate: '2026-03-10', endDate: '2026-03-10' })).success).toBe(true);
  });

  it('shows the end-date message alongside other record errors', () => {
    expect(errorsOf(request, withJob({ organization: '', endDate: '' }))).toEqual({
      'employmentDetails.0.organization': M.organizationRequired,
      'employmentDetails.0.endDate': M.endDateRequired,
    });
  });

  it('bounds the graduation year by 1950 and the current year', () => {
    expect(request.parse(withEducation({ graduationYear: '1950' })).educationDetails[0]?.graduationYear).toBe(1950);
    expect(request.safeParse(withEducation({ graduationYear: 2026 })).success).toBe(true);
    for (const bad of [1949, 2027, '2027', '20x5', 2015.5]) {
      expect(errorsOf(request, withEducation({ graduationYear: bad }))).toEqual({
        'educationDetails.0.graduationYear': 'Graduation year must be between 1950 and 2026',
      });
    }
    for (const blank of ['', ' ', Number.NaN, undefined]) {
      expect(errorsOf(request, withEducation({ graduationYear: blank }))).toEqual({
        'educationDetails.0.graduationYear': M.graduationYearRequired,
      });
    }
  });
});

describe('applicationRequest: strictness', () => {
  it('rejects unknown keys at every level', () => {
    expect(request.safeParse({ ...validApplication(), isVerified: 'verified' }).success).toBe(false);
    expect(request.safeParse(withPersonal({ role: 'admin' } as Partial<Application['personalInfo']>)).success).toBe(false);
    expect(request.safeParse(withBank({ balance: 1 } as Partial<Application['bankAccount']>)).success).toBe(false);
    expect(request.safeParse(withJob({ salary: 1 } as Partial<Application['employmentDetails'][number]>)).success).toBe(false);
  });

  it('rejects operators and arrays where text belongs', () => {
    expect(request.safeParse(withPersonal({ email: { $ne: null } as unknown as string })).success).toBe(false);
    expect(request.safeParse(withPersonal({ firstName: ['Asha'] as unknown as string })).success).toBe(false);
    expect(request.safeParse(withBank({ ifsc: { $regex: '.*' } as unknown as string })).success).toBe(false);
    expect(request.safeParse(withJob({ endDate: { $gt: '' } as unknown as string })).success).toBe(false);
    expect(request.safeParse(withEducation({ graduationYear: { $gt: 0 } })).success).toBe(false);
  });
});

describe('applicationRequest: malformed bodies', () => {
  it('fails without throwing, whatever the shape', () => {
    const app = validApplication();
    const bodies: unknown[] = [
      null,
      'x',
      [],
      5,
      { ...app, personalInfo: null },
      { ...app, employmentDetails: [null, 'x', 7] },
      { ...app, educationDetails: [null] },
      withPersonal({ Doc: 'x' as unknown as Application['personalInfo']['Doc'] }),
      withPersonal({ Doc: [null, 5] as unknown as Application['personalInfo']['Doc'] }),
      withPersonal({ Doc: [] as unknown as Application['personalInfo']['Doc'] }),
      withPersonal({ emergencyContact: null as unknown as Application['personalInfo']['emergencyContact'] }),
    ];
    for (const body of bodies) {
      expect(() => request.safeParse(body)).not.toThrow();
      expect(request.safeParse(body).success).toBe(false);
      expect(() => form.safeParse(body)).not.toThrow();
      expect(form.safeParse(body).success).toBe(false);
    }
  });
});

describe('applicationForm', () => {
  function formValues(sameAsCurrent: boolean, permanentAddress: string) {
    const app = validApplication();
    return { ...app, personalInfo: { ...app.personalInfo, permanentAddress, sameAsCurrent } };
  }

  it('needs a permanent address unless it is the same as the current one', () => {
    expect(errorsOf(form, formValues(false, ''))).toEqual({
      'personalInfo.permanentAddress': 'Permanent address is required',
    });
    expect(form.safeParse(formValues(true, '')).success).toBe(true);
  });

  it('maps to a request the API accepts', () => {
    const body = toApplicationRequest(form.parse(formValues(true, '')));
    expect(body.personalInfo.permanentAddress).toBe('12 MG Road');
    expect('sameAsCurrent' in body.personalInfo).toBe(false);
    expect(request.safeParse(body).success).toBe(true);
    const kept = toApplicationRequest(form.parse(formValues(false, '4 Lake View')));
    expect(kept.personalInfo.permanentAddress).toBe('4 Lake View');
  });
});

describe('admin review calls', () => {
  it('rejectRequest needs a reason of at most 1000 characters', () => {
    expect(errorsOf(rejectRequest, { reason: '  ' })).toEqual({ reason: M.rejectionReasonRequired });
    expect(errorsOf(rejectRequest, {})).toEqual({ reason: M.rejectionReasonRequired });
    expect(rejectRequest.safeParse({ reason: 'x'.repeat(1000) }).success).toBe(true);
    expect(errorsOf(rejectRequest, { reason: 'x'.repeat(1001) })).toEqual({ reason: M.rejectionReasonTooLong });
    expect(rejectRequest.safeParse({ reason: 'ok', isVerified: 'verified' }).success).toBe(false);
  });

  it('statusVerifiedQuery pages by 10 and treats a blank search as none', () => {
    expect(statusVerifiedQuery.parse({})).toEqual({ page: 1, limit: 10 });
    expect(statusVerifiedQuery.parse({ page: '3', limit: '20', email: ' Asha@ ' })).toEqual({
      page: 3,
      limit: 20,
      email: 'asha@',
    });
    expect(statusVerifiedQuery.parse({ email: '   ' }).email).toBeUndefined();
    for (const bad of [{ page: '0' }, { page: 'x' }, { limit: '101' }, { limit: '2.5' }, { sort: 'name' }]) {
      expect(statusVerifiedQuery.safeParse(bad).success).toBe(false);
    }
  });

  it('responses carry masked numbers and the list shapes', () => {
    const detail = {
      personalInfo: {
        ...validApplication().personalInfo,
        Doc: [
          { documentType: 'aadhar', documentId: '••••0123', frontImage: file(2), backImage: file(3) },
          { documentType: 'pan', documentId: '••••234F', frontImage: file(4), backImage: file(5) },
        ],
      },
      employmentDetails: [{ ...validApplication().employmentDetails[0], endDate: null, isCurrentJob: true }],
      educationDetails: validApplication().educationDetails,
      bankAccount: { ...validApplication().bankAccount, accountNumber: '••••9012' },
      salarySlip: [file(6)],
      submittedAt: '2026-03-10T08:30:00.000Z',
      verificationConsent: { version: '2026-11', givenAt: '2026-03-10T08:30:00.000Z', withdrawnAt: null },
    };
    expect(applicationDetailSchema.safeParse(detail).success).toBe(true);
    // An application sent before the consent was asked for has none to show.
    expect(applicationDetailSchema.safeParse({ ...detail, verificationConsent: null }).success).toBe(true);
    const details = {
      success: true,
      user: { _id: '65f1a2b3c4d5e6f708192a3b', name: 'Asha Rao', email: 'asha@example.in', isVerified: 'pending' },
      employee: detail,
    };
    expect(doctorDetailsResponse.safeParse(details).success).toBe(true);
    const list = {
      success: true,
      user: [{ _id: '65f1a2b3c4d5e6f708192a3b', name: 'Asha Rao', email: 'asha@example.in', role: 'doctor' }],
      pagination: { page: 1, limit: 10, hasNextPage: false },
    };
    expect(statusListResponse.safeParse(list).success).toBe(true);
    expect(checkVerifiedResponse.safeParse({ success: true, isVerified: 'rejected', rejectionReason: 'Blurry PAN' }).success).toBe(true);
    expect(checkVerifiedResponse.safeParse({ success: true, isVerified: 'maybe' }).success).toBe(false);
  });
});

describe('numbers sent back masked after a rejection', () => {
  const masked = () => {
    const app = validApplication();
    app.personalInfo.Doc[0] = { ...app.personalInfo.Doc[0]!, documentId: '••••0123' };
    return { ...app, bankAccount: { ...app.bankAccount, accountNumber: '••••9012' } };
  };

  it('parses a masked value as a KeptNumber, never as a number', () => {
    const data = request.parse(masked());
    expect(data.personalInfo.Doc[0].documentId).toEqual({ keep: '••••0123' });
    expect(data.personalInfo.Doc[1].documentId).toBe('ABCDE1234F');
    expect(data.bankAccount.accountNumber).toEqual({ keep: '••••9012' });
    expect(isKeptNumber(data.bankAccount.accountNumber)).toBe(true);
  });

  it('still refuses numbers that are neither valid nor masked', () => {
    expect(errorsOf(request, withBank({ accountNumber: '**** 9012' }))).toEqual({ 'bankAccount.accountNumber': M.accountNumberInvalid });
  });

  it('sends the masked text back unchanged from the form', () => {
    const app = masked();
    const body = toApplicationRequest(form.parse({ ...app, personalInfo: { ...app.personalInfo, sameAsCurrent: false } }));
    expect(body.personalInfo.Doc[0].documentId).toBe('••••0123');
    expect(body.bankAccount.accountNumber).toBe('••••9012');
  });

  it('keeps only what matches the number stored at the same place, for the same document type', () => {
    const data = request.parse(masked());
    const stored = { Doc: [{ documentType: 'aadhar', documentIdMasked: '••••0123' }, { documentType: 'pan', documentIdMasked: '••••234F' }], accountNumberMasked: '••••9012' };
    expect(keptNumberErrors(data, stored)).toEqual([]);
    expect(keptNumberErrors(data, null)).toEqual([
      { path: 'personalInfo.Doc.0.documentId', message: M.documentIdRequired(1) },
      { path: 'bankAccount.accountNumber', message: M.accountNumberRequired },
    ]);
    const otherType = { ...stored, Doc: [{ documentType: 'dl', documentIdMasked: '••••0123' }, stored.Doc[1]!] };
    expect(keptNumberErrors(data, otherType)).toEqual([{ path: 'personalInfo.Doc.0.documentId', message: M.documentIdRequired(1) }]);
    expect(keptNumberErrors(data, { ...stored, accountNumberMasked: '••••0000' })).toEqual([{ path: 'bankAccount.accountNumber', message: M.accountNumberRequired }]);
  });
});
