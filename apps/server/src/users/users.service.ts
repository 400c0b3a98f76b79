import type { Person } from '@segue/shared';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { Actor } from '../policy/actor.ts';
import type { TeamsRepository } from '../teams/teams.repository.ts';

/** Names and addresses of other people, shown only to those who share a team with them. */
export class UsersService {
  constructor(private readonly deps: { teams: TeamsRepository; accounts: AccountsRepository }) {}

  /** The people among `ids` who share a team with the caller (the caller too), by name. */
  async teammates(actor: Actor, ids: string[]): Promise<Person[]> {
    const shared = await this.deps.teams.teammatesAmong(actor.userId, ids);
    if (shared.length === 0) return [];
    const people = await this.deps.accounts.people(shared);
    return people.map((p) => ({ $id: p.id, name: p.name, email: p.email }));
  }
}
