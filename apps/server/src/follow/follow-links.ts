import { createHash } from 'node:crypto';

/** A congregation link as the follow server needs it. */
export interface FollowLink {
  setlistId: string;
  teamId: string;
  validFrom: Date;
  expiresAt: Date;
}

/** What a token is, looked up: its link, or null when there is none (never was, or withdrawn). */
export type ResolveToken = (token: string) => Promise<FollowLink | null>;

/** Tokens no link has are remembered this long, so a flood of bad ones is not a flood of queries. */
const MISSING_MS = 30_000;
/** Past this many tokens remembered, the memory starts afresh. */
const MAX_TOKENS = 50_000;

interface Known {
  link: FollowLink | null;
  /** Until when a missing token is remembered as missing. */
  until: number;
}

/**
 * The links of the tokens follow sockets bring, remembered by the token's SHA-256 until the
 * link expires, so a phone that reconnects (a whole room after a Wi-Fi blip) needs no query.
 * A setlist's link made or withdrawn (the change feed, on every instance) forgets its tokens.
 * Several handshakes with one token at once share one query.
 */
export class FollowLinks {
  private readonly known = new Map<string, Known>();
  private readonly asking = new Map<string, Promise<FollowLink | null>>();
  /** Bumped when tokens are forgotten: a lookup that was under way then is not remembered. */
  private generation = 0;

  constructor(private readonly resolveToken: ResolveToken) {}

  /** The token's link (remembered or looked up), or null. */
  async resolve(token: string): Promise<FollowLink | null> {
    const hash = tokenHash(token);
    const known = this.known.get(hash);
    if (known && (known.link !== null || known.until > Date.now())) return known.link;
    let asking = this.asking.get(hash);
    if (!asking) {
      const generation = this.generation;
      asking = this.resolveToken(token)
        .then((link) => {
          if (generation === this.generation) this.remember(hash, link);
          return link;
        })
        .finally(() => this.asking.delete(hash));
      this.asking.set(hash, asking);
    }
    return asking;
  }

  /** Looks the token up again now (its link may have been withdrawn). */
  async recheck(token: string): Promise<FollowLink | null> {
    const hash = tokenHash(token);
    this.known.delete(hash);
    const link = await this.resolveToken(token);
    this.remember(hash, link);
    return link;
  }

  /** Forgets the tokens of a setlist (its link was made or withdrawn). */
  forgetSetlist(setlistId: string) {
    this.generation += 1;
    for (const [hash, known] of this.known) {
      if (known.link?.setlistId === setlistId) this.known.delete(hash);
    }
  }

  /** Forgets every token (changes may have been missed). */
  forgetAll() {
    this.generation += 1;
    this.known.clear();
  }

  private remember(hash: string, link: FollowLink | null) {
    if (this.known.size >= MAX_TOKENS) this.known.clear();
    this.known.set(hash, { link, until: Date.now() + MISSING_MS });
  }
}

/** The name a token is remembered and grouped by (never the token itself in logs or maps). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}
