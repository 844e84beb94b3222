/**
 * Associate application texts: the document submission form (spec §5 "Document submission"),
 * its outcome toasts and the admin verification screens (spec §2.7, §2.9–2.12, §8).
 */

/** Documents are numbered from 1 in every message, as the form labels them. */
type DocumentNumber = 1 | 2;

export const REGISTRATION_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  dobRequired: 'Date of birth is required',
  dobInFuture: 'Date of birth cannot be in the future',
  genderRequired: 'Gender is required',
  currentAddressRequired: 'Current address is required',
  permanentAddressRequired: 'Permanent address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  postalCodeRequired: 'Postal code is required',
  countryRequired: 'Country is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Invalid phone number format',
  emergencyNameRequired: 'Emergency contact name is required',
  emergencyRelationshipRequired: 'Emergency contact relationship is required',
  emergencyPhoneRequired: 'Emergency contact phone is required',
  emergencyPhoneInvalid: 'Invalid emergency contact phone format',
  resumeRequired: 'Resume is required',
  bloodGroupRequired: 'Blood group is required',
  linkedinInvalid: 'Please enter a valid URL',
  documentTypeRequired: (n: DocumentNumber) => `Document ${n} type is required`,
  documentIdRequired: (n: DocumentNumber) => `Document ${n} ID is required`,
  documentFrontRequired: (n: DocumentNumber) => `Document ${n} front image is required`,
  documentBackRequired: (n: DocumentNumber) => `Document ${n} back image is required`,
  documentIdInvalid: (n: DocumentNumber) => `Document ${n} ID is not valid for the selected type`,
  documentsRequired: 'Both legal documents are required',
  documentsMustDiffer: 'Document 2 must be a different type from Document 1',
  organizationRequired: 'Organization is required',
  jobTitleRequired: 'Job title is required',
  startDateRequired: 'Start date is required',
  startDateInFuture: 'Start date cannot be in the future',
  employmentTypeRequired: 'Employment type is required',
  endDateRequired: 'End date is required for previous jobs',
  endDateInFuture: 'End date cannot be in the future',
  endBeforeStart: 'End date cannot be before start date',
  employmentRequired: 'Add at least one employment record',
  educationLevelRequired: 'Education level is required',
  degreeNameRequired: 'Degree name is required',
  institutionNameRequired: 'Institution name is required',
  graduationYearRequired: 'Graduation year is required',
  graduationYearRange: (maxYear: number) => `Graduation year must be between 1950 and ${maxYear}`,
  educationRequired: 'Add at least one education record',
  accountHolderRequired: 'Account holder name is required',
  bankNameRequired: 'Bank name is required',
  branchNameRequired: 'Branch name is required',
  accountNumberRequired: 'Account number is required',
  accountNumberInvalid: 'Account number must be 9 to 18 digits',
  ifscRequired: 'IFSC code is required',
  ifscInvalid: 'Invalid IFSC code format',
  upiRequired: 'UPI ID is required',
  upiInvalid: 'Invalid UPI ID format',
  dateInvalid: 'Please enter a valid date',
  fileInvalid: 'Please upload the file again',
  invalidOption: 'Please choose one of the listed options',
  tooManySalarySlips: 'Upload at most 6 salary slips',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  submitted: 'Form submitted successfully!',
  submitFailed: 'Validation failed',
  noResponse: 'Something went wrong. Please try again.',
  alreadyPending: 'Your verification request is submitted. Please give us some time to verify.',
  alreadyVerified: 'Your are already verified.',
  underReview: 'Your documents are under review. Please give us some time for verification.',
  dashboardLocked: 'Your dashboard is LOCKED',
  onlyAssociatesApply: 'Only BH Associates and admins submit verification documents',
  associateNotFound: 'BH Associate not found',
  /** GET /register/application before anything was submitted. */
  noApplication: 'You have not submitted an application yet',
  detailsFetchFailed: 'Failed to fetch BH Associate details',
  verified: 'BH Associate verified successfully!',
  verifyFailed: 'Failed to verify BH Associate',
  notPending: 'This application is not pending verification',
  rejected: 'Application rejected',
  rejectFailed: 'Failed to reject application',
  rejectionReasonRequired: 'Please give a reason for the rejection',
  rejectionReasonTooLong: 'The reason must be at most 1000 characters',
  pendingFetchFailed: 'Failed to fetch pending BH Associates',
  verifiedFetchFailed: 'Failed to fetch verified BH Associates',
  pendingCount: (count: number) => `${count} BH Associate(s) pending verification`,
  noPending: 'All Caught Up! No BH Associates with pending verification at the moment.',
  noVerified: 'No verified BH Associates found at the moment.',
  noSearchResults: 'Try searching with a different email address.',
  searchFound: (count: number, term: string) => `Found ${count} BH Associate(s) matching ${term}`,
  searchNone: (term: string) => `No BH Associates found matching ${term}`,
  noSalarySlip: 'No salary slip documentation provided',
  bloodGroupNotSpecified: 'Not specified',
} as const;

/** The form's failure toast: the first three messages, then how many more there are (spec §5). */
export function fixFollowingErrors(messages: readonly string[]): string {
  const shown = messages.slice(0, 3).join(', ');
  const more = messages.length - 3;
  return `Please fix the following errors: ${shown}${more > 0 ? ` and ${more} more error(s)` : ''}`;
}

/** The submission failure toast built from the server's errors[] (spec §8). */
export function validationFailedSummary(messages: readonly string[]): string {
  if (messages.length === 0) return REGISTRATION_MESSAGES.submitFailed;
  const more = messages.length - 1;
  return `Validation failed: ${messages[0]}${more > 0 ? ` and ${more} more error(s)` : ''}`;
}
