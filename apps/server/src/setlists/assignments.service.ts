import { ERROR_CODES, PEOPLE_TEXTS, SETLIST_TEXTS } from '@segue/shared';
import type { Assignment, AssignmentAnswer, AssignmentStatus } from '@segue/shared';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { StoredPosition } from '../db/schema.ts';
import { ConflictError, ForbiddenError, HttpError, NotFoundError } from '../lib/errors.ts';
import type { Mail } from '../lib/mailer.ts';
import { mailLocale } from '../mails/mail-locale.ts';
import type { MailLocalesRepository } from '../mails/mail-locales.repository.ts';
import type { PeopleService } from '../people/people.service.ts';
import type { Actor, TeamActor } from '../policy/actor.ts';
import type { TeamsRepository } from '../teams/teams.repository.ts';
import { entryOf } from './setlists.presenter.ts';
import type { SetlistRow, SetlistValues } from './setlists.repository.ts';
import { assignedMail, dateChangedMail, declinedMail } from './assignments.mails.ts';
import type { AnswerLinks } from './assignment-links.service.ts';
import { serviceAttachment, type ServiceFactsReader } from './service-facts.ts';
import type { AssignmentsRepository } from './assignments.repository.ts';
import { withAnswers } from './assignments.ts';

/** Most assignments `GET /api/account/assignments` lists. */
const MAX_ASSIGNMENTS = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A setlist save that assigns someone away on its day, without `confirmAway` (409). */
export class AssigneeAwayError extends HttpError {
  constructor(message: string) {
    super(409, message, ERROR_CODES.assigneeAway);
  }
}

interface AssignmentsDeps {
  people: PeopleService;
  /** The names and addresses the mails go to. */
  accounts: AccountsRepository;
  /** The team's name, for the mails. */
  teams: TeamsRepository;
  /** The languages the mails' recipients chose. */
  locales: Pick<MailLocalesRepository, 'ofUsers'>;
  /** APP_URL, for the links in mails. */
  appUrl: string;
  /** Mail sent beside the request (MailQueue.enqueue). */
  sendLater: (mail: Mail) => void;
  /** Work (lookups, then mails) run after the answer (MailQueue.defer). */
  defer: (what: string, job: () => Promise<void>) => void;
  /** The service's start time, songs and keys, for the mails. */
  facts: ServiceFactsReader;
  /** The one-tap answer links of an assignment mail. */
  links: {
    issue(
      setlistId: string,
      userId: string,
      positions: { index: number; name: string }[],
    ): Promise<AnswerLinks>;
  };
  now?: () => Date;
}

/**
 * Confirmed assignments (docs/DECISIONS.md, "People, availability and confirmed assignments"):
 * a person assigned to a position of a setlist is asked (status 'pending', a mail, a notice on
 * their dashboard) and accepts or declines; a decline is mailed to the setlist's creator, and a
 * new day to the people assigned. Setlist saves call `checkAway` before and `saved` after; the
 * answers keep through saves (`withAnswers`).
 */
export class AssignmentsService {
  constructor(
    private readonly repo: AssignmentsRepository,
    private readonly deps: AssignmentsDeps,
  ) {}

  /**
   * Names, addresses and languages (their own, else English) of these accounts, and the
   * team's name: what a mail says.
   */
  private async mailFacts(ids: string[], teamId: string) {
    const [people, names, locales] = await Promise.all([
      ids.length === 0 ? [] : this.deps.accounts.people(ids),
      this.deps.teams.namesOf([teamId]),
      this.deps.locales.ofUsers(ids),
    ]);
    return {
      people: new Map(
        people.map((p) => [
          p.id,
          { name: p.name, email: p.email, locale: mailLocale(locales.get(p.id)) },
        ]),
      ),
      teamName: names.get(teamId) ?? '',
    };
  }

  /**
   * Refuses (409, naming who) a save that assigns, as a leader or to a position, someone away
   * on the setlist's day, unless the caller confirmed it.
   */
  async checkAway(values: SetlistValues, confirmed: boolean): Promise<void> {
    if (confirmed) return;
    const ids = [
      ...values.songs.map((e) => entryOf(e).leader),
      ...values.positions.map((p) => p.assignedTo),
    ].filter((id): id is string => Boolean(id));
    const away = await this.deps.people.awayOn(ids, values.date);
    if (away.length === 0) return;
    const names = away.map((p) => p.name).sort((a, b) => a.localeCompare(b));
    throw new AssigneeAwayError(PEOPLE_TEXTS.awayConflict(names, values.date));
  }

  /** The positions to save, with the answers of unchanged assignments kept. */
  answered(
    before: readonly StoredPosition[] | null,
    after: readonly StoredPosition[],
    saverId: string,
  ): StoredPosition[] {
    return withAnswers(before, after, saverId).positions;
  }

  /**
   * After a save: mails the people newly assigned (the saver aside) and, when the day moved,
   * the others assigned (positions not declined, and song leaders). Sent after the answer.
   */
  saved(actor: TeamActor, before: SetlistRow | null, after: SetlistRow): void {
    const saverId = actor.actor.userId;
    const { added, kept } = withAnswers(before?.positions ?? null, after.positions, saverId);
    const newly = new Map<string, { index: number; name: string }[]>();
    for (const i of added) {
      const p = after.positions[i];
      if (!p?.assignedTo || p.assignedTo === saverId) continue;
      newly.set(p.assignedTo, [...(newly.get(p.assignedTo) ?? []), { index: i, name: p.name }]);
    }
    const moved = new Map<string, string[]>();
    if (before && before.date !== after.date) {
      for (const i of kept) {
        const p = after.positions[i];
        if (!p?.assignedTo || p.status === 'declined') continue;
        moved.set(p.assignedTo, [...(moved.get(p.assignedTo) ?? []), p.name]);
      }
      for (const entry of after.songs) {
        const { leader } = entryOf(entry);
        if (leader && !moved.has(leader)) moved.set(leader, []);
      }
      moved.delete(saverId);
      for (const id of newly.keys()) moved.delete(id);
    }
    if (newly.size === 0 && moved.size === 0) return;

    const { appUrl } = this.deps;
    const dashboardUrl = `${appUrl}/dashboard`;
    this.deps.defer('assignment mails', async () => {
      const { people, teamName } = await this.mailFacts(
        [...newly.keys(), ...moved.keys()],
        after.teamId,
      );
      const facts = { setlistName: after.name, date: after.date, teamName, dashboardUrl };
      const [service] = newly.size > 0 ? await this.deps.facts.read([after]) : [];
      const stamp = this.deps.now?.() ?? new Date();
      for (const [id, asked] of newly) {
        const person = people.get(id);
        if (!person || !service) continue;
        const positions = asked.map((p) => p.name);
        this.deps.sendLater(
          assignedMail(
            person.email,
            {
              ...service,
              positions,
              by: actor.actor.name,
              dashboardUrl,
              links: await this.deps.links.issue(after.id, id, asked),
              attachment: serviceAttachment(service, { positions, appUrl }, stamp),
            },
            person.locale,
          ),
        );
      }
      for (const [id, positions] of moved) {
        const person = people.get(id);
        if (!person || !before) continue;
        this.deps.sendLater(
          dateChangedMail(
            person.email,
            { ...facts, positions, previousDate: before.date },
            person.locale,
          ),
        );
      }
    });
  }

  /**
   * The assigned person's answer to position `index` of a setlist, which they name as they saw
   * it. A setlist missing or of a team the caller is not in: 404; the position is now another
   * one: 409; someone else holds it (it was reassigned): 403.
   */
  async respond(
    actor: Pick<Actor, 'userId' | 'name' | 'email'>,
    setlistId: string,
    index: number,
    input: {
      response: Exclude<AssignmentStatus, 'pending'>;
      name: string;
      /** A decline's reason, given through a mailed link: told to the setlist's creator. */
      reason?: string;
    },
  ): Promise<AssignmentAnswer> {
    const result = await this.repo.answer(
      setlistId,
      index,
      input.name,
      actor.userId,
      input.response,
    );
    switch (result.outcome) {
      case 'missing':
        throw new NotFoundError(SETLIST_TEXTS.notFound);
      case 'changed':
        throw new ConflictError(PEOPLE_TEXTS.assignmentChanged);
      case 'notAssignee':
        throw new ForbiddenError(PEOPLE_TEXTS.notAssignee);
    }
    const { setlist, position, previous } = result;
    const creator = setlist.createdBy;
    if (
      position.status === 'declined' &&
      previous !== 'declined' &&
      creator &&
      creator !== actor.userId
    ) {
      this.deps.defer('decline mail', async () => {
        const { people, teamName } = await this.mailFacts([creator], setlist.teamId);
        const to = people.get(creator);
        if (!to) return;
        this.deps.sendLater(
          declinedMail(
            to.email,
            {
              setlistName: setlist.name,
              date: setlist.date,
              teamName,
              who: actor.name.trim() || actor.email,
              position: position.name,
              reason: input.reason,
              setlistUrl: `${this.deps.appUrl}/setlists/view/${encodeURIComponent(setlist.id)}`,
            },
            to.locale,
          ),
        );
      });
    }
    return { index, name: position.name, assignedTo: position.assignedTo, status: position.status };
  }

  /**
   * The caller's assignments with an answer asked, in setlists from `from` on (default: the day
   * before today in UTC, so a service today is listed in every time zone).
   */
  async mine(actor: Actor, from?: string): Promise<Assignment[]> {
    const since = from ?? new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    return this.repo.mine(actor.userId, since, MAX_ASSIGNMENTS);
  }
}
