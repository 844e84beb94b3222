import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRupees } from './services.ts';

describe('formatRupees', () => {
  afterEach(() => vi.restoreAllMocks());

  it('groups the last three digits, then pairs, as prices are read in India', () => {
    expect(formatRupees(0)).toBe('₹0');
    expect(formatRupees(250)).toBe('₹250');
    expect(formatRupees(1250)).toBe('₹1,250');
    expect(formatRupees(3750)).toBe('₹3,750');
    expect(formatRupees(99_999)).toBe('₹99,999');
    expect(formatRupees(1_00_000)).toBe('₹1,00,000');
    expect(formatRupees(12_34_56_789)).toBe('₹12,34,56,789');
    expect(formatRupees(-1250)).toBe('₹-1,250');
  });

  it('shows at most three decimals, rounded half away from zero on the number as written', () => {
    expect(formatRupees(1250.5)).toBe('₹1,250.5');
    expect(formatRupees(99.99)).toBe('₹99.99');
    expect(formatRupees(1.0005)).toBe('₹1.001');
    expect(formatRupees(0.0004)).toBe('₹0');
    expect(formatRupees(999.9995)).toBe('₹1,000');
    expect(formatRupees(1e21)).toBe('₹1,00,00,00,00,00,00,00,00,00,000');
  });

  it('spells every amount as en-IN number formatting does, without building a formatter', () => {
    const amounts = [-0, 0.1, 0.125, 12.3456, 2.0015, 123_456.789, 2 ** 53 + 2, 1.2345678901234567e19, 1.5e-7];
    for (let i = 0; i < 5_000; i += 1) amounts.push(i * 137, -i * 7919, i * 1_000_003, Math.round(i * 1.37 * 100) / 100);
    const expected = amounts.map((amount) => `₹${amount.toLocaleString('en-IN')}`);
    const toLocale = vi.spyOn(Number.prototype, 'toLocaleString');
    const spelt = amounts.map(formatRupees);
    expect(toLocale).not.toHaveBeenCalled();
    expect(spelt).toEqual(expected);
  });
});
