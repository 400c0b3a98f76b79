import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import { nextDay } from '../lib/ics.ts';
import type { Mail } from '../lib/mailer.ts';
import { mailLocale } from '../mails/mail-locale.ts';
import type { MailLocalesRepository } from '../mails/mail-locales.repository.ts';
import type { AnswerLinks } from './assignment-links.service.ts';
import type {
  AssignmentRemindersRepository,
  ReminderCandidate,
} from './assignment-reminders.repository.ts';
import { reminderMail } from './assignments.mails.ts';
import { serviceAttachment, type ServiceFactsReader } from './service-facts.ts';

/** How often the server looks for reminders that are due. */
export const REMINDER_SWEEP_MS = 10 * 60 * 1000;

const addDays = (day: string, days: number) => {
  let out = day;
  for (let i = 0; i < days; i++) out = nextDay(out);
  return out;
};

/**
 * Which reminder a service `daysAhead` days away (counted in UTC calendar days) is due for:
 * the 3-day one 3 days before, or 2 when the server was down that whole day; the 1-day one
 * the day before. None on the day itself or further ahead.
 */
export function reminderDue(daysAhead: number): '3d' | '1d' | null {
  if (daysAhead === 3 || daysAhead === 2) return '3d';
  if (daysAhead === 1) return '1d';
  return null;
}

/**
 * Reminders before a service (docs/DECISIONS.md, "Assignment mails, reminders and the calendar
 * feed"): 3 days and again 1 day before, to everyone holding a position who has not declined,
 * each once. A reminder is claimed in the database before its mail goes, so a restart or a
 * second instance never sends it twice. `sweep` runs at start and every 10 minutes; tests call
 * it with the time they need.
 */
export class AssignmentRemindersService {
  constructor(
    private readonly repo: AssignmentRemindersRepository,
    private readonly deps: {
      accounts: Pick<AccountsRepository, 'people'>;
      /** The languages the people reminded chose (else their reminders are in English). */
      locales: Pick<MailLocalesRepository, 'ofUsers'>;
      facts: ServiceFactsReader;
      links: {
        issue(
          setlistId: string,
          userId: string,
          positions: { index: number; name: string }[],
        ): Promise<AnswerLinks>;
        /** Forgets the links of services long over (done by the same sweep). */
        purge(now: Date): Promise<number>;
      };
      sendLater: (mail: Mail) => void;
      appUrl: string;
    },
  ) {}

  /** Sends the reminders due at `now`, and forgets links long expired; answers how many went. */
  async sweep(now: Date): Promise<number> {
    await this.deps.links.purge(now);
    const today = now.toISOString().slice(0, 10);
    const candidates = await this.repo.candidates(addDays(today, 1), addDays(today, 3));
    // One reminder per person and setlist, naming all their positions in it.
    const groups = new Map<string, ReminderCandidate[]>();
    for (const c of candidates) {
      const key = `${c.setlistId}\u0000${c.userId}`;
      groups.set(key, [...(groups.get(key) ?? []), c]);
    }
    const people = new Map(
      (await this.deps.accounts.people([...new Set(candidates.map((c) => c.userId))])).map((p) => [
        p.id,
        p,
      ]),
    );
    const locales = await this.deps.locales.ofUsers([...people.keys()]);
    let sent = 0;
    for (const held of groups.values()) {
      const first = held[0]!;
      const daysAhead = Math.round(
        (Date.parse(`${first.date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
      );
      const kind = reminderDue(daysAhead);
      const person = people.get(first.userId);
      if (!kind || !person) continue;
      const claimed = await this.repo.claim({
        setlistId: first.setlistId,
        userId: first.userId,
        serviceDate: first.date,
        kind,
        sentAt: now,
      });
      if (!claimed) continue;
      const [facts] = await this.deps.facts.read([{ ...first, id: first.setlistId }]);
      if (!facts) continue;
      const positions = held.map((c) => c.position);
      const pending = held.filter((c) => c.status === 'pending');
      const links =
        pending.length > 0
          ? await this.deps.links.issue(
              first.setlistId,
              first.userId,
              pending.map((c) => ({ index: c.index, name: c.position })),
            )
          : null;
      this.deps.sendLater(
        reminderMail(
          person.email,
          {
            ...facts,
            positions,
            daysBefore: kind === '1d' ? 1 : 3,
            dashboardUrl: `${this.deps.appUrl}/dashboard`,
            links,
            attachment: serviceAttachment(facts, { positions, appUrl: this.deps.appUrl }, now),
          },
          mailLocale(locales.get(person.id)),
        ),
      );
      sent += 1;
    }
    return sent;
  }
}
