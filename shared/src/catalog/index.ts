export * from './services.ts';
export * from './enums.ts';
