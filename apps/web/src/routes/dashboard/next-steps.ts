import type { TeamDetails } from '@segue/shared';
import type { MessageId } from '../../lib/i18n/i18n.ts';

export interface NextStep {
  /** Catalog keys. */
  title: MessageId;
  text: MessageId;
  /** Where the step is taken. */
  to: string;
  done: boolean;
}

/**
 * The steps a new team still has ahead, or null when it has none to show. A team is
 * new while it has no songs or no setlists; after that the list is gone, even with one member
 * (a leader may plan alone). Only admins invite people, so only they see that step.
 */
export function nextStepsOf(stats: TeamDetails['stats'], isAdmin: boolean): NextStep[] | null {
  if (stats.songs > 0 && stats.setlists > 0) return null;
  const steps: NextStep[] = [
    {
      title: 'dashboard.addSongs',
      text: 'dashboard.addSongsText',
      to: '/songs/new',
      done: stats.songs > 0,
    },
    {
      title: 'dashboard.planSetlist',
      text: 'dashboard.planSetlistText',
      to: '/setlists/new',
      done: stats.setlists > 0,
    },
  ];
  if (isAdmin) {
    steps.push({
      title: 'dashboard.invitePeople',
      text: 'dashboard.invitePeopleText',
      to: '/teams?tab=invitations',
      done: stats.members > 1,
    });
  }
  return steps;
}
