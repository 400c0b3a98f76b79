import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SERVER_ERRORS, TEXTS } from '@segue/shared';
import type {
  Person,
  Team,
  TeamDetails,
  TeamInput,
  TeamRole,
  TeamSearchResult,
} from '@segue/shared';
import type { AuthenticatedAccount } from '../accounts/sessions.ts';
import type { Db } from '../db/client.ts';
import { user } from '../db/schema.ts';
import type { ChangeFeed } from '../lib/change-feed.ts';
import {
  ConflictError,
  NotFoundError,
  TooManyRequestsError,
  ValidationError,
} from '../lib/errors.ts';
import type { Mail } from '../lib/mailer.ts';
import type { RateLimiter } from '../lib/rate-limit.ts';
import { presentPerson, presentTeam } from './teams.presenter.ts';
import { requireAdmin, requireOwner, teamAccess } from './teams.policy.ts';
import { TeamsRepository } from './teams.repository.ts';

const SEARCH_LIMIT = 50;
const HOUR = 60 * 60 * 1000;

/** Limits per hour on calls that could be used to probe or pester people. */
export const TEAM_LIMITS = {
  addsByEmailPerAdmin: 20,
  joinRequestsPerAccount: 30,
} as const;

/** The mail to someone an admin added by e-mail: who did it, and how to leave. */
function addedToTeamMail(to: string, adminName: string, teamName: string): Mail {
  return {
    to,
    subject: `You were added to ${teamName} on Segue`,
    text:
      `${adminName || 'An admin'} added you to the team "${teamName}" on Segue, so you now ` +
      `see its songs and setlists and can follow it live.\n\n` +
      `If you did not expect this, open Segue, choose "${teamName}" on your dashboard and ` +
      `use Leave Team. Nobody else was told whether this address has a Segue account.`,
  };
}

/** Counts shown on Manage Team's Overview; features that own songs and setlists add theirs. */
export type TeamStatsSource = (teamId: string) => Promise<{ songs: number; setlists: number }>;

export class TeamsService {
  readonly repo: TeamsRepository;
  private statsSource: TeamStatsSource = async () => ({ songs: 0, setlists: 0 });

  constructor(
    private readonly db: Db,
    changes: ChangeFeed,
    private readonly deps: {
      limiter: RateLimiter;
      /** Mails sent in the background (MailQueue.enqueue): the answer never waits for SMTP. */
      sendLater: (mail: Mail) => void;
    },
  ) {
    this.repo = new TeamsRepository(db, changes);
  }

  private async count(key: string, limit: number) {
    const decision = await this.deps.limiter.hit(key, limit, HOUR);
    if (!decision.allowed) {
      throw new TooManyRequestsError(SERVER_ERRORS.tooManyAttempts, decision.retryAfterSeconds);
    }
  }

  useStatsSource(source: TeamStatsSource) {
    this.statsSource = source;
  }

  async list(account: AuthenticatedAccount): Promise<Team[]> {
    const teams = await this.repo.withPeople(await this.repo.teamsOf(account.userId));
    return teams.map((t) =>
      presentTeam(
        t,
        t.members.some((m) => m.userId === account.userId && m.role === 'admin'),
      ),
    );
  }

  async get(account: AuthenticatedAccount, teamId: string): Promise<TeamDetails> {
    const access = await teamAccess(this.repo, teamId, account);
    const [withPeople] = await this.repo.withPeople([access.team]);
    const counts = await this.statsSource(teamId);
    const team = presentTeam(withPeople!, access.isAdmin);
    return { ...team, stats: { members: team.members.length, ...counts } };
  }

  async search(account: AuthenticatedAccount, query: string): Promise<TeamSearchResult[]> {
    const rows = await this.repo.search(query, account.userId, SEARCH_LIMIT);
    return rows.map((r) => ({
      _id: r.id,
      name: r.name,
      description: r.description,
      memberCount: Number(r.memberCount),
      isMember: Boolean(r.isMember),
      hasRequested: Boolean(r.hasRequested),
    }));
  }

  async create(account: AuthenticatedAccount, input: Required<TeamInput>): Promise<Team> {
    const row = await this.repo.create({
      id: randomUUID(),
      name: input.name,
      description: input.description,
      ownerId: account.userId,
    });
    return this.present(row.id, true);
  }

  async update(
    account: AuthenticatedAccount,
    teamId: string,
    input: Required<TeamInput>,
  ): Promise<Team> {
    const access = await teamAccess(this.repo, teamId, account);
    requireAdmin(access);
    await this.repo.update(teamId, { name: input.name, description: input.description });
    return this.present(teamId, true);
  }

  /** Anyone signed in may ask to join a team they can find; once. */
  async requestToJoin(account: AuthenticatedAccount, teamId: string) {
    await this.count(`join-request:account:${account.userId}`, TEAM_LIMITS.joinRequestsPerAccount);
    const team = await this.repo.find(teamId);
    if (!team) throw new NotFoundError(SERVER_ERRORS.teamNotFound);
    if (await this.repo.role(teamId, account.userId))
      throw new ConflictError(SERVER_ERRORS.alreadyMember);
    if (!(await this.repo.addRequest(teamId, account.userId))) {
      throw new ConflictError(SERVER_ERRORS.alreadyRequested);
    }
    return { message: TEXTS.joinRequestSent };
  }

  async requests(account: AuthenticatedAccount, teamId: string): Promise<Person[]> {
    requireAdmin(await teamAccess(this.repo, teamId, account));
    return (await this.repo.requesters(teamId)).map(presentPerson);
  }

  async approve(account: AuthenticatedAccount, teamId: string, userId: string) {
    requireAdmin(await teamAccess(this.repo, teamId, account));
    if (!(await this.repo.addMember(teamId, userId, { requireRequest: true }))) {
      throw new NotFoundError(SERVER_ERRORS.noPendingRequest);
    }
    return { message: TEXTS.userApproved };
  }

  async deny(account: AuthenticatedAccount, teamId: string, userId: string) {
    requireAdmin(await teamAccess(this.repo, teamId, account));
    if (!(await this.repo.removeRequest(teamId, userId))) {
      throw new NotFoundError(SERVER_ERRORS.noPendingRequest);
    }
    return { message: TEXTS.joinRequestDenied };
  }

  /** Adds an existing, verified account by its address. */
  /**
   * Add User by Email: a verified account is added to the team and told so by mail
   * (with how to leave). The answer is the same whether the address has a verified
   * account, an unverified one, none, or is a member already, so the box cannot be
   * used to find out who has a Segue account; it is limited per admin. See
   * docs/DECISIONS.md.
   */
  async addByEmail(account: AuthenticatedAccount, teamId: string, email: string) {
    const access = await teamAccess(this.repo, teamId, account);
    requireAdmin(access);
    await this.count(`add-by-email:account:${account.userId}`, TEAM_LIMITS.addsByEmailPerAdmin);
    const [person] = await this.db
      .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.email, email.toLowerCase()))
      .limit(1);
    if (person?.emailVerified && !(await this.repo.role(teamId, person.id))) {
      if (await this.repo.addMember(teamId, person.id, { requireRequest: false })) {
        this.deps.sendLater(addedToTeamMail(person.email, account.name, access.team.name));
      }
    }
    return { message: TEXTS.userInvited };
  }

  async setRole(
    account: AuthenticatedAccount,
    teamId: string,
    userId: string,
    role: TeamRole,
  ): Promise<Team> {
    const access = await teamAccess(this.repo, teamId, account);
    requireAdmin(access);
    if (userId === access.team.createdBy && role !== 'admin') {
      throw new ValidationError(SERVER_ERRORS.ownerAlwaysAdmin);
    }
    if (!(await this.repo.setRole(teamId, userId, role)))
      throw new NotFoundError(SERVER_ERRORS.notAMember);
    return this.present(teamId, true);
  }

  async removeMember(account: AuthenticatedAccount, teamId: string, userId: string): Promise<Team> {
    const access = await teamAccess(this.repo, teamId, account);
    requireAdmin(access);
    if (userId === access.team.createdBy)
      throw new ValidationError(SERVER_ERRORS.ownerCannotBeRemoved);
    if (!(await this.repo.removeMember(teamId, userId)))
      throw new NotFoundError(SERVER_ERRORS.notAMember);
    return this.present(teamId, access.isAdmin && userId !== account.userId);
  }

  async leave(account: AuthenticatedAccount, teamId: string) {
    const access = await teamAccess(this.repo, teamId, account);
    if (access.role === 'owner') throw new ValidationError(SERVER_ERRORS.ownerCannotLeave);
    await this.repo.removeMember(teamId, account.userId);
    return { message: 'You left the team.' };
  }

  async transferOwnership(
    account: AuthenticatedAccount,
    teamId: string,
    newOwnerId: string,
  ): Promise<Team> {
    const access = await teamAccess(this.repo, teamId, account);
    requireOwner(access);
    if (newOwnerId === account.userId) throw new ValidationError(SERVER_ERRORS.transferToSelf);
    if (!(await this.repo.transfer(teamId, account.userId, newOwnerId))) {
      throw new ValidationError(SERVER_ERRORS.transferToMember);
    }
    return this.present(teamId, true);
  }

  async delete(account: AuthenticatedAccount, teamId: string): Promise<void> {
    requireOwner(await teamAccess(this.repo, teamId, account));
    await this.repo.delete(teamId);
  }

  private async present(teamId: string, viewerIsAdmin: boolean): Promise<Team> {
    const row = await this.repo.find(teamId);
    if (!row) throw new NotFoundError(SERVER_ERRORS.teamNotFound);
    const [withPeople] = await this.repo.withPeople([row]);
    return presentTeam(withPeople!, viewerIsAdmin);
  }
}
