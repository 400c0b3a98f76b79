/**
 * Operator commands, run beside (or instead of) the server with the same
 * environment: `npm run admin -w @segue/server -- <command> [arguments]`.
 *
 *   reset-2fa <email>   turns two-factor authentication off for an account and
 *                       ends all its sessions (docs/DEPLOYMENT.md, "AUTH_SECRET").
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AccountSettingsService } from './accounts/account-settings.service.ts';
import { AccountsRepository } from './accounts/accounts.repository.ts';
import { createAuth } from './accounts/auth.ts';
import { SessionResolver } from './accounts/sessions.ts';
import { TwoFactorRepository } from './accounts/two-factor.repository.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { ChangeFeed } from './lib/change-feed.ts';
import { MailQueue } from './lib/mail-queue.ts';
import { MemoryRateLimiter } from './lib/rate-limit.ts';
import { connectRedis, REDIS_PREFIX } from './lib/redis.ts';
import { TeamsRepository } from './teams/teams.repository.ts';

const USAGE = `Usage: npm run admin -w @segue/server -- reset-2fa <email> [--force]

  reset-2fa <email>  Turn two-factor authentication off for the account of <email>
                     and end all its sessions. Use it when AUTH_SECRET was lost or
                     changed (authenticator codes no longer work) or a person lost
                     both their authenticator and their backup codes.
  --force            On the embedded database: run although it looks in use.

It reads the same environment as the server (DATA_DIR, DATABASE_URL, AUTH_SECRET).`;

const log = {
  warn: (obj: unknown, msg: string) => console.warn(msg, obj),
  error: (obj: unknown, msg: string) => console.error(msg, obj),
};

async function resetTwoFactor(email: string, force: boolean): Promise<number> {
  // The command reads no secret: it must not make a new auth-secret file either.
  const config = loadConfig(process.env, { authSecret: randomBytes(32).toString('base64url') });
  const pgliteDir = path.join(config.dataDir, 'pgdata');
  if (!config.databaseUrl) {
    if (!existsSync(pgliteDir)) {
      console.error(
        `There is no embedded database in ${pgliteDir}. Run this from the folder Segue runs in, or set DATA_DIR (or DATABASE_URL) as the server has it.`,
      );
      return 1;
    }
    // PGlite is one process's database: a second one opening it under a running server corrupts it.
    if (existsSync(path.join(pgliteDir, 'postmaster.pid')) && !force) {
      console.error(
        `The embedded database in ${pgliteDir} is in use (or was not closed cleanly).\n` +
          'Stop Segue first, then run this again. If Segue is not running, add --force.',
      );
      return 1;
    }
    console.log(`Embedded database: ${pgliteDir}`);
  } else {
    console.log('Database: DATABASE_URL');
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir });
  // With REDIS_URL the running instances are told at once, as a logout would tell them:
  // their session caches forget the ended sessions and close those live sockets.
  const feed = new ChangeFeed();
  const redis = config.redisUrl ? connectRedis(config.redisUrl, log) : null;
  if (redis) {
    await redis.ready();
    await feed.connect({
      commands: redis.commands,
      subscriber: redis.feed,
      prefix: REDIS_PREFIX,
      onError: (error) => log.warn(error, 'Redis did not take a change'),
    });
  }
  // No mail is sent.
  const mailer = new MailQueue(
    {
      async send() {
        throw new Error('the admin command sends no mail');
      },
      close() {},
    },
    { log },
  );
  try {
    const teams = new TeamsRepository(database.db, feed);
    const settings = new AccountSettingsService({
      accounts: new AccountsRepository(database.db),
      twoFactor: new TwoFactorRepository(database.db),
      auth: createAuth({ db: database.db, secret: config.authSecret, appUrl: config.appUrl }),
      mailer,
      limiter: new MemoryRateLimiter(),
      sessions: new SessionResolver(database.db, feed),
      config,
      log,
      teamIdsOf: (userId) => teams.teamIdsOf(userId),
      teamsOwnedBy: (userId) => teams.namesOwnedBy(userId),
    });
    const result = await settings.resetTwoFactor(email);
    if (!result) {
      console.error(`No account uses ${email}.`);
      return 1;
    }
    console.log(
      `${email}: two-factor authentication ${result.hadTwoFactor ? 'turned off' : 'was already off'}; ` +
        `${result.sessionsEnded} session${result.sessionsEnded === 1 ? '' : 's'} ended. ` +
        'The person logs in with their password and may set up two-factor again.',
    );
    return 0;
  } finally {
    await mailer.close();
    feed.close();
    await redis?.close();
    await database.close();
  }
}

async function main(args: string[]): Promise<number> {
  // npm runs workspace scripts in apps/server: read a relative DATA_DIR from where
  // the operator ran the command, as the server does when started from there.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const force = args.includes('--force');
  const [command, email, ...rest] = args.filter((a) => a !== '--force');
  if (command === 'reset-2fa' && email?.includes('@') && rest.length === 0) {
    return resetTwoFactor(email, force);
  }
  console.error(USAGE);
  return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
