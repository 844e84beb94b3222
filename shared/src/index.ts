export * from './catalog/index.ts';
export * from './messages/index.ts';
export * from './rules/index.ts';
export * from './schemas/index.ts';
