import { describe, expect, it } from 'vitest';
import { isHttpUrl } from './url.ts';

describe('isHttpUrl', () => {
  it('accepts absolute http and https addresses', () => {
    expect(isHttpUrl('https://meet.google.com/abc-defg-hij')).toBe(true);
    expect(isHttpUrl('http://forms.example.in/report?id=1')).toBe(true);
  });

  it('refuses other schemes, relative paths and text', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://x.in/f', '/api/v1/x', 'meet.google.com', 'not a url', 'https://exa mple.com', '']) {
      expect(isHttpUrl(bad)).toBe(false);
    }
    expect(isHttpUrl(`https://x.in/${'a'.repeat(2048)}`)).toBe(false);
  });

  it('can insist on https', () => {
    expect(isHttpUrl('https://rzp.io/l/abc', { httpsOnly: true })).toBe(true);
    expect(isHttpUrl('http://rzp.io/l/abc', { httpsOnly: true })).toBe(false);
  });
});
