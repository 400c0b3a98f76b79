import { describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { matchTotp, newTotpSecret, openSecret, otpauthUri, sealSecret, totp } from './totp.ts';

describe('TOTP', () => {
  // RFC 6238 appendix B, SHA-1, 8 digits truncated to our 6.
  const rfcSecret = OTPAuth.Secret.fromUTF8('12345678901234567890').base32;
  it('matches the RFC 6238 test vectors', () => {
    expect(totp(rfcSecret, 59_000)).toBe('287082');
    expect(totp(rfcSecret, 1_111_111_109_000)).toBe('081804');
    expect(totp(rfcSecret, 2_000_000_000_000)).toBe('279037');
  });
  it('accepts one step of drift, not more, and names the step a code belongs to', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(rfcSecret, totp(rfcSecret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(rfcSecret, totp(rfcSecret, now), now)).toBe(step);
    expect(matchTotp(rfcSecret, totp(rfcSecret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(rfcSecret, totp(rfcSecret, now - 90_000), now)).toBeNull();
    expect(matchTotp(rfcSecret, 'abcdef', now)).toBeNull();
    expect(matchTotp(rfcSecret, ` ${totp(rfcSecret, now)}`, now)).toBeNull();
  });
  it('makes 160-bit base32 secrets and the URI authenticator apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(OTPAuth.Secret.fromBase32(secret).bytes).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(otpauthUri(secret, 'ada@example.com'));
    expect(`${uri.protocol}//${uri.host}`).toBe('otpauth://totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Segue:ada@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Segue',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
  it('round-trips base32 and the sealed secret', () => {
    const hello = OTPAuth.Secret.fromUTF8('hello world');
    expect(OTPAuth.Secret.fromBase32(hello.base32).utf8).toBe('hello world');
    const sealed = sealSecret('JBSWY3DPEHPK3PXP', 'an-auth-secret');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(sealed, 'an-auth-secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openSecret(sealed, 'another-secret')).toThrow();
    expect(() => openSecret('garbage', 'an-auth-secret')).toThrow();
  });
});
