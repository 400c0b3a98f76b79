import { isLocale, type Account } from '@segue/shared';

interface AccountLike {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  phone?: string | null;
  locale?: string | null;
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
    // A value no longer offered (a language removed) follows the browser.
    locale: isLocale(user.locale) ? user.locale : null,
  };
}
