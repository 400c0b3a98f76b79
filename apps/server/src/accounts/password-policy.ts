import { ACCOUNT_SETTINGS_TEXTS } from '@segue/shared';
import { ValidationError } from '../lib/errors.ts';

/**
 * The most used passwords of at least 8 characters (from public breach
 * frequency lists), plus ones a worship team would guess first. Shorter ones are
 * refused by length already.
 */
const COMMON = new Set(
  `password 12345678 123456789 1234567890 12345678910 qwerty123 qwertyuiop password1 password12 password123
  iloveyou sunshine princess football baseball welcome1 welcome123 trustno1 superman qwerty12 qwerty1234
  11111111 00000000 88888888 12341234 87654321 11223344 abcd1234 abc12345 abcdefgh passw0rd p@ssw0rd
  p@ssword letmein1 letmein123 starwars whatever dragon12 michael1 charlie1 computer corvette mercedes
  internet jennifer jordan23 liverpool chelsea1 master12 shadow12 monkey12 asdfghjk asdfghjkl zxcvbnm1
  zxcvbnm123 1q2w3e4r 1q2w3e4r5t 1qaz2wsx qazwsxedc q1w2e3r4 q1w2e3r4t5 aaaaaaaa admin123 administrator
  changeme changeme1 secret123 football1 baseball1 sunshine1 princess1 iloveyou1 iloveyou2 freedom1
  whatever1 starwars1 pokemon1 minecraft fortnite1 basketball soccer123 hello123 welcome! password!
  password1! qwerty123! 123qwe123 123123123 987654321 999999999 55555555 66666666 77777777 99999999
  hallelujah jesus123 jesuschrist jesusloves jesusislord godisgood godislove blessed1 blessed123
  worship1 worship123 praisegod praisethelord amazinggrace faithful christian1 heaven123 gloryto god12345
  segue123 seguepassword`
    .split(/\s+/)
    .filter(Boolean),
);

/** Refuses a password that is on the common list, whatever its case. */
export function assertPasswordNotCommon(password: string) {
  const normalised = password.trim().toLowerCase();
  if (
    COMMON.has(normalised) ||
    /^(.)\1+$/.test(normalised) ||
    /^(0123456789|123456789|abcdefghij)/.test(normalised)
  ) {
    throw new ValidationError(ACCOUNT_SETTINGS_TEXTS.commonPassword);
  }
}
