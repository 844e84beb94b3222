export * from './services.ts';
