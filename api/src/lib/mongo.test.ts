import { describe, expect, it } from 'vitest';
import { createMongoClient } from './mongo.ts';

/**
 * Retryable writes are what lets a write survive a replica-set election on MongoDB and Atlas;
 * only FerretDB, which has none, gets them turned off (issue: they were off everywhere).
 */
describe('driver settings per engine', () => {
  it('keeps retryable writes on for a MongoDB server given by MONGODB_URI', () => {
    expect(createMongoClient('mongodb://db.example.in:27017/', 'mongodb').options.retryWrites).toBe(true);
    expect(createMongoClient('mongodb+srv://cluster0.example.mongodb.net/', 'mongodb').options.retryWrites).toBe(true);
  });

  it('leaves a URI’s own retryWrites setting in force', () => {
    expect(createMongoClient('mongodb://db.example.in:27017/?retryWrites=false', 'mongodb').options.retryWrites).toBe(false);
  });

  it('turns them off only for the embedded FerretDB', () => {
    expect(createMongoClient('mongodb://127.0.0.1:27017/', 'ferretdb').options.retryWrites).toBe(false);
  });

  it('keeps the short timeouts on every engine', () => {
    for (const engine of ['mongodb', 'ferretdb'] as const) {
      const { options } = createMongoClient('mongodb://127.0.0.1:27017/', engine);
      expect(options.serverSelectionTimeoutMS).toBe(2_000);
      expect(options.connectTimeoutMS).toBe(2_000);
    }
  });
});
