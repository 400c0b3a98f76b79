import { describe, expect, it } from 'vitest';
import { firstName } from './names.ts';

describe('firstName', () => {
  it('takes the first word of a full name', () => {
    expect(firstName('  Ada   Lovelace ')).toBe('Ada');
  });
  it("falls back to 'User' when the name is blank or missing", () => {
    expect(firstName('   ')).toBe('User');
    expect(firstName(undefined)).toBe('User');
  });
});
