import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDb } from '../src/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string;
    /** The engine behind mongoUri, for the driver settings it needs. */
    mongoEngine: 'mongodb' | 'ferretdb';
  }
}

/** Starts one MongoDB-compatible server for the run (or uses MONGODB_URI when set). */
export default async function setup(project: TestProject) {
  if (process.env.MONGODB_URI) {
    project.provide('mongoUri', process.env.MONGODB_URI);
    project.provide('mongoEngine', 'mongodb');
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bh-api-test-'));
  const db = await startEmbeddedDb({ dataDir, log: () => {} });
  project.provide('mongoUri', db.uri);
  project.provide('mongoEngine', db.kind === 'ferretdb' ? 'ferretdb' : 'mongodb');
  return async () => {
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
