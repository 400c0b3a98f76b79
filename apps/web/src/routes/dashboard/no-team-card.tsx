import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TEXTS } from '@segue/shared';
import { DASHBOARD_TEXTS } from './dashboard-texts.ts';

/**
 * Stands where the Active Team card goes until the user has a team, and explains the two ways
 * in (docs/DECISIONS.md, Teams, "First steps"). It holds the dashboard's Create a Team and
 * Find a Team buttons meanwhile.
 */
export function NoTeamCard() {
  return (
    <Card variant="outlined" sx={{ maxWidth: 760 }}>
      <CardContent>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
          {TEXTS.noTeamSelected}
        </Typography>
        <Typography variant="h6" component="h3" sx={{ fontWeight: 600, mt: 2, mb: 0.5 }}>
          {DASHBOARD_TEXTS.getStarted}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {DASHBOARD_TEXTS.getStartedIntro}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <WayIn
            title={DASHBOARD_TEXTS.createTitle}
            text={DASHBOARD_TEXTS.createText}
            action={
              <Button component={RouterLink} to="/create" variant="outlined">
                Create a Team
              </Button>
            }
          />
          <WayIn
            title={DASHBOARD_TEXTS.joinTitle}
            text={DASHBOARD_TEXTS.joinText}
            action={
              <Button component={RouterLink} to="/join" variant="contained">
                Find a Team
              </Button>
            }
          />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** One way into a team: what it means, and the button that starts it. */
function WayIn({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <Box
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        gap: 1,
        p: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
        {text}
      </Typography>
      {action}
    </Box>
  );
}
