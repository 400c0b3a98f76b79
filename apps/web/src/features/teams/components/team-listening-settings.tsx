import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { can, LISTENING_TEXTS as T, type TeamDetails } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';
import { useSetListening } from '../api/listening.ts';

/**
 * Who has listened: off until the owner turns it on; everyone else sees the choice, read-only
 * (docs/DECISIONS.md, "Who has listened").
 */
export function TeamListeningSettings({ team }: { team: TeamDetails }) {
  const { role } = useCurrentTeam();
  const mayChange = role !== null && can({ role }, 'setListening');
  const setListening = useSetListening(team._id);
  const { showToast } = useToast();

  const change = (shareListening: boolean) =>
    setListening.mutate(
      { shareListening },
      {
        onSuccess: () => showToast(T.saved, 'success'),
        onError: (error) => showToast(errorMessage(error, T.failedToSave), 'error'),
      },
    );

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="team-listening"
      sx={{ p: 2, mt: 4 }}
    >
      <Typography id="team-listening" variant="h6" component="h2" gutterBottom>
        {T.heading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {T.help}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={team.shareListening}
            disabled={!mayChange || setListening.isPending}
            onChange={(event) => change(event.target.checked)}
          />
        }
        label={T.switchLabel}
      />
      {!mayChange && <FormHelperText>{T.ownerOnly}</FormHelperText>}
    </Paper>
  );
}
