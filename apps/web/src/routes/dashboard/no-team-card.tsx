import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../lib/i18n/i18n.ts';

/**
 * Stands where the Active Team card goes until the user has a team, and explains the two ways
 * in (docs/DECISIONS.md, Teams, "First steps"). It holds the dashboard's Create a Team and
 * Find a Team buttons meanwhile.
 */
export function NoTeamCard() {
  const t = useT();
  return (
    <Card variant="outlined" sx={{ maxWidth: 760 }}>
      <CardContent>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
          {t('dashboard.noTeamSelected')}
        </Typography>
        <Typography variant="h6" component="h3" sx={{ fontWeight: 600, mt: 2, mb: 0.5 }}>
          {t('dashboard.getStarted')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('dashboard.getStartedIntro')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <WayIn
            title={t('dashboard.createTitle')}
            text={t('dashboard.createText')}
            action={
              <Button component={RouterLink} to="/create" variant="outlined">
                {t('dashboard.createATeam')}
              </Button>
            }
          />
          <WayIn
            title={t('dashboard.joinTitle')}
            text={t('dashboard.joinText')}
            action={
              <Button component={RouterLink} to="/join" variant="contained">
                {t('dashboard.findATeam')}
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
