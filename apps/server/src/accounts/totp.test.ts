import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, openSecret, sealSecret, totp, verifyTotp } from './totp.ts';

describe('TOTP', () => {
  // RFC 6238 appendix B, SHA-1, 8 digits truncated to our 6.
  const rfcSecret = base32Encode(Buffer.from('12345678901234567890'));
  it('matches the RFC 6238 test vectors', () => {
    expect(totp(rfcSecret, 59_000)).toBe('287082');
    expect(totp(rfcSecret, 1_111_111_109_000)).toBe('081804');
    expect(totp(rfcSecret, 2_000_000_000_000)).toBe('279037');
  });
  it('accepts one step of drift, not more', () => {
    const now = 1_700_000_000_000;
    expect(verifyTotp(rfcSecret, totp(rfcSecret, now - 30_000), now)).toBe(true);
    expect(verifyTotp(rfcSecret, totp(rfcSecret, now - 90_000), now)).toBe(false);
    expect(verifyTotp(rfcSecret, 'abcdef', now)).toBe(false);
  });
  it('round-trips base32 and the sealed secret', () => {
    expect(base32Decode(base32Encode(Buffer.from('hello world'))).toString()).toBe('hello world');
    const sealed = sealSecret('JBSWY3DPEHPK3PXP', 'an-auth-secret');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(sealed, 'an-auth-secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openSecret(sealed, 'another-secret')).toThrow();
  });
});
