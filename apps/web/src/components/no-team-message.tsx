import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { TEXTS } from '@segue/shared';

/** What team-scoped screens (songs, setlists) show without a current team: nothing to load, a way to pick one. */
export function NoTeamMessage() {
  return (
    <Alert
      severity="info"
      action={
        <Button component={RouterLink} to="/dashboard" color="inherit" size="small">
          {TEXTS.goToDashboard}
        </Button>
      }
    >
      {TEXTS.noTeamSelected}
    </Alert>
  );
}
