export * from './common.ts';
export * from './user.ts';
export * from './fields.ts';
export * from './meeting.ts';
export * from './upload.ts';
export * from './registration.ts';
export * from './payments.ts';
export * from './admin.ts';
