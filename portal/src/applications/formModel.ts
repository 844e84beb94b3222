import type { FieldErrors, FieldValues } from 'react-hook-form';
import { personalDetailsOf, type ApplicationDetail, type ApplicationFormInput } from '@bh/shared';
import type { Draft } from '../components/schemaResolver.ts';

/**
 * What the /details inputs hold before the shared schema has checked them. The consent tick box
 * holds false until ticked (the schema takes only true).
 */
export type ApplicationDraft = Omit<Draft<ApplicationFormInput>, 'verificationConsent'> & { verificationConsent: boolean };
export type EmploymentDraft = ApplicationDraft['employmentDetails'][number];
export type EducationDraft = ApplicationDraft['educationDetails'][number];

export function emptyEmployment(): EmploymentDraft {
  return { id: '', organization: '', jobTitle: '', startDate: '', endDate: '', employmentType: '', isCurrentJob: false };
}

export function emptyEducation(): EducationDraft {
  return { id: '', level: '', degreeName: '', institutionName: '', graduationYear: '', major: '' };
}

function emptyDocument(): ApplicationDraft['personalInfo']['Doc'][number] {
  return { documentType: '', documentId: '', frontImage: '', backImage: '' };
}

export function emptyApplication(): ApplicationDraft {
  return {
    personalInfo: {
      firstName: '',
      middleName: '',
      lastName: '',
      dob: '',
      gender: '',
      currentAddress: '',
      permanentAddress: '',
      sameAsCurrent: false,
      city: '',
      state: '',
      postalCode: '',
      country: 'India',
      email: '',
      phone: '',
      emergencyContact: { name: '', relationship: '', phone: '' },
      resumeUrl: '',
      linkedin: '',
      Doc: [emptyDocument(), emptyDocument()],
      bloodGroup: '',
    },
    employmentDetails: [emptyEmployment()],
    salarySlip: [],
    educationDetails: [emptyEducation()],
    bankAccount: { accountHolder: '', bankName: '', branchName: '', accountNumber: '', ifsc: '', upi: '' },
    // Never ticked in advance (DPDP s. 6: consent is a clear affirmative act).
    verificationConsent: false,
  };
}

/** The records as drafts, or one empty record: the form always shows at least one (spec §2.7). */
function recordsOr<T, D>(records: readonly T[], toDraft: (record: T) => D, empty: () => D): D[] {
  return records.length > 0 ? records.map(toDraft) : [empty()];
}

/**
 * The form refilled with an application the applicant sent before (after a rejection): every field
 * and file as sent. Identity and account numbers come back masked and stay so in the form; sent
 * back unchanged they keep the stored numbers (the API never takes a masked value for a number).
 */
export function draftFromApplication(application: ApplicationDetail): ApplicationDraft {
  const p = application.personalInfo;
  const doc = (i: 0 | 1): ApplicationDraft['personalInfo']['Doc'][number] => {
    const d = p.Doc[i];
    return d ? { documentType: d.documentType, documentId: d.documentId, frontImage: d.frontImage, backImage: d.backImage } : emptyDocument();
  };
  const slips = application.salarySlip;
  return {
    personalInfo: {
      ...personalDetailsOf(p),
      // A permanent address equal to the current one was most likely the tick box.
      sameAsCurrent: p.permanentAddress === p.currentAddress,
      emergencyContact: { ...p.emergencyContact },
      resumeUrl: p.resumeUrl,
      linkedin: p.linkedin,
      Doc: [doc(0), doc(1)],
      bloodGroup: p.bloodGroup,
    },
    employmentDetails: recordsOr(application.employmentDetails, (e) => ({ ...e, id: e.id ?? '', endDate: e.endDate ?? '' }), emptyEmployment),
    salarySlip: slips === null ? [] : typeof slips === 'string' ? [slips] : [...slips],
    educationDetails: recordsOr(application.educationDetails, (e) => ({ ...e, id: e.id ?? '', graduationYear: String(e.graduationYear) }), emptyEducation),
    bankAccount: { ...application.bankAccount, upi: application.bankAccount.upi },
    // Each submission asks for consent anew, whatever was given before.
    verificationConsent: false,
  };
}

/** Every message in the errors tree, in the order the form shows its fields. */
export function errorMessages<T extends FieldValues>(errors: FieldErrors<T>): string[] {
  const messages: string[] = [];
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    if ('message' in node && typeof node.message === 'string' && node.message) {
      messages.push(node.message);
      return;
    }
    for (const [key, child] of Object.entries(node)) {
      if (key !== 'ref') visit(child);
    }
  };
  visit(errors);
  return messages;
}
