import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { INVITE_TEXTS, inviteStatusMessage, SERVER_ERRORS } from '@segue/shared';
import type {
  AcceptedInvite,
  CreatedInvite,
  Invite,
  InviteInput,
  InvitePreview,
  Team,
} from '@segue/shared';
import { ConflictError, GoneError, NotFoundError, TooManyRequestsError } from '../lib/errors.ts';
import type { Mail } from '../lib/mailer.ts';
import type { RateLimiter } from '../lib/rate-limit.ts';
import { mailLocale } from '../mails/mail-locale.ts';
import type { MailLocalesRepository } from '../mails/mail-locales.repository.ts';
import { inviteMail } from '../mails/team-mails.ts';
import type { Actor, TeamActor } from '../policy/actor.ts';
import { authorize } from '../policy/policy.ts';
import type { InvitesRepository } from './invites.repository.ts';
import { inviteStatus, presentInvite } from './invites.presenter.ts';
import { presentTeam } from './teams.presenter.ts';
import type { TeamsRepository } from './teams.repository.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Limits per hour on calls that could be used to pester people or probe tokens. */
export const INVITE_RATE_LIMITS = {
  linksPerAdmin: 50,
  emailsPerAdmin: 20,
  lookupsPerAddress: 120,
  acceptsPerAccount: 30,
} as const;

/** Usable invitations a team may hold at once: the list stays readable, and mail stays rare. */
export const MAX_PENDING_INVITES = 100;

/** A fresh invitation token: 32 random bytes, URL-safe. Only its hash is stored. */
export const newInviteToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256, in hex. */
export const hashInviteToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Invitations to a team (docs/DECISIONS.md, Teams, "Invitations"): links admins share and
 * single-use links mailed to an address. Admins create, list and withdraw them; anyone may
 * look one up by its token, and a verified account joins the team with it.
 */
export class InvitesService {
  constructor(
    private readonly repo: InvitesRepository,
    private readonly deps: {
      teams: TeamsRepository;
      limiter: RateLimiter;
      /** Mails sent in the background (MailQueue.enqueue): the answer never waits for SMTP. */
      sendLater: (mail: Mail) => void;
      /** The language an invited address's account chose, for its mail. */
      locales: Pick<MailLocalesRepository, 'ofAddress'>;
      /** APP_URL: the links' base. */
      appUrl: string;
      now?: () => Date;
    },
  ) {}

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  private async count(key: string, limit: number) {
    const decision = await this.deps.limiter.hit(key, limit, HOUR);
    if (!decision.allowed) {
      throw new TooManyRequestsError(SERVER_ERRORS.tooManyAttempts, decision.retryAfterSeconds);
    }
  }

  private linkOf(token: string) {
    return `${this.deps.appUrl}/invite/${token}`;
  }

  /**
   * Creates an invitation. A link's URL is answered once; an e-mail invitation's link goes
   * only in the mail, and the answer is the same whether the address has an account. The mail
   * is in the language of the address's account, else the admin's (theirs, else `requestLocale`).
   */
  async create(
    actor: TeamActor,
    input: InviteInput,
    requestLocale?: string,
  ): Promise<CreatedInvite> {
    authorize(actor, 'manageMembers');
    const admin = actor.actor;
    if (input.kind === 'email') {
      await this.count(`invite-email:account:${admin.userId}`, INVITE_RATE_LIMITS.emailsPerAdmin);
    } else {
      await this.count(`invite-link:account:${admin.userId}`, INVITE_RATE_LIMITS.linksPerAdmin);
    }
    const token = newInviteToken();
    const now = this.now();
    const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY);
    const row = await this.repo.create(
      {
        id: randomUUID(),
        teamId: actor.team.id,
        kind: input.kind,
        tokenHash: hashInviteToken(token),
        email: input.kind === 'email' ? input.email : null,
        createdBy: admin.userId,
        expiresAt,
        maxUses: input.kind === 'email' ? 1 : input.maxUses,
        createdAt: now,
      },
      MAX_PENDING_INVITES,
    );
    if (!row) throw new ConflictError(INVITE_TEXTS.tooManyPending);
    const url = this.linkOf(token);
    if (input.kind === 'email') {
      const locale = mailLocale(
        await this.deps.locales.ofAddress(input.email),
        admin.locale,
        requestLocale,
      );
      this.deps.sendLater(
        inviteMail(
          input.email,
          { adminName: admin.name, teamName: actor.team.name, link: url, until: expiresAt },
          locale,
        ),
      );
      return { invite: presentInvite(row) };
    }
    return { invite: presentInvite(row), url };
  }

  /** The team's invitations that still work, newest first. */
  async pending(actor: TeamActor): Promise<Invite[]> {
    authorize(actor, 'manageMembers');
    return (await this.repo.pending(actor.team.id, this.now())).map(presentInvite);
  }

  /** Withdraws an invitation of the team: its link stops working at once. */
  async withdraw(actor: TeamActor, inviteId: string): Promise<void> {
    authorize(actor, 'manageMembers');
    if (!(await this.repo.revoke(actor.team.id, inviteId, this.now()))) {
      throw new NotFoundError(INVITE_TEXTS.inviteNotFound);
    }
  }

  /** What a token's page shows before sign-in: the team it joins, and whether it still works. */
  async preview(token: string, meta: { ip: string }): Promise<InvitePreview> {
    await this.count(`invite-lookup:ip:${meta.ip}`, INVITE_RATE_LIMITS.lookupsPerAddress);
    const invite = await this.repo.findByTokenHash(hashInviteToken(token));
    if (!invite) throw new NotFoundError(INVITE_TEXTS.notValid);
    return {
      teamName: invite.teamName,
      kind: invite.kind,
      status: inviteStatus(invite, this.now()),
    };
  }

  /**
   * Joins the caller to the invitation's team, as an approved join request would. A member
   * already is answered with the team and uses nothing; an invitation that can no longer be
   * used is refused (410) with the reason.
   */
  async accept(actor: Actor, token: string): Promise<AcceptedInvite> {
    await this.count(`invite-accept:account:${actor.userId}`, INVITE_RATE_LIMITS.acceptsPerAccount);
    const invite = await this.repo.findByTokenHash(hashInviteToken(token));
    if (!invite) throw new NotFoundError(INVITE_TEXTS.notValid);
    if (await this.deps.teams.role(invite.teamId, actor.userId)) {
      return { team: await this.presentTeam(invite.teamId), joined: false };
    }
    const now = this.now();
    const status = inviteStatus(invite, now);
    if (status !== 'valid') throw new GoneError(inviteStatusMessage(status));
    const result = await this.repo.accept(invite, actor.userId, now);
    if (result === 'unusable') {
      // Someone else took the last use, or an admin withdrew it, since it was read.
      const current = await this.repo.find(invite.id);
      if (!current) throw new NotFoundError(INVITE_TEXTS.notValid);
      const why = inviteStatus(current, this.now());
      throw new GoneError(inviteStatusMessage(why === 'valid' ? 'used' : why));
    }
    return { team: await this.presentTeam(invite.teamId), joined: result === 'joined' };
  }

  private async presentTeam(teamId: string): Promise<Team> {
    const row = await this.deps.teams.find(teamId);
    const [withPeople] = row ? await this.deps.teams.withPeople([row]) : [];
    if (!withPeople) throw new NotFoundError(INVITE_TEXTS.notValid);
    return presentTeam(withPeople, false);
  }
}
