import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_INPUT_PATTERN, EMAIL_PATTERN_SOURCE, OPTIONAL_EMAIL_INPUT_PATTERN } from './input-patterns.ts';

describe('the e-mail input patterns', () => {
  it("copy zod's e-mail pattern exactly (input-patterns.ts stays free of zod)", () => {
    expect(`^${EMAIL_PATTERN_SOURCE}$`).toBe(z.regexes.email.source);
    expect(z.regexes.email.flags).toBe('');
  });

  it('accept what z.email() accepts, with white space around it', () => {
    for (const address of ['a@example.com', "o'neil+tag@mail.example.co", 'x_y-z@a-b.example.org']) {
      expect(z.email().safeParse(address).success, address).toBe(true);
      expect(EMAIL_INPUT_PATTERN.test(`  ${address}\n`), address).toBe(true);
    }
    for (const address of ['a@b', 'a.@example.com', '@example.com', 'a@-x.com', 'a b@example.com']) {
      expect(z.email().safeParse(address).success, address).toBe(false);
      expect(EMAIL_INPUT_PATTERN.test(address), address).toBe(false);
    }
    expect(OPTIONAL_EMAIL_INPUT_PATTERN.test('   ')).toBe(true);
  });
});
