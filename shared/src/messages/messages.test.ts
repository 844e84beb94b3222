import { describe, expect, it } from 'vitest';
import {
  fixFollowingErrors,
  MEETING_MESSAGES,
  PAYMENT_MESSAGES,
  REGISTRATION_MESSAGES,
  UPLOAD_MESSAGES,
  validationFailedSummary,
} from './index.ts';

describe('message builders', () => {
  it('lists at most three errors in the form toast and counts the rest', () => {
    expect(fixFollowingErrors(['A', 'B'])).toBe('Please fix the following errors: A, B');
    expect(fixFollowingErrors(['A', 'B', 'C'])).toBe('Please fix the following errors: A, B, C');
    expect(fixFollowingErrors(['A', 'B', 'C', 'D', 'E'])).toBe(
      'Please fix the following errors: A, B, C and 2 more error(s)',
    );
  });

  it('summarises server validation errors by the first one', () => {
    expect(validationFailedSummary([])).toBe('Validation failed');
    expect(validationFailedSummary(['X'])).toBe('Validation failed: X');
    expect(validationFailedSummary(['X', 'Y', 'Z'])).toBe('Validation failed: X and 2 more error(s)');
  });

  it('fills the numbered and counted spec texts', () => {
    expect(REGISTRATION_MESSAGES.documentTypeRequired(2)).toBe('Document 2 type is required');
    expect(REGISTRATION_MESSAGES.documentBackRequired(1)).toBe('Document 1 back image is required');
    expect(REGISTRATION_MESSAGES.pendingCount(3)).toBe('3 BH Associate(s) pending verification');
    expect(REGISTRATION_MESSAGES.searchFound(1, 'a@b.in')).toBe('Found 1 BH Associate(s) matching a@b.in');
    expect(REGISTRATION_MESSAGES.searchNone('a@b.in')).toBe('No BH Associates found matching a@b.in');
    expect(MEETING_MESSAGES.lookupFound(4, 'x@y.in')).toBe('Found 4 meetings for user: x@y.in');
    expect(MEETING_MESSAGES.lookupNoneFound('x@y.in')).toBe('No meetings found for user: x@y.in');
    expect(MEETING_MESSAGES.clientVerified('Asha')).toBe('Client verified: Asha');
    expect(MEETING_MESSAGES.doctorVerified('Ravi')).toBe('Doctor verified: Ravi');
    expect(PAYMENT_MESSAGES.couponDeleteConfirm('SAVE10')).toBe(
      'Are you sure you want to delete the coupon "SAVE10"? This action cannot be undone.',
    );
    expect(UPLOAD_MESSAGES.invalidType('pdf, jpeg, png')).toBe('Invalid file type. Allowed types: pdf, jpeg, png');
  });
});
