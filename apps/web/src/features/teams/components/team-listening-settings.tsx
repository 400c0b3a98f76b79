import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { can, type TeamDetails } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';
import { useSetListening } from '../api/listening.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

/**
 * Who has listened: off until the owner turns it on; everyone else sees the choice, read-only
 * (docs/DECISIONS.md, "Who has listened").
 */
export function TeamListeningSettings({ team }: { team: TeamDetails }) {
  const t = useT();
  const { role } = useCurrentTeam();
  const mayChange = role !== null && can({ role }, 'setListening');
  const setListening = useSetListening(team._id);
  const { showToast } = useToast();

  const change = (shareListening: boolean) =>
    setListening.mutate(
      { shareListening },
      {
        onSuccess: () => showToast(t('teams.listeningSaved'), 'success'),
        onError: (error) =>
          showToast(errorMessage(error, t('teams.listeningFailedToSave')), 'error'),
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
        {t('teams.listeningHeading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('teams.listeningHelp')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={team.shareListening}
            disabled={!mayChange || setListening.isPending}
            onChange={(event) => change(event.target.checked)}
          />
        }
        label={t('teams.listeningSwitch')}
      />
      {!mayChange && <FormHelperText>{t('teams.listeningOwnerOnly')}</FormHelperText>}
    </Paper>
  );
}
