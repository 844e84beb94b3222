import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { idOf, idOrNotFound, idsOf } from './ids.ts';

const HEX = '0123456789abcdef01234567';

describe('id parameters into ObjectIds (one helper for the routes)', () => {
  it('converts a checked id, in either case, to the same ObjectId', () => {
    expect(idOf(HEX).equals(new ObjectId(HEX))).toBe(true);
    expect(idOf(HEX.toUpperCase()).equals(new ObjectId(HEX))).toBe(true);
    expect(idsOf([HEX, HEX]).map((id) => id.toHexString())).toEqual([HEX, HEX]);
  });

  it('a value that is not an id is a 400 with the schema message, never a crash', () => {
    for (const bad of ['', 'nope', HEX.slice(1), `${HEX}0`, 'zzzzzzzzzzzzzzzzzzzzzzzz']) {
      const err = (() => { try { idOf(bad); } catch (e) { return e; } })();
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(400);
      expect((err as AppError).message).toBe('Invalid id');
    }
  });

  it('a free-text id that is not a stored id is the given 404 (uppercase too, as the upload route answered)', () => {
    expect(idOrNotFound(HEX, 'File not found').toHexString()).toBe(HEX);
    for (const bad of ['x', HEX.toUpperCase(), `${HEX} `]) {
      const err = (() => { try { idOrNotFound(bad, 'File not found'); } catch (e) { return e; } })();
      expect((err as AppError).status).toBe(404);
      expect((err as AppError).message).toBe('File not found');
    }
  });
});
