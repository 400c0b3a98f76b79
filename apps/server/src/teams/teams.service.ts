import { randomUUID } from 'node:crypto';
import { JOIN_REQUEST_TEXTS, SERVER_ERRORS, TEXTS } from '@segue/shared';
import type {
  OwnJoinRequest,
  Person,
  Team,
  TeamDetails,
  TeamEditorsInput,
  TeamListeningInput,
  TeamInput,
  MemberRole,
  TeamSearchResult,
} from '@segue/shared';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import {
  ConflictError,
  NotFoundError,
  TooManyRequestsError,
  ValidationError,
} from '../lib/errors.ts';
import type { Mail } from '../lib/mailer.ts';
import type { RateLimiter } from '../lib/rate-limit.ts';
import { mailLocale } from '../mails/mail-locale.ts';
import { addedToTeamMail } from '../mails/team-mails.ts';
import { presentPerson, presentTeam } from './teams.presenter.ts';
import type { Actor, TeamActor } from '../policy/actor.ts';
import { authorize, isTeamAdmin } from '../policy/policy.ts';
import type { TeamsRepository } from './teams.repository.ts';

const SEARCH_LIMIT = 50;
/** The most of their own pending requests a caller is shown (newest first). */
const OWN_REQUESTS_LIMIT = 100;
const HOUR = 60 * 60 * 1000;

/** Limits per hour on calls that could be used to probe or pester people. */
const TEAM_LIMITS = {
  addsByEmailPerAdmin: 20,
  joinRequestsPerAccount: 30,
} as const;

/** Counts shown on Manage Team's Overview; features that own songs and setlists add theirs. */
export type TeamStatsSource = (teamId: string) => Promise<{ songs: number; setlists: number }>;

export class TeamsService {
  constructor(
    private readonly repo: TeamsRepository,
    private readonly deps: {
      /** Accounts found by address, and the names of people asking to join. */
      accounts: AccountsRepository;
      stats: TeamStatsSource;
      limiter: RateLimiter;
      /** Mails sent in the background (MailQueue.enqueue): the answer never waits for SMTP. */
      sendLater: (mail: Mail) => void;
    },
  ) {}

  private async count(key: string, limit: number) {
    const decision = await this.deps.limiter.hit(key, limit, HOUR);
    if (!decision.allowed) {
      throw new TooManyRequestsError(SERVER_ERRORS.tooManyAttempts, decision.retryAfterSeconds);
    }
  }

  async list(actor: Actor): Promise<Team[]> {
    const teams = await this.repo.withPeople(await this.repo.teamsOf(actor.userId));
    return teams.map((t) =>
      presentTeam(
        t,
        t.members.some((m) => m.userId === actor.userId && m.role === 'admin'),
      ),
    );
  }

  async get(actor: TeamActor): Promise<TeamDetails> {
    authorize(actor, 'viewTeam');
    const [withPeople] = await this.repo.withPeople([actor.team]);
    if (!withPeople) throw new NotFoundError(SERVER_ERRORS.teamNotFound);
    const counts = await this.deps.stats(actor.team.id);
    const team = presentTeam(withPeople, isTeamAdmin(actor));
    return { ...team, stats: { members: team.members.length, ...counts } };
  }

  async search(actor: Actor, query: string): Promise<TeamSearchResult[]> {
    const rows = await this.repo.search(query, actor.userId, SEARCH_LIMIT);
    return rows.map((r) => ({
      _id: r.id,
      name: r.name,
      description: r.description,
      memberCount: Number(r.memberCount),
      isMember: Boolean(r.isMember),
      hasRequested: Boolean(r.hasRequested),
    }));
  }

  async create(actor: Actor, input: Required<TeamInput>): Promise<Team> {
    const row = await this.repo.create({
      id: randomUUID(),
      name: input.name,
      description: input.description,
      ownerId: actor.userId,
    });
    return this.present(row.id, true);
  }

  async update(actor: TeamActor, input: Required<TeamInput>): Promise<Team> {
    authorize(actor, 'editTeam');
    await this.repo.update(actor.team.id, { name: input.name, description: input.description });
    return this.present(actor.team.id, true);
  }

  /** Who may edit and delete the team's songs and setlists: the owner's to say. */
  async setEditors(actor: TeamActor, input: TeamEditorsInput): Promise<Team> {
    authorize(actor, 'setEditors');
    await this.repo.setEditors(actor.team.id, input);
    return this.present(actor.team.id, true);
  }

  /** Whether the team's set leaders see who played each song's recording: the owner's to say. */
  async setListening(actor: TeamActor, input: TeamListeningInput): Promise<Team> {
    authorize(actor, 'setListening');
    await this.repo.setListening(actor.team.id, input.shareListening);
    return this.present(actor.team.id, true);
  }

  /** Anyone signed in may ask to join a team they can find; once. */
  async requestToJoin(actor: Actor, teamId: string) {
    await this.count(`join-request:account:${actor.userId}`, TEAM_LIMITS.joinRequestsPerAccount);
    const team = await this.repo.find(teamId);
    if (!team) throw new NotFoundError(SERVER_ERRORS.teamNotFound);
    if (await this.repo.role(teamId, actor.userId))
      throw new ConflictError(SERVER_ERRORS.alreadyMember);
    if (!(await this.repo.addRequest(teamId, actor.userId))) {
      throw new ConflictError(SERVER_ERRORS.alreadyRequested);
    }
    return { message: TEXTS.joinRequestSent };
  }

  /** The caller's own pending join requests (the dashboard's "Pending requests"). */
  async ownRequests(actor: Actor): Promise<OwnJoinRequest[]> {
    const rows = await this.repo.requestsOf(actor.userId, OWN_REQUESTS_LIMIT);
    return rows.map((r) => ({
      teamId: r.teamId,
      teamName: r.teamName,
      requestedAt: r.requestedAt.toISOString(),
    }));
  }

  /**
   * Withdraws the caller's own request to join: only ever theirs, so nobody else's can be
   * named. The same 404 whether the team exists or not, as for a stranger.
   */
  async withdrawRequest(actor: Actor, teamId: string): Promise<void> {
    if (!(await this.repo.removeRequest(teamId, actor.userId))) {
      throw new NotFoundError(JOIN_REQUEST_TEXTS.noPendingRequest);
    }
  }

  async requests(actor: TeamActor): Promise<Person[]> {
    authorize(actor, 'reviewJoinRequests');
    const ids = await this.repo.requesterIds(actor.team.id);
    const people = new Map((await this.deps.accounts.people(ids)).map((p) => [p.id, p]));
    return ids.flatMap((id) => {
      const person = people.get(id);
      return person ? [presentPerson(person)] : [];
    });
  }

  async approve(actor: TeamActor, userId: string) {
    authorize(actor, 'reviewJoinRequests');
    // Asked first (see `mustBeMember`), then again in the write.
    const requested = (await this.repo.requesterIds(actor.team.id)).includes(userId);
    if (
      !requested ||
      !(await this.repo.addMember(actor.team.id, userId, { requireRequest: true }))
    ) {
      throw new NotFoundError(SERVER_ERRORS.noPendingRequest);
    }
    return { message: TEXTS.userApproved };
  }

  async deny(actor: TeamActor, userId: string) {
    authorize(actor, 'reviewJoinRequests');
    if (!(await this.repo.removeRequest(actor.team.id, userId))) {
      throw new NotFoundError(SERVER_ERRORS.noPendingRequest);
    }
    return { message: TEXTS.joinRequestDenied };
  }

  /**
   * Add User by Email: a verified account is added to the team and told so by mail
   * (with how to leave). The answer is the same whether the address has a verified
   * account, an unverified one, none, or is a member already, so the box cannot be
   * used to find out who has a Segue account; it is limited per admin. See
   * docs/DECISIONS.md.
   */
  async addByEmail(actor: TeamActor, email: string, requestLocale?: string) {
    authorize(actor, 'manageMembers');
    const { team } = actor;
    await this.count(`add-by-email:account:${actor.actor.userId}`, TEAM_LIMITS.addsByEmailPerAdmin);
    const person = await this.deps.accounts.findByEmail(email);
    if (person?.emailVerified && !(await this.repo.role(team.id, person.id))) {
      if (await this.repo.addMember(team.id, person.id, { requireRequest: false })) {
        // In the person's language, else the admin's (theirs, else the request's).
        const { locale } = await this.deps.accounts.extraFieldsOf(person.id);
        this.deps.sendLater(
          addedToTeamMail(
            person.email,
            { adminName: actor.actor.name, teamName: team.name },
            mailLocale(locale, actor.actor.locale, requestLocale),
          ),
        );
      }
    }
    return { message: TEXTS.userInvited };
  }

  async setRole(actor: TeamActor, input: { userId: string; role: MemberRole }): Promise<Team> {
    authorize(actor, 'manageMembers');
    await this.mustBeMember(actor, input.userId);
    if (input.userId === actor.team.createdBy && input.role !== 'admin') {
      throw new ValidationError(SERVER_ERRORS.ownerAlwaysAdmin);
    }
    const result = await this.repo.setRole(actor.team.id, input.userId, input.role);
    if (result === 'owner') throw new ValidationError(SERVER_ERRORS.ownerAlwaysAdmin);
    if (result === 'not-member') throw new NotFoundError(SERVER_ERRORS.notAMember);
    return this.present(actor.team.id, true);
  }

  async removeMember(actor: TeamActor, userId: string): Promise<Team> {
    authorize(actor, 'manageMembers');
    await this.mustBeMember(actor, userId);
    if (userId === actor.team.createdBy)
      throw new ValidationError(SERVER_ERRORS.ownerCannotBeRemoved);
    const result = await this.repo.removeMember(actor.team.id, userId);
    if (result === 'owner') throw new ValidationError(SERVER_ERRORS.ownerCannotBeRemoved);
    if (result === 'not-member') throw new NotFoundError(SERVER_ERRORS.notAMember);
    return this.present(actor.team.id, userId !== actor.actor.userId);
  }

  async leave(actor: TeamActor) {
    authorize(actor, 'leaveTeam');
    await this.repo.removeMember(actor.team.id, actor.actor.userId);
    return { message: 'You left the team.' };
  }

  async transferOwnership(actor: TeamActor, newOwnerId: string): Promise<Team> {
    authorize(actor, 'transferOwnership');
    if (newOwnerId === actor.actor.userId) throw new ValidationError(SERVER_ERRORS.transferToSelf);
    // Asked first (see `mustBeMember`), then again in the write.
    const member = (await this.repo.role(actor.team.id, newOwnerId)) !== null;
    if (!member || !(await this.repo.transfer(actor.team.id, actor.actor.userId, newOwnerId))) {
      throw new ValidationError(SERVER_ERRORS.transferToMember);
    }
    return this.present(actor.team.id, true);
  }

  async delete(actor: TeamActor): Promise<void> {
    authorize(actor, 'deleteTeam');
    await this.repo.delete(actor.team.id);
  }

  /**
   * Refuses a change to someone who is not a member before it is made: a write of the team
   * tells the change feed first (with Redis, the team's counter on every instance), and a
   * refused request must change nothing anywhere. The write checks again under the team's lock.
   */
  private async mustBeMember(actor: TeamActor, userId: string): Promise<void> {
    if (!(await this.repo.role(actor.team.id, userId))) {
      throw new NotFoundError(SERVER_ERRORS.notAMember);
    }
  }

  private async present(teamId: string, viewerIsAdmin: boolean): Promise<Team> {
    const row = await this.repo.find(teamId);
    if (!row) throw new NotFoundError(SERVER_ERRORS.teamNotFound);
    const [withPeople] = await this.repo.withPeople([row]);
    if (!withPeople) throw new NotFoundError(SERVER_ERRORS.teamNotFound);
    return presentTeam(withPeople, viewerIsAdmin);
  }
}
