import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ASSIGNMENT_LINK_TEXTS, SERVER_ERRORS } from '@segue/shared';
import type {
  AssignmentAnswer,
  AssignmentLinkAnswer,
  AssignmentLinkAnswerInput,
  AssignmentLinkPreview,
} from '@segue/shared';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { StoredLinkPosition } from '../db/schema.ts';
import { GoneError, HttpError, NotFoundError, TooManyRequestsError } from '../lib/errors.ts';
import type { RateLimiter } from '../lib/rate-limit.ts';
import type { Actor } from '../policy/actor.ts';
import type { AssignmentsService } from './assignments.service.ts';
import type {
  AssignmentLinkRow,
  AssignmentLinksRepository,
} from './assignment-links.repository.ts';
import { nextDay } from '../lib/ics.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** How long links are kept after their service's day. */
const LINKS_KEPT_DAYS = 30;

/** Look-ups and uses of answer links per address an hour: enough for a family's inboxes. */
export const ASSIGNMENT_LINK_LOOKUPS_PER_ADDRESS = 120;

/** A fresh link token: 32 random bytes, URL-safe. Only its hash is stored. */
const newToken = () => randomBytes(32).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The links of one mail: the same token, the answer named in the page's address. */
export interface AnswerLinks {
  acceptUrl: string;
  declineUrl: string;
}

/**
 * A link works until the day after the service is over in UTC: through the service's whole
 * day in every time zone (docs/DECISIONS.md, "Assignment mails, reminders and the calendar
 * feed"). It follows the setlist's day as it is now, so a setlist moved later keeps its links.
 */
export function linkExpiresAt(date: string): Date {
  return new Date(Date.parse(`${nextDay(nextDay(date))}T00:00:00Z`));
}

/**
 * The one-tap Accept and Decline links of assignment mails. A link opens a page that shows the
 * service (`preview`, a GET that changes nothing, since mail scanners open links); the page's
 * POST answers (`answer`) exactly as the dashboard's Accept and Decline do, once.
 */
export class AssignmentLinksService {
  constructor(
    private readonly repo: AssignmentLinksRepository,
    private readonly deps: {
      /** The dashboard's answer, which a link's answer is. */
      respond: AssignmentsService['respond'];
      accounts: Pick<AccountsRepository, 'people'>;
      teams: { namesOf(teamIds: string[]): Promise<Map<string, string>> };
      limiter: RateLimiter;
      /** APP_URL: the links' base. */
      appUrl: string;
      now?: () => Date;
    },
  ) {}

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  /** Makes the link of one mail, answering `positions` of the setlist for `userId`. */
  async issue(
    setlistId: string,
    userId: string,
    positions: StoredLinkPosition[],
  ): Promise<AnswerLinks> {
    const token = newToken();
    await this.repo.create({
      id: randomUUID(),
      tokenHash: hashToken(token),
      setlistId,
      userId,
      positions,
      createdAt: this.now(),
    });
    const page = `${this.deps.appUrl}/respond/${token}`;
    return { acceptUrl: `${page}?answer=accept`, declineUrl: `${page}?answer=decline` };
  }

  /**
   * Forgets links of services over for 30 days: long expired, unless their setlist is moved
   * back into the future, which after a month is a new service rather than the one mailed.
   */
  async purge(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - LINKS_KEPT_DAYS * DAY).toISOString().slice(0, 10);
    return this.repo.purgeBefore(cutoff);
  }

  private async count(ip: string) {
    const decision = await this.deps.limiter.hit(
      `assignment-link:ip:${ip}`,
      ASSIGNMENT_LINK_LOOKUPS_PER_ADDRESS,
      HOUR,
    );
    if (!decision.allowed) {
      throw new TooManyRequestsError(SERVER_ERRORS.tooManyAttempts, decision.retryAfterSeconds);
    }
  }

  private async find(token: string) {
    const found = await this.repo.findByTokenHash(hashToken(token));
    // A link whose setlist was deleted or put in the trash answers for nothing any more.
    if (!found?.setlist) throw new NotFoundError(ASSIGNMENT_LINK_TEXTS.notValid);
    return { link: found.link, setlist: found.setlist };
  }

  /** What the link's page shows: the service, the positions, and whether the link still works. */
  async preview(token: string, meta: { ip: string }): Promise<AssignmentLinkPreview> {
    await this.count(meta.ip);
    const { link, setlist } = await this.find(token);
    const names = await this.deps.teams.namesOf([setlist.teamId]);
    return {
      setlistName: setlist.name,
      date: setlist.date,
      startTime: setlist.startTime,
      teamName: names.get(setlist.teamId) ?? '',
      positions: link.positions.map((p) => p.name),
      status: statusOf(link, setlist.date, this.now()),
    };
  }

  /**
   * Answers every position of the link as its person, once. A link used already, or past its
   * service, is refused (410) and changes nothing; when none of its positions can be answered
   * any more (reassigned, renamed, the person left the team) the refusal is the dashboard's
   * and the link stays unused.
   */
  async answer(
    token: string,
    input: AssignmentLinkAnswerInput,
    meta: { ip: string },
  ): Promise<AssignmentLinkAnswer> {
    await this.count(meta.ip);
    const { link, setlist } = await this.find(token);
    const now = this.now();
    const status = statusOf(link, setlist.date, now);
    if (status === 'used') throw new GoneError(ASSIGNMENT_LINK_TEXTS.used);
    if (status === 'expired') throw new GoneError(ASSIGNMENT_LINK_TEXTS.expired);
    const [person] = await this.deps.accounts.people([link.userId]);
    if (!person) throw new NotFoundError(ASSIGNMENT_LINK_TEXTS.notValid);
    const as: Pick<Actor, 'userId' | 'name' | 'email'> = {
      userId: person.id,
      name: person.name,
      email: person.email,
    };
    // Claimed first, so two taps at once answer once.
    if (!(await this.repo.claim(link.id, input.response, now))) {
      throw new GoneError(ASSIGNMENT_LINK_TEXTS.used);
    }
    const reason = input.response === 'declined' ? input.reason?.trim() || undefined : undefined;
    const answered: AssignmentAnswer[] = [];
    let refusal: unknown = null;
    for (const position of link.positions) {
      try {
        answered.push(
          await this.deps.respond(as, setlist.id, position.index, {
            response: input.response,
            name: position.name,
            reason,
          }),
        );
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        refusal ??= error;
      }
    }
    if (answered.length === 0) {
      await this.repo.release(link.id);
      throw refusal;
    }
    return {
      response: input.response,
      setlistName: setlist.name,
      positions: answered.map((a) => a.name),
    };
  }
}

function statusOf(
  link: AssignmentLinkRow,
  date: string,
  now: Date,
): AssignmentLinkPreview['status'] {
  if (link.usedAt) return 'used';
  if (now.getTime() >= linkExpiresAt(date).getTime()) return 'expired';
  return 'valid';
}
