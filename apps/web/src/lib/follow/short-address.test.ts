import { describe, expect, it } from 'vitest';
import { shortAddress } from './short-address.ts';

describe('shortAddress', () => {
  it('drops the scheme, which a browser adds by itself', () => {
    expect(shortAddress('https://segue.example.org/follow/AbC-d_1')).toBe(
      'segue.example.org/follow/AbC-d_1',
    );
    expect(shortAddress('HTTP://localhost:3000/follow/x')).toBe('localhost:3000/follow/x');
  });

  it('keeps the token exactly as it is, and drops a trailing slash', () => {
    expect(shortAddress('https://church.example/segue/follow/Ab9/')).toBe(
      'church.example/segue/follow/Ab9',
    );
    expect(shortAddress('segue.example/follow/x')).toBe('segue.example/follow/x');
  });
});
