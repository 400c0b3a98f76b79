import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import EditIcon from '@mui/icons-material/Edit';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import SlideshowIcon from '@mui/icons-material/Slideshow';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { Setlist } from '@segue/shared';
import { useChangesAllowed } from '../../../lib/offline/offline-copy.ts';
import { t, useT } from '../../../lib/i18n/i18n.ts';
import { setlistPaths } from './setlist-texts.ts';

export interface SetlistAction {
  /** What the tooltip and a text button show. */
  label: string;
  /** The accessible name: the label and the setlist's name, so each row's links differ. */
  name: string;
  to: string;
  icon: ReactElement;
  /** It leads to a change: turned off while the device is offline, as nothing could be saved. */
  changes?: boolean;
}

/**
 * The four places a setlist of the list leads to (spec section 2, Setlist list), named in the
 * active language: call it while rendering.
 */
export function setlistActions(setlist: Pick<Setlist, '_id' | 'name'>) {
  const action = (label: string, to: string, icon: ReactElement): SetlistAction => ({
    label,
    name: t('setlists.action.named', { action: label, setlist: setlist.name }),
    to,
    icon,
  });
  return {
    view: action(t('setlists.action.view'), setlistPaths.view(setlist._id), <VisibilityIcon />),
    edit: {
      ...action(t('setlists.action.edit'), setlistPaths.edit(setlist._id), <EditIcon />),
      changes: true,
    },
    live: action(t('setlists.action.liveView'), setlistPaths.live(setlist._id), <PlayCircleIcon />),
    presenter: action(
      t('setlists.action.presenterView'),
      setlistPaths.presenter(setlist._id),
      <SlideshowIcon />,
    ),
  };
}

interface SetlistActionIconProps {
  action: SetlistAction;
  size?: 'small' | 'medium';
}

/** An icon link whose tooltip says where it goes (or, offline, why a change is off). */
export function SetlistActionIcon({ action, size = 'medium' }: SetlistActionIconProps) {
  const t = useT();
  const off = useChangesAllowed() === false && action.changes === true;
  return (
    <Tooltip title={off ? t('setlists.changesOff') : action.label} describeChild>
      {/* A disabled button gets no pointer events: the span keeps its tooltip. */}
      <span>
        <IconButton
          component={RouterLink}
          to={action.to}
          aria-label={action.name}
          size={size}
          disabled={off}
        >
          {action.icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
