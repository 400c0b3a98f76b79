/**
 * Texts of the dashboard that the specification does not quote: the two ways into a
 * team and a new team's next steps. The quoted ones ('No team selected', Find a Team, Create a
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
} as const;
