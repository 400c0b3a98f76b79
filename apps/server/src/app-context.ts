import type { AccountSettingsService } from './accounts/account-settings.service.ts';
import type { AccountsService } from './accounts/accounts.service.ts';
import type { UserPreferencesRepository } from './accounts/user-preferences.repository.ts';
import type { Auth } from './accounts/auth.ts';
import type { SessionResolver } from './accounts/sessions.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { AudienceLinksService } from './follow/audience-links.service.ts';
import type { Mailer } from './lib/mailer.ts';
import type { RateLimiter } from './lib/rate-limit.ts';
import type { PeopleService } from './people/people.service.ts';
import type { TeamActors } from './policy/team-actors.ts';
import type { AssignmentsService } from './setlists/assignments.service.ts';
import type { AssignmentLinksService } from './setlists/assignment-links.service.ts';
import type { CalendarFeedService } from './setlists/calendar-feed.service.ts';
import type { NextServiceService } from './setlists/next-service.service.ts';
import type { SetlistsService } from './setlists/setlists.service.ts';
import type { SongFilesService } from './songs/song-files.service.ts';
import type { SongsService } from './songs/songs.service.ts';
import type { CcliService } from './teams/ccli.service.ts';
import type { InvitesService } from './teams/invites.service.ts';
import type { TeamsService } from './teams/teams.service.ts';
import type { TeamImagesService } from './teams/team-image.service.ts';
import type { ListeningService } from './listening/listening.service.ts';
import type { RecordingsService } from './media/recordings.service.ts';
import type { UsersService } from './users/users.service.ts';
import type { TrashService } from './trash/trash.service.ts';

/** The services one Segue instance runs with, built once in app.ts and handed to each feature. */
export interface AppContext {
  config: Config;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  limiter: RateLimiter;
  sessions: SessionResolver;
  teamActors: TeamActors;
  accounts: AccountsService;
  settings: AccountSettingsService;
  teams: TeamsService;
  invites: InvitesService;
  songs: SongsService;
  /** Song files read (in worker threads) and written. */
  songFiles: SongFilesService;
  setlists: SetlistsService;
  /** Positions members play, days away, and answers to assignments. */
  people: PeopleService;
  assignments: AssignmentsService;
  /** The one-tap answer links of assignment mails. */
  assignmentLinks: AssignmentLinksService;
  /** The personal calendar feed (its address, and the feed). */
  calendarFeed: CalendarFeedService;
  /** The caller's next service, across their teams, for the dashboard. */
  nextService: NextServiceService;
  ccli: CcliService;
  /** A team's image, for the projector's Logo screen. */
  teamImages: TeamImagesService;
  /** Songs' recordings and reference links. */
  recordings: RecordingsService;
  /** Who played which song's recording, for a set's leaders. */
  listening: ListeningService;
  /** Names of the people who share a team with the caller. */
  users: UsersService;
  /** The account's own preferences: no rule beyond "the caller's own", so read as stored. */
  preferences: UserPreferencesRepository;
  /** A team's deleted songs and setlists, and their purge after 30 days. */
  trash: TrashService;
  /** The congregation's link to a setlist's words: drivers share it, anyone holding it reads. */
  audienceLinks: AudienceLinksService;
}
