import { describe, expect, it } from 'vitest';
import type { AudienceLink } from '@segue/shared';
import { shareStep, type ShareFacts } from './share-step.ts';

const link: AudienceLink = {
  url: 'https://segue.example/follow/abc',
  token: 'abc',
  validFrom: '2025-06-07T00:00:00.000Z',
  expiresAt: '2025-06-10T00:00:00.000Z',
};
const facts = (change: Partial<ShareFacts>): ShareFacts => ({
  status: undefined,
  loadFailed: false,
  createFailed: false,
  mayConfirmLicence: false,
  ...change,
});

describe('shareStep', () => {
  it('waits for the status, and says when it could not be read', () => {
    expect(shareStep(facts({}))).toEqual({ kind: 'loading' });
    expect(shareStep(facts({ loadFailed: true }))).toEqual({ kind: 'failed', action: 'load' });
  });

  it('asks the owner about the licence, and tells anyone else that the owner must', () => {
    const status = { link: null, licenceConfirmed: false };
    expect(shareStep(facts({ status, mayConfirmLicence: true }))).toEqual({
      kind: 'confirm-licence',
    });
    expect(shareStep(facts({ status }))).toEqual({ kind: 'owner-must-confirm' });
  });

  it('makes the link once the licence is confirmed, and says when that failed', () => {
    const status = { link: null, licenceConfirmed: true };
    expect(shareStep(facts({ status }))).toEqual({ kind: 'create' });
    expect(shareStep(facts({ status, createFailed: true }))).toEqual({
      kind: 'failed',
      action: 'create',
    });
  });

  it('shows a live link as it is, whoever looks', () => {
    const status = { link, licenceConfirmed: true };
    expect(shareStep(facts({ status }))).toEqual({ kind: 'link', link });
    expect(shareStep(facts({ status, mayConfirmLicence: true, createFailed: true }))).toEqual({
      kind: 'link',
      link,
    });
  });
});
