import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES as M } from '../messages/upload.ts';
import {
  checkUploadCandidate,
  cleanFileName,
  fileIdFromUrl,
  fileReferenceField,
  isKindAllowed,
  MAX_UPLOAD_BYTES,
  sniffFileKind,
  uploadFieldSchema,
  uploadResponse,
  uploadTypeMessage,
  uploadUrl,
} from './upload.ts';

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? ascii(p) : p)));

const PDF = bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj');
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0x00, 0x01]);
const JPEG_EXIF = bytes([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x18], 'Exif', [0x00, 0x00]);
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d], 'IHDR');

describe('upload messages', () => {
  it('are the spec texts', () => {
    expect(M.tooLarge).toBe('File size must be less than 10MB');
    expect(M.resumePdfOnly).toBe('Invalid file type. Please upload a PDF file only for resume.');
    expect(M.nameTooLong).toBe('File name too long. Please rename your file.');
    expect(M.failed).toBe('Failed to upload file. Please try again.');
    expect(M.uploaded).toBe('File uploaded successfully!');
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
  });
});

describe('checkUploadCandidate', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });

  it('lets allowed kinds through', () => {
    expect(checkUploadCandidate(file('cv.pdf', 'application/pdf'), 'resume')).toBeNull();
    expect(checkUploadCandidate(file('aadhaar-front.jpg', 'image/jpeg'), 'document')).toBeNull();
    expect(checkUploadCandidate(file('pan.png', 'image/png'), 'document')).toBeNull();
    expect(checkUploadCandidate(file('pan.pdf', 'application/pdf'), 'document')).toBeNull();
    expect(checkUploadCandidate(file('slip.jpeg', 'image/jpg'), 'salarySlip')).toBeNull();
  });

  it('falls back to the extension when the browser gives no type', () => {
    expect(checkUploadCandidate(file('cv.PDF', ''), 'resume')).toBeNull();
    expect(checkUploadCandidate(file('cv', ''), 'resume')).toBe(M.resumePdfOnly);
  });

  it('refuses other kinds with the field-specific message', () => {
    expect(checkUploadCandidate(file('cv.docx', 'application/msword'), 'resume')).toBe(
      'Invalid file type. Please upload a PDF file only for resume.',
    );
    expect(checkUploadCandidate(file('cv.png', 'image/png'), 'resume')).toBe(M.resumePdfOnly);
    expect(checkUploadCandidate(file('id.gif', 'image/gif'), 'document')).toBe(
      'Invalid file type. Allowed types: jpeg, jpg, png, pdf',
    );
    expect(checkUploadCandidate(file('slip.svg', 'image/svg+xml'), 'salarySlip')).toBe(
      'Invalid file type. Allowed types: pdf, jpeg, png',
    );
    // The type wins over a misleading extension.
    expect(checkUploadCandidate(file('page.pdf', 'text/html'), 'resume')).toBe(M.resumePdfOnly);
  });

  it('limits size to 10 MB', () => {
    expect(checkUploadCandidate(file('cv.pdf', 'application/pdf', MAX_UPLOAD_BYTES), 'resume')).toBeNull();
    expect(checkUploadCandidate(file('cv.pdf', 'application/pdf', MAX_UPLOAD_BYTES + 1), 'resume')).toBe(
      'File size must be less than 10MB',
    );
    expect(checkUploadCandidate(file('cv.pdf', 'application/pdf', 0), 'resume')).toBe(M.empty);
  });

  it('limits names to 100 characters', () => {
    const name100 = `${'a'.repeat(96)}.pdf`;
    expect(checkUploadCandidate(file(name100, 'application/pdf'), 'resume')).toBeNull();
    expect(checkUploadCandidate(file(`a${name100}`, 'application/pdf'), 'resume')).toBe(
      'File name too long. Please rename your file.',
    );
  });
});

describe('sniffFileKind', () => {
  it('recognises PDF, JPEG and PNG headers', () => {
    expect(sniffFileKind(PDF)).toBe('pdf');
    expect(sniffFileKind(JPEG)).toBe('jpeg');
    expect(sniffFileKind(JPEG_EXIF)).toBe('jpeg');
    expect(sniffFileKind(PNG)).toBe('png');
  });

  it('gives null for HTML, SVG and other content whatever the name', () => {
    expect(sniffFileKind(bytes('<!DOCTYPE html><html><script>alert(1)</script>'))).toBeNull();
    expect(sniffFileKind(bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffFileKind(bytes('<svg onload="alert(1)">'))).toBeNull();
    expect(sniffFileKind(bytes('GIF89a', [0x01, 0x00]))).toBeNull();
    expect(sniffFileKind(bytes('PK', [0x03, 0x04]))).toBeNull();
  });

  it('needs the signature at the very start', () => {
    expect(sniffFileKind(bytes('<html>%PDF-1.7'))).toBeNull();
    expect(sniffFileKind(bytes(' %PDF-1.7'))).toBeNull();
    expect(sniffFileKind(bytes([0x00], [0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
  });

  it('gives null for truncated headers', () => {
    expect(sniffFileKind(new Uint8Array())).toBeNull();
    expect(sniffFileKind(bytes('%PDF'))).toBeNull();
    expect(sniffFileKind(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffFileKind(PNG.slice(0, 7))).toBeNull();
  });

  it('lets the sniffed kind decide what a field accepts', () => {
    expect(isKindAllowed('resume', sniffFileKind(PNG))).toBe(false);
    expect(isKindAllowed('document', sniffFileKind(PNG))).toBe(true);
    expect(isKindAllowed('salarySlip', sniffFileKind(bytes('<html>')))).toBe(false);
    expect(uploadTypeMessage('document')).toBe('Invalid file type. Allowed types: jpeg, jpg, png, pdf');
  });
});

describe('file references', () => {
  const id = '65f1a2b3c4d5e6f708192a3b';
  const field = fileReferenceField('Resume is required', 'Please upload the file again');

  it('round-trips an id through its link', () => {
    expect(uploadUrl(id)).toBe(`/api/v1/uploads/${id}`);
    expect(fileIdFromUrl(uploadUrl(id))).toBe(id);
  });

  it('accepts only links to this API', () => {
    expect(field.parse(` /api/v1/uploads/${id.toUpperCase()} `)).toBe(`/api/v1/uploads/${id}`);
    expect(field.safeParse('').error?.issues[0]?.message).toBe('Resume is required');
    for (const bad of [
      `https://res.cloudinary.com/x/${id}.pdf`,
      `//evil.example/api/v1/uploads/${id}`,
      `/api/v1/uploads/${id}/../../user`,
      `/api/v1/uploads/${id.slice(1)}`,
      'javascript:alert(1)',
    ]) {
      expect(field.safeParse(bad).error?.issues[0]?.message).toBe('Please upload the file again');
    }
    expect(field.safeParse({ $ne: null }).success).toBe(false);
  });
});

describe('upload call shapes', () => {
  it('name the field and describe the answer', () => {
    expect(uploadFieldSchema.parse('salarySlip')).toBe('salarySlip');
    expect(uploadFieldSchema.safeParse('avatar').error?.issues[0]?.message).toBe(M.fieldInvalid);
    const answer = {
      success: true,
      message: M.uploaded,
      secure_url: '/api/v1/uploads/65f1a2b3c4d5e6f708192a3b',
      fileId: '65f1a2b3c4d5e6f708192a3b',
      name: 'cv.pdf',
      size: 1234,
      kind: 'pdf',
    };
    expect(uploadResponse.parse(answer)).toEqual(answer);
    expect(uploadResponse.safeParse({ ...answer, kind: 'html' }).success).toBe(false);
  });

  it('strips paths and control characters from names', () => {
    expect(cleanFileName('C:\\Users\\asha\\cv.pdf')).toBe('cv.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('cv\r\nX-Evil: 1".pdf')).toBe('cvX-Evil: 1.pdf');
  });
});
