/**
 * How long the answers a first screen reads (the privacy notice's status, the meetings, the
 * services) count as fresh: a screen that opens within this time shows what was just fetched
 * instead of asking again. `firstData.ts` asks for them as soon as the person is known, before
 * their screens render; without it, each screen would ask a second time as it mounts. Changes the
 * portal makes itself mark them stale at once (the invalidations beside each query).
 */
export const FIRST_DATA_FRESH_MS = 10_000;
