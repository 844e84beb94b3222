export * from './common.ts';
export * from './user.ts';
