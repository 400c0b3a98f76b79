import type { Account } from '@segue/shared';

interface AccountLike {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  phone?: string | null;
}

/** The account in the account service's shape (spec section 3, User). */
export function presentAccount(user: AccountLike, teams: string[] = []): Account {
  return {
    $id: user.id,
    name: user.name,
    email: user.email,
    emailVerification: user.emailVerified,
    phone: user.phone ?? '',
    teams,
  };
}
