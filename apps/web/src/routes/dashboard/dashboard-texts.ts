import { listOfNames, type ServiceReadiness } from '@segue/shared';

/**
 * Texts of the dashboard that the specification does not quote: the user's next service, the
 * two ways into a team and a new team's next steps. The quoted ones ('No team selected', Find a Team, Create a
 * Team) stay as the spec writes them.
 */
export const DASHBOARD_TEXTS = {
  getStarted: 'Get started',
  getStartedIntro: 'Segue works in teams. There are two ways in:',
  createTitle: 'Create a team',
  createText:
    'Start a team for your band or church. You become its owner and can invite your band with a link.',
  joinTitle: 'Join a team',
  joinText:
    'Open the invite link your team leader sent you, or search for your team and ask to join.',

  nextSteps: 'Next steps',
  nextStepsIntro: 'A few things to get your new team going.',
  addSongs: 'Add songs',
  addSongsText: "Put the songs you play in the team's library, with their parts and chords.",
  planSetlist: 'Plan a setlist',
  planSetlistText: 'Pick the songs for a service, their order and who plays what.',
  invitePeople: 'Invite people',
  invitePeopleText:
    'Bring in your band from Manage Team: share an invite link (Invitations tab) or add people by email.',
  done: 'Done',

  // The next service the user plays in, first on the page (docs/DECISIONS.md, "Sunday-first
  // dashboard").
  nextService: 'Your next service',
  noNextService: 'You have no upcoming services.',
  noNextServiceText:
    'When you are given a position in a setlist or lead one of its songs, it shows here first.',
  openLive: 'Open live',
  practiseTheSet: 'Practise the set',
  yourPositions: 'Your positions',
  noPositionsYouLead: 'You lead a song in this service.',
  songs: 'Songs',
  noSongs: 'No songs chosen yet.',
  keyOf: (key: string) => `Key ${key}`,
  youLead: 'You lead',
  /** The band's readiness, for owners and admins: "4 of 5 confirmed · Vocal declined". */
  readiness: ({ assigned, confirmed, declined }: ServiceReadiness) =>
    assigned === 0
      ? 'No one assigned yet'
      : [
          `${confirmed} of ${assigned} confirmed`,
          ...(declined.length > 0 ? [`${listOfNames(declined)} declined`] : []),
        ].join(' · '),
} as const;
