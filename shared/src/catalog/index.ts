export * from './services.ts';
export * from './enums.ts';
export { GRIEVANCE_OFFICER_DEFAULTS } from './contact.ts';
