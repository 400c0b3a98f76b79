import { describe, expect, it } from 'vitest';
import { FollowTokenSchema } from '@segue/shared';
import {
  audienceWindow,
  hashAudienceToken,
  newAudienceToken,
  openAudienceToken,
  sealAudienceToken,
} from './audience-token.ts';

const SECRET = 'a-secret-a-secret-a-secret-a-secret-0123';

describe('a congregation link’s token', () => {
  it('is 32 random bytes in base64url, as the follow URL carries it', () => {
    const token = newAudienceToken();
    expect(FollowTokenSchema.safeParse(token).success).toBe(true);
    expect(newAudienceToken()).not.toBe(token);
    expect(hashAudienceToken(token)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('opens sealed only under the AUTH_SECRET it was sealed with', () => {
    const token = newAudienceToken();
    const sealed = sealAudienceToken(token, SECRET);
    expect(sealed).not.toContain(token);
    expect(sealAudienceToken(token, SECRET)).not.toBe(sealed);
    expect(openAudienceToken(sealed, SECRET)).toBe(token);
    expect(openAudienceToken(sealed, `${SECRET}x`)).toBeNull();
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = `${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`;
    expect(openAudienceToken([version, iv, tag, flipped].join('.'), SECRET)).toBeNull();
    expect(openAudienceToken('not sealed', SECRET)).toBeNull();
  });
});

describe('a link’s window', () => {
  it('runs from the day before in the earliest time zone to the day after in the latest', () => {
    const { validFrom, expiresAt } = audienceWindow('2030-03-10');
    // 00:00 on 9 March in UTC+14.
    expect(validFrom.toISOString()).toBe('2030-03-08T10:00:00.000Z');
    // 24:00 on 11 March in UTC−12.
    expect(expiresAt.toISOString()).toBe('2030-03-12T12:00:00.000Z');
  });
});
