import { Binary } from 'mongodb';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Collections } from '../db/collections.ts';
import type { Metrics } from './metrics.ts';

/** A probe write is as large as one GridFS chunk of an upload (255 KiB): the unit uploads write in. */
const PROBE_BYTES = 255 * 1024;
/** While the disk is full, readiness tries one probe write at most this often. */
const PROBE_EVERY_MS = 2_000;

/**
 * Whether the database's disk has room for writes (DESIGN §2: a full disk is a clear 507 and
 * readiness says so). Learned from the writes themselves, on MongoDB as on the embedded FerretDB:
 * a write refused for lack of space marks the disk full (`noteFull`, from the API's error handler
 * and the process's guard). While it is marked, `stillFull` (asked by /health and /health/ready)
 * tries a probe write of one upload chunk's size at most every two seconds, removed at once; the
 * first one stored clears the mark. Nothing is written while the disk is not marked full.
 */
export class StorageState {
  readonly #probes: Collections['storageProbes'];
  readonly #metrics: Pick<Metrics, 'diskFull'> | undefined;
  /** One probe document per process, written and removed again. */
  readonly #probeId = `probe:${randomUUID()}`;
  #full = false;
  #lastProbe = 0;
  #probing: Promise<boolean> | null = null;

  constructor(probes: Collections['storageProbes'], metrics?: Pick<Metrics, 'diskFull'>) {
    this.#probes = probes;
    this.#metrics = metrics;
  }

  /** A write was refused because the database's disk is full. */
  noteFull(): void {
    if (!this.#full) this.#lastProbe = Date.now();
    this.#set(true);
  }

  /**
   * False when the disk is not marked full; else whether it still is, by a probe write when the
   * last one is more than two seconds old (one at a time, shared by every caller).
   */
  stillFull(): Promise<boolean> {
    if (!this.#full) return Promise.resolve(false);
    if (this.#probing) return this.#probing;
    if (Date.now() - this.#lastProbe < PROBE_EVERY_MS) return Promise.resolve(true);
    this.#probing = this.#probe().finally(() => {
      this.#lastProbe = Date.now();
      this.#probing = null;
    });
    return this.#probing;
  }

  async #probe(): Promise<boolean> {
    try {
      await this.#probes.replaceOne({ _id: this.#probeId }, { at: new Date(), pad: new Binary(randomBytes(PROBE_BYTES)) }, { upsert: true });
    } catch {
      // Refused again (full, or the database is away: the ping says which): still marked.
      return this.#full;
    }
    this.#set(false);
    await this.#probes.deleteOne({ _id: this.#probeId }).catch(() => {});
    return false;
  }

  #set(full: boolean): void {
    this.#full = full;
    this.#metrics?.diskFull.set(full ? 1 : 0);
  }
}
