/** Upload texts (spec §5 "Uploads", §8 "Upload"). */
export const UPLOAD_MESSAGES = {
  tooLarge: 'File size must be less than 10MB',
  resumePdfOnly: 'Invalid file type. Please upload a PDF file only for resume.',
  invalidType: (allowed: string) => `Invalid file type. Allowed types: ${allowed}`,
  nameTooLong: 'File name too long. Please rename your file.',
  empty: 'The selected file is empty',
  fileRequired: 'Please choose a file to upload',
  fieldInvalid: 'Upload field must be resume, document or salarySlip',
  failed: 'Failed to upload file. Please try again.',
  uploaded: 'File uploaded successfully!',
  notFound: 'File not found',
  imageTooLarge: 'Images may be at most 10,000 pixels on a side and 50 megapixels. Please upload a smaller image.',
  imageUnreadable: 'The image could not be read. Please upload a valid JPEG or PNG file.',
} as const;
