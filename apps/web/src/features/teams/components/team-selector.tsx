import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Team } from '@segue/shared';
import { useT } from '../../../lib/i18n/i18n.ts';

interface TeamSelectorProps {
  teams: Team[];
  currentTeam: Team;
  onSelect: (teamId: string) => void;
}

/** Picks the current team among the user's teams. */
export function TeamSelector({ teams, currentTeam, onSelect }: TeamSelectorProps) {
  const t = useT();
  return (
    <TextField
      select
      label={t('teams.team')}
      size="small"
      value={currentTeam._id}
      onChange={(event) => onSelect(event.target.value)}
      sx={{ minWidth: 240 }}
    >
      {teams.map((team) => (
        <MenuItem key={team._id} value={team._id}>
          {team.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
