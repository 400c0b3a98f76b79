import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_PREFIX, INVALID_TEXT_MESSAGE, SERVER_ERRORS } from '@segue/shared';
import { accountSettingsRoutes } from './accounts/account-settings.routes.ts';
import { AccountSettingsService } from './accounts/account-settings.service.ts';
import { AccountsService } from './accounts/accounts.service.ts';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { AccountsRepository } from './accounts/accounts.repository.ts';
import { createAuth } from './accounts/auth.ts';
import { SessionResolver } from './accounts/sessions.ts';
import { TwoFactorRepository } from './accounts/two-factor.repository.ts';
import { UserPreferencesRepository } from './accounts/user-preferences.repository.ts';
import type { AppContext } from './app-context.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { AudienceLinksService } from './follow/audience-links.service.ts';
import { createFollowGateway } from './follow/follow.gateway.ts';
import { FollowRepository } from './follow/follow.repository.ts';
import { followRoutes } from './follow/follow.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { LiveEngine } from './live/live-engine.ts';
import { createLiveGateway } from './live/live.gateway.ts';
import { LiveRepository } from './live/live.repository.ts';
import { LiveService } from './live/live.service.ts';
import { PeopleRepository } from './people/people.repository.ts';
import { MailLocalesRepository } from './mails/mail-locales.repository.ts';
import { peopleRoutes } from './people/people.routes.ts';
import { trashRoutes } from './trash/trash.routes.ts';
import { TrashService } from './trash/trash.service.ts';
import { PeopleService } from './people/people.service.ts';
import { AssignmentsRepository } from './setlists/assignments.repository.ts';
import { assignmentsRoutes } from './setlists/assignments.routes.ts';
import { AssignmentsService } from './setlists/assignments.service.ts';
import { AssignmentLinksRepository } from './setlists/assignment-links.repository.ts';
import { assignmentLinksRoutes } from './setlists/assignment-links.routes.ts';
import { AssignmentLinksService } from './setlists/assignment-links.service.ts';
import { AssignmentRemindersRepository } from './setlists/assignment-reminders.repository.ts';
import {
  AssignmentRemindersService,
  REMINDER_SWEEP_MS,
} from './setlists/assignment-reminders.service.ts';
import { CalendarFeedRepository } from './setlists/calendar-feed.repository.ts';
import { calendarFeedRoutes } from './setlists/calendar-feed.routes.ts';
import { CalendarFeedService } from './setlists/calendar-feed.service.ts';
import { ServiceFactsReader } from './setlists/service-facts.ts';
import { NextServiceRepository } from './setlists/next-service.repository.ts';
import { nextServiceRoutes } from './setlists/next-service.routes.ts';
import { NextServiceService } from './setlists/next-service.service.ts';
import { SetlistsRepository } from './setlists/setlists.repository.ts';
import { setlistsRoutes } from './setlists/setlists.routes.ts';
import { SetlistsService } from './setlists/setlists.service.ts';
import { SongFileBudget } from './songs/song-file-budget.ts';
import { SongFileReader, type SongFileReaderOptions } from './songs/song-file-reader.ts';
import { songFilesRoutes } from './songs/song-files.routes.ts';
import { SongFilesService } from './songs/song-files.service.ts';
import { SongsRepository } from './songs/songs.repository.ts';
import { songsRoutes } from './songs/songs.routes.ts';
import { openMediaStore } from './media/media-store-from-config.ts';
import { ListeningRepository } from './listening/listening.repository.ts';
import { listeningRoutes } from './listening/listening.routes.ts';
import { ListeningService } from './listening/listening.service.ts';
import { RecordingsRepository } from './media/recordings.repository.ts';
import { recordingsRoutes } from './media/recordings.routes.ts';
import { RecordingsService } from './media/recordings.service.ts';
import { SongsService } from './songs/songs.service.ts';
import { resolveAccess, type Access } from './policy/http.ts';
import { TeamActors } from './policy/team-actors.ts';
import { CcliRepository } from './teams/ccli.repository.ts';
import { ccliRoutes } from './teams/ccli.routes.ts';
import { CcliService } from './teams/ccli.service.ts';
import { TeamImagesRepository } from './teams/team-image.repository.ts';
import { teamImageRoutes } from './teams/team-image.routes.ts';
import { TeamImagesService } from './teams/team-image.service.ts';
import { InvitesRepository } from './teams/invites.repository.ts';
import { invitesRoutes } from './teams/invites.routes.ts';
import { InvitesService } from './teams/invites.service.ts';
import { joinRequestsRoutes } from './teams/join-requests.routes.ts';
import { TeamsRepository } from './teams/teams.repository.ts';
import { teamsRoutes } from './teams/teams.routes.ts';
import { TeamsService } from './teams/teams.service.ts';
import { usersRoutes } from './users/users.routes.ts';
import { UsersService } from './users/users.service.ts';
import {
  HttpError,
  isInvalidDatabaseInput,
  ServiceUnavailableError,
  TooManyRequestsError,
  ValidationError,
} from './lib/errors.ts';
import { ChangeFeed } from './lib/change-feed.ts';
import { MailQueue } from './lib/mail-queue.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { MemoryRateLimiter, type RateLimiter } from './lib/rate-limit.ts';
import { ReadCache } from './lib/read-cache.ts';
import { connectRedis, REDIS_PREFIX } from './lib/redis.ts';
import { RedisRateLimiter } from './lib/redis-rate-limit.ts';
import { validationMessage } from './lib/validation-message.ts';
import { serveWebApp } from './web/static.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Fastify's logger option; false in tests. */
  logger?: boolean | Record<string, unknown>;
  mailer?: Mailer;
  limiter?: RateLimiter;
  /** Prefix of every Redis key and channel (tests give each instance group its own). */
  redisPrefix?: string;
  /** How often live sockets are checked again (tests shorten it). */
  liveRecheckMs?: number;
  /** More feature plugins to mount under /api (tests use it for probes). */
  features?: FeaturePlugin[];
  /** The threads, time budget and memory cap of song file reading (tests shorten them). */
  songFileReading?: SongFileReaderOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
    live: ReturnType<typeof createLiveGateway>;
    /** The congregation's follow sockets (tests read their count). */
    follow: ReturnType<typeof createFollowGateway>;
    /** Mail sent beside the requests; tests wait on its `idle()`. */
    mailQueue: MailQueue;
    /** What changed, for caches and live sockets; test factories write through it too. */
    changes: ChangeFeed;
    /** Reminders before services; tests call `sweep` with the time they need. */
    assignmentReminders: AssignmentRemindersService;
    /** Songs' recordings; tests call `collectGarbage` rather than wait for the hourly sweep. */
    recordings: RecordingsService;
  }
}

/** An API route and the caller it needs, for the tests that go through all of them. */
interface ApiRoute {
  method: string;
  url: string;
  access: Access;
}

type FeaturePlugin = FastifyPluginAsyncZod<{ ctx: AppContext }>;

/** Assembles one Segue instance. The caller owns the database and closes it after the app. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // The number of proxies: the address the outermost one saw, not the client's own claim.
    trustProxy:
      config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    // One line per request drowns the lines people look for (a mailed link); debug brings them back.
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(config.logLevel),
    }),
    bodyLimit: 1024 * 1024,
    // An embedded database must not be closed under a request still writing to it.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  // Every API route, for the test that throws malformed input at all of them.
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    // Every API route names the caller it needs: forgetting it is a start-up error.
    const access = route.config?.access;
    if (access === undefined) throw new Error(`${route.method} ${route.url} names no access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Fastify decodes a JSON body leniently: bytes that are not UTF-8 (a lone surrogate written
  // as ED A0 80) would reach the schemas as U+FFFD, past the text rule, and be stored so.
  // They are refused here with the rule's message; the rest is Fastify's own JSON parser.
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let decoded: string;
    try {
      decoded = utf8.decode(body as Buffer);
    } catch {
      done(new ValidationError(INVALID_TEXT_MESSAGE), undefined);
      return;
    }
    parseJson(request, decoded, done);
  });
  app.decorateRequest('actor', null);
  app.decorateRequest('teamActor', null);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Practice mode's time-stretch worklet (signalsmith-stretch) is WebAssembly: compiling
        // it needs 'wasm-unsafe-eval', which lets no JavaScript be eval()ed.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers the live channel's ws:/wss: on Segue's own origin (CSP Level 3).
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.appUrl.startsWith('https://'),
  });

  // An answer given before the body was read (refused at onRequest, or too large): the
  // rest is never read, so the connection closes instead of waiting for it.
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete && request.headers['content-length'] !== '0') {
      reply.header('connection', 'close');
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .code(400)
        .send({ error: validationMessage(error.validation[0]), code: 'validation' });
    }
    if (error instanceof TooManyRequestsError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply.code(error.statusCode).send({ error: error.message, code: error.code });
    }
    if (isInvalidDatabaseInput(error)) {
      // e.g. a NUL byte, which PostgreSQL text cannot hold: the caller's input, not our fault.
      return reply.code(400).send({ error: SERVER_ERRORS.invalidInput, code: 'validation' });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'answer does not match its schema');
      return reply.code(500).send({ error: SERVER_ERRORS.internal });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? SERVER_ERRORS.invalidJson
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? SERVER_ERRORS.tooLarge
            : error.message;
      return reply.code(status).send({ error: message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: SERVER_ERRORS.internal });
  });

  // Every mail goes through the queue: retried when it fails, or sent after the answer.
  const mailer = new MailQueue(
    options.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger: app.log }),
    { log: app.log },
  );
  app.decorate('mailQueue', mailer);
  const redisPrefix = options.redisPrefix ?? REDIS_PREFIX;
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : null;
  await redis?.ready();
  const limiter =
    options.limiter ??
    (redis ? new RedisRateLimiter(redis.commands, `${redisPrefix}rl:`) : new MemoryRateLimiter());
  const auth = createAuth({ db: database.db, secret: config.authSecret, appUrl: config.appUrl });
  const changes = new ChangeFeed();
  if (redis) {
    await changes.connect({
      commands: redis.commands,
      subscriber: redis.feed,
      prefix: redisPrefix,
      onError: (error) => app.log.warn({ err: error }, 'change feed: Redis did not take a change'),
    });
  }
  if (redis) {
    // With several instances, a write whose change the others cannot hear must not be
    // done: while this instance's Redis is down, writes answer 503 at once (and the
    // change feed checks again, with a time limit, right before each write).
    app.addHook('onRequest', async (request) => {
      if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
      if (!request.url.startsWith(`${API_PREFIX}/`)) return;
      if (redis.commands.status !== 'ready' || !changes.healthy) {
        throw new ServiceUnavailableError();
      }
    });
  }
  app.decorate('changes', changes);
  const cache = new ReadCache(changes);
  const sessions = new SessionResolver(database.db, changes);
  // Every repository once, here: a feature's SQL reads its own tables and asks the others'
  // repositories, handed to it, for the rest.
  const db = database.db;
  const accountsRepo = new AccountsRepository(db);
  const twoFactorRepo = new TwoFactorRepository(db);
  const teamsRepo = new TeamsRepository(db, changes);
  const invitesRepo = new InvitesRepository(db, changes);
  const ccliRepo = new CcliRepository(db, changes);
  const setlistsRepo = new SetlistsRepository(db, changes);
  const songsRepo = new SongsRepository(db, changes, setlistsRepo);
  const assignmentsRepo = new AssignmentsRepository(db, changes, teamsRepo);
  const nextServiceRepo = new NextServiceRepository(db);
  const peopleRepo = new PeopleRepository(db, { setlists: setlistsRepo, teams: teamsRepo });
  const followRepo = new FollowRepository(db, changes);
  const mailLocales = new MailLocalesRepository(db);
  // Teams made before team search folded names get their search name now.
  await teamsRepo.fillSearchNames();

  const teams = new TeamsService(teamsRepo, {
    accounts: accountsRepo,
    stats: async (teamId) => ({
      songs: await songsRepo.count(teamId),
      setlists: await setlistsRepo.count(teamId),
    }),
    limiter,
    sendLater: (mail) => mailer.enqueue(mail),
  });
  // Song files are read in worker threads; their threads end before the server closes, so a
  // file still being read is answered at once.
  const songFileReader = new SongFileReader(options.songFileReading);
  app.addHook('preClose', () => songFileReader.close());
  const songFileBudget = new SongFileBudget(limiter);
  const recordingsRepo = new RecordingsRepository(db);
  const songs = new SongsService(
    songsRepo,
    cache,
    { reader: songFileReader, budget: songFileBudget },
    setlistsRepo,
    recordingsRepo,
  );
  const songFiles = new SongFilesService(songsRepo, {
    reader: songFileReader,
    budget: songFileBudget,
  });
  const people = new PeopleService(peopleRepo, {
    teams: teamsRepo,
    accounts: accountsRepo,
  });
  const serviceFacts = new ServiceFactsReader({ teams: teamsRepo, songs: songsRepo });
  const assignmentLinks = new AssignmentLinksService(new AssignmentLinksRepository(db), {
    // A link's answer is the dashboard's (`assignments`, built next: called only later).
    respond: (...args): ReturnType<AssignmentsService['respond']> => assignments.respond(...args),
    accounts: accountsRepo,
    teams: teamsRepo,
    limiter,
    appUrl: config.appUrl,
  });
  const assignments = new AssignmentsService(assignmentsRepo, {
    people,
    accounts: accountsRepo,
    teams: teamsRepo,
    locales: mailLocales,
    appUrl: config.appUrl,
    sendLater: (mail) => mailer.enqueue(mail),
    defer: (what, job) => mailer.defer(what, job),
    facts: serviceFacts,
    links: assignmentLinks,
  });
  const calendarFeed = new CalendarFeedService(new CalendarFeedRepository(db), {
    facts: serviceFacts,
    appUrl: config.appUrl,
  });
  const reminders = new AssignmentRemindersService(new AssignmentRemindersRepository(db), {
    accounts: accountsRepo,
    locales: mailLocales,
    facts: serviceFacts,
    links: assignmentLinks,
    sendLater: (mail) => mailer.enqueue(mail),
    appUrl: config.appUrl,
  });
  app.decorate('assignmentReminders', reminders);
  // Reminders due go at start and every 10 minutes; each is claimed in the database first.
  const sweepReminders = () =>
    reminders
      .sweep(new Date())
      .catch((error: unknown) => app.log.error({ err: error }, 'Reminder sweep failed'));
  await sweepReminders();
  const reminderSweep = setInterval(() => void sweepReminders(), REMINDER_SWEEP_MS);
  reminderSweep.unref();
  app.addHook('onClose', () => clearInterval(reminderSweep));
  const setlists = new SetlistsService(setlistsRepo, cache, assignments, {
    songs: songsRepo,
    teams: teamsRepo,
  });
  const nextService = new NextServiceService(nextServiceRepo, { songs: songsRepo });
  const ccli = new CcliService(ccliRepo, { songs: songsRepo, setlists: setlistsRepo });
  const trash = new TrashService({
    songsRepo,
    setlistsRepo,
    songs,
    setlists,
    accounts: accountsRepo,
  });
  // What has been in the trash 30 days goes at start and every hour (and when a trash is read).
  const sweepTrash = () =>
    trash.purge().catch((error: unknown) => app.log.error({ err: error }, 'Trash purge failed'));
  await sweepTrash();
  const trashSweep = setInterval(() => void sweepTrash(), 60 * 60 * 1000);
  trashSweep.unref();
  app.addHook('onClose', () => clearInterval(trashSweep));
  const mediaStore = await openMediaStore({ dataDir: config.dataDir, s3Url: config.s3Url });
  app.addHook('onClose', () => mediaStore.close());
  const recordings = new RecordingsService(recordingsRepo, {
    store: mediaStore,
    songs,
    accounts: accountsRepo,
    quotaMb: config.mediaQuotaMb,
    onError: (error, message) => app.log.error({ err: error }, message),
  });
  app.decorate('recordings', recordings);
  // Recordings whose rows went with their song or team leave the store at start and hourly.
  const collectMedia = () => void recordings.collectGarbage();
  collectMedia();
  const mediaSweep = setInterval(collectMedia, 60 * 60 * 1000);
  mediaSweep.unref();
  app.addHook('onClose', () => clearInterval(mediaSweep));
  const invites = new InvitesService(invitesRepo, {
    teams: teamsRepo,
    limiter,
    sendLater: (mail) => mailer.enqueue(mail),
    locales: mailLocales,
    appUrl: config.appUrl,
  });
  const users = new UsersService({ teams: teamsRepo, accounts: accountsRepo });
  const audienceLinks: AudienceLinksService = new AudienceLinksService(followRepo, {
    setlists: setlistsRepo,
    // The live channel's, built below: asked only once requests come.
    live: {
      state: (setlistId) => liveEngine.state(setlistId),
      screen: (setlistId, teamId) => liveService.screenOf(setlistId, teamId),
    },
    limiter,
    appUrl: config.appUrl,
    authSecret: config.authSecret,
  });
  const teamActors = new TeamActors(teamsRepo, cache);
  const settings = new AccountSettingsService({
    teamIdsOf: (userId) => teamsRepo.teamIdsOf(userId),
    teamsOwnedBy: (userId) => teamsRepo.namesOwnedBy(userId),
    accounts: accountsRepo,
    twoFactor: twoFactorRepo,
    auth,
    mailer,
    limiter,
    sessions,
    config,
    log: app.log,
  });
  const accounts = new AccountsService({
    teamIdsOf: (userId) => teamsRepo.teamIdsOf(userId),
    accounts: accountsRepo,
    secondFactor: settings,
    auth,
    mailer,
    limiter,
    sessions,
    config,
    log: app.log,
  });
  const ctx: AppContext = {
    teamActors,
    settings,
    config,
    database,
    auth,
    mailer,
    limiter,
    sessions,
    accounts,
    teams,
    invites,
    songs,
    songFiles,
    setlists,
    ccli,
    teamImages: new TeamImagesService(new TeamImagesRepository(db)),
    recordings,
    listening: new ListeningService(new ListeningRepository(db), {
      songs,
      setlists: setlistsRepo,
    }),
    people,
    assignments,
    assignmentLinks,
    calendarFeed,
    nextService,
    users,
    preferences: new UserPreferencesRepository(db),
    trash,
    audienceLinks,
  };

  await app.register(
    async (api) => {
      // The caller each route needs (its `config.access`), resolved once before the body is read.
      api.addHook('onRequest', resolveAccess({ sessions, teamActors }));
      await api.register(healthRoutes, { ctx });
      await api.register(accountsRoutes, { ctx });
      await api.register(accountSettingsRoutes, { ctx });
      await api.register(teamsRoutes, { ctx });
      await api.register(joinRequestsRoutes, { ctx });
      await api.register(invitesRoutes, { ctx });
      await api.register(ccliRoutes, { ctx });
      await api.register(teamImageRoutes, { ctx });
      await api.register(usersRoutes, { ctx });
      await api.register(songsRoutes, { ctx });
      await api.register(recordingsRoutes, { ctx });
      await api.register(listeningRoutes, { ctx });
      await api.register(songFilesRoutes, { ctx });
      await api.register(setlistsRoutes, { ctx });
      await api.register(assignmentsRoutes, { ctx });
      await api.register(assignmentLinksRoutes, { ctx });
      await api.register(calendarFeedRoutes, { ctx });
      await api.register(nextServiceRoutes, { ctx });
      await api.register(peopleRoutes, { ctx });
      await api.register(trashRoutes, { ctx });
      await api.register(followRoutes, { ctx });
      for (const feature of options.features ?? []) await api.register(feature, { ctx });
    },
    { prefix: API_PREFIX },
  );

  const webApp = config.webDistDir ? await serveWebApp(app, config.webDistDir) : false;

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === API_PREFIX || request.url.startsWith(`${API_PREFIX}/`);
    if (webApp && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      // `/` and client routes: index.html, as its .br or .gz when accepted, never cached
      // without asking (static.ts sets the headers of every file it sends).
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({ error: SERVER_ERRORS.notFound, code: 'not_found' });
  });

  const liveRepo = new LiveRepository(database.liveStep, changes);
  const liveEngine = new LiveEngine({
    repo: liveRepo,
    changes,
    redis: redis
      ? {
          commands: redis.commands,
          // Socket.io's: a step's state is stored before its broadcast, on the same connection.
          publisher: redis.pub,
          subscriber: redis.feed,
          prefix: redisPrefix,
        }
      : undefined,
    onError: (error, message) => app.log.error({ err: error }, message),
  });
  // The projector's join code is the congregation link's address, which only the links can open.
  const liveService: LiveService = new LiveService(liveEngine, liveRepo, teamActors, {
    liveUrl: (setlistId) => audienceLinks.liveUrl(setlistId),
  });
  // The congregation's phones, on their own socket.io server beside the band's.
  const follow = createFollowGateway({
    httpServer: app.server,
    resolveToken: (token) => followRepo.resolveToken(token),
    sources: {
      roomFacts: (setlistId) => followRepo.roomFacts(setlistId),
      live: (setlistId) => liveEngine.state(setlistId),
      screen: (setlistId, teamId) => liveService.screenOf(setlistId, teamId),
    },
    changes,
    appUrl: config.appUrl,
    appUrlIsDefault: config.appUrlIsDefault,
    trustProxy: config.trustProxy,
    limits: { perInstance: config.followMaxSockets, perAddress: config.followMaxPerAddress },
    logger: app.log,
    redis: redis
      ? {
          commands: redis.commands,
          publisher: redis.followPub,
          subscriber: redis.followSub,
          prefix: redisPrefix,
        }
      : undefined,
  });
  app.decorate('follow', follow);
  const live = createLiveGateway({
    httpServer: app.server,
    live: liveService,
    engine: liveEngine,
    teams: teamsRepo,
    changes,
    sessions,
    appUrl: config.appUrl,
    appUrlIsDefault: config.appUrlIsDefault,
    logger: app.log,
    recheckMs: options.liveRecheckMs,
    redis: redis ? { pub: redis.pub, sub: redis.sub, key: `${redisPrefix}socket.io` } : undefined,
    follow,
  });
  app.decorate('live', live);

  // Live sockets hold the HTTP server open: close them before it stops listening.
  app.addHook('preClose', async () => {
    await follow.close();
    await live.close();
  });
  app.addHook('onClose', async () => {
    changes.close();
    // Before the caller closes the database: background jobs may still be using it.
    await mailer.close();
    await redis?.close();
  });

  return app;
}
