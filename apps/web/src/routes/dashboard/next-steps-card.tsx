import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTeamDetails } from '../../features/teams/api/teams.ts';
import { nextStepsOf } from './next-steps.ts';
import { useT } from '../../lib/i18n/i18n.ts';

/**
 * The dashboard's "Next steps" checklist for the current team. Shows nothing while the counts
 * load or when they cannot be read: it is a hint, not the page.
 */
export function NextStepsCard({ teamId, isAdmin }: { teamId: string; isAdmin: boolean }) {
  const t = useT();
  const details = useTeamDetails(teamId);
  const headingId = useId();
  const steps = details.data ? nextStepsOf(details.data.stats, isAdmin) : null;
  if (!steps) return null;

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ maxWidth: 560 }}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {t('dashboard.nextSteps')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.nextStepsIntro')}
        </Typography>
        <List aria-labelledby={headingId} sx={{ pb: 0 }}>
          {steps.map((step) => (
            <ListItem key={step.title} disableGutters alignItems="flex-start" sx={{ gap: 1 }}>
              <ListItemIcon sx={{ minWidth: 36, mt: 0.75 }}>
                {step.done ? (
                  <CheckCircleIcon color="success" />
                ) : (
                  <RadioButtonUncheckedIcon color="action" />
                )}
              </ListItemIcon>
              <ListItemText
                primary={
                  step.done ? (
                    t(step.title)
                  ) : (
                    <Link component={RouterLink} to={step.to} sx={{ fontWeight: 600 }}>
                      {t(step.title)}
                    </Link>
                  )
                }
                secondary={t(step.text)}
              />
              {step.done && (
                <Chip
                  label={t('dashboard.done')}
                  size="small"
                  color="success"
                  variant="outlined"
                  sx={{ mt: 0.75 }}
                />
              )}
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
