import type { FieldErrors, FieldValues } from 'react-hook-form';
import type { ApplicationFormInput } from '@bh/shared';
import type { Draft } from '../components/schemaResolver.ts';

/** What the /details inputs hold before the shared schema has checked them. */
export type ApplicationDraft = Draft<ApplicationFormInput>;
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
