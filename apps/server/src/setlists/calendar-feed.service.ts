import { createHash, randomBytes } from 'node:crypto';
import { CALENDAR_FEED_TEXTS } from '@segue/shared';
import type { CalendarFeedStatus, CreatedCalendarFeed } from '@segue/shared';
import { NotFoundError } from '../lib/errors.ts';
import { icsCalendar } from '../lib/ics.ts';
import type { Actor } from '../policy/actor.ts';
import type { CalendarFeedRepository } from './calendar-feed.repository.ts';
import { serviceEvent, type ServiceFactsReader } from './service-facts.ts';

/** How far back the feed lists services: last month's stay in the calendar a while. */
const FEED_PAST_DAYS = 60;
/** The most services one feed lists. */
const FEED_MAX_SERVICES = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
/** A feed's token: 32 random bytes, URL-safe; `.ics` follows it in the address. */
const TOKEN_PATTERN = /^([A-Za-z0-9_-]{1,100})\.ics$/;

/**
 * The personal calendar feed (docs/DECISIONS.md, "Assignment mails, reminders and the calendar
 * feed"): a secret address per account, shown when made, kept only as its SHA-256; making a
 * new one (Revoke) ends the old at once. The feed needs no session: calendar apps have none.
 */
export class CalendarFeedService {
  constructor(
    private readonly repo: CalendarFeedRepository,
    private readonly deps: {
      facts: ServiceFactsReader;
      appUrl: string;
      now?: () => Date;
    },
  ) {}

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  async status(actor: Actor): Promise<CalendarFeedStatus> {
    const row = await this.repo.find(actor.userId);
    return { active: row !== null, createdAt: row?.createdAt.toISOString() ?? null };
  }

  /** A new address for the caller; the old one, if any, no longer works. */
  async create(actor: Actor): Promise<CreatedCalendarFeed> {
    const token = randomBytes(32).toString('base64url');
    const createdAt = this.now();
    await this.repo.replace(actor.userId, hashToken(token), createdAt);
    const url = `${this.deps.appUrl}/api/calendar/${token}.ics`;
    return {
      url,
      webcalUrl: url.replace(/^https?:/, 'webcal:'),
      createdAt: createdAt.toISOString(),
    };
  }

  /** The feed of `file` (`<token>.ics`): 404 for a token revoked, unknown or malformed. */
  async feed(file: string): Promise<string> {
    const token = TOKEN_PATTERN.exec(file)?.[1];
    const userId = token ? await this.repo.userOf(hashToken(token)) : null;
    if (!userId) throw new NotFoundError(CALENDAR_FEED_TEXTS.feedNotFound);
    const now = this.now();
    const from = new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS).toISOString().slice(0, 10);
    const rows = await this.repo.servicesOf(userId, from, FEED_MAX_SERVICES);
    const facts = await this.deps.facts.read(rows);
    const events = rows.flatMap((row, i) => {
      const service = facts[i];
      if (!service) return [];
      const positions = row.positions
        .filter((p) => p.assignedTo === userId && p.status !== 'declined')
        .map((p) => p.name);
      const leads = service.songs.filter((s) => s.leader === userId).map((s) => s.title);
      return [serviceEvent(service, { positions, leads, appUrl: this.deps.appUrl })];
    });
    return icsCalendar(events, { stamp: now, name: 'Segue' });
  }
}
