import { MongoClient, type MongoClientOptions } from 'mongodb';

/** FerretDB only when this process runs the embedded FerretDB; anything else is MongoDB. */
export type DatabaseEngine = 'mongodb' | 'ferretdb';

/** Driver settings per engine: retryable writes stay on (MongoDB's default) except on FerretDB. */
export function mongoClientOptions(engine: DatabaseEngine): MongoClientOptions {
  return {
    serverSelectionTimeoutMS: 2_000,
    connectTimeoutMS: 2_000,
    socketTimeoutMS: 20_000,
    maxPoolSize: 50,
    // FerretDB 1.24 has no retryable writes. A given URI keeps the driver's default (on), which
    // replica sets and Atlas need to survive an election; its own `retryWrites=` still applies.
    ...(engine === 'ferretdb' ? { retryWrites: false } : {}),
    appName: 'better-health',
  };
}

/** Connects with short timeouts so an outage answers 503 quickly instead of hanging requests. */
export function createMongoClient(uri: string, engine: DatabaseEngine): MongoClient {
  return new MongoClient(uri, mongoClientOptions(engine));
}
