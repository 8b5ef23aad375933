import { describe, expect, it } from 'vitest';
import { dateInputOfExpiry, expiryFromDateInput, galleryLink } from './gallery-rules.ts';

describe('gallery link values', () => {
  it('joins the origin and the public path', () => {
    expect(galleryLink('https://vb.test/', '/public/venue/v1/photos?key=k')).toBe('https://vb.test/public/venue/v1/photos?key=k');
  });

  it("takes a date input's day as the expiry (its end, local time) and back", () => {
    const expiry = expiryFromDateInput('2027-02-03');
    expect(expiry).not.toBeNull();
    expect(new Date(expiry!).getDate()).toBe(3);
    expect(dateInputOfExpiry(expiry)).toBe('2027-02-03');
    expect(expiryFromDateInput('')).toBeNull();
    expect(dateInputOfExpiry(null)).toBe('');
  });
});
