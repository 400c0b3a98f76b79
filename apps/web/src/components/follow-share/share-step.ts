import type { AudienceLink, AudienceLinkStatus } from '@segue/shared';

/**
 * What the share dialog shows: the link is loading or being made; the owner is asked about the
 * licence; someone else is told the owner must confirm it first; the link could not be read or
 * made; or the link itself.
 */
export type ShareStep =
  | { kind: 'loading' }
  | { kind: 'confirm-licence' }
  | { kind: 'owner-must-confirm' }
  | { kind: 'create' }
  | { kind: 'failed'; action: 'load' | 'create' }
  | { kind: 'link'; link: AudienceLink };

export interface ShareFacts {
  /** The driver's status answer, undefined until it arrives. */
  status: AudienceLinkStatus | undefined;
  loadFailed: boolean;
  createFailed: boolean;
  /** The viewer may confirm the team's licence (its owner). */
  mayConfirmLicence: boolean;
}

/**
 * The dialog's step. A live link shows as it is; without one and with the licence confirmed the
 * dialog makes one (`create`), so "Share with the congregation" is one tap; the licence comes
 * first, and only the owner can give it (docs/DECISIONS.md, "The congregation follows").
 */
export function shareStep(facts: ShareFacts): ShareStep {
  const { status } = facts;
  if (status?.link) return { kind: 'link', link: status.link };
  if (!status) return facts.loadFailed ? { kind: 'failed', action: 'load' } : { kind: 'loading' };
  if (!status.licenceConfirmed) {
    return facts.mayConfirmLicence ? { kind: 'confirm-licence' } : { kind: 'owner-must-confirm' };
  }
  return facts.createFailed ? { kind: 'failed', action: 'create' } : { kind: 'create' };
}
