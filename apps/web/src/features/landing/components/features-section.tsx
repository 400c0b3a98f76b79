import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CampaignIcon from '@mui/icons-material/Campaign';
import DevicesIcon from '@mui/icons-material/Devices';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import { useT, type MessageId } from '../../../lib/i18n/i18n.ts';

interface Feature {
  icon: ReactNode;
  title: MessageId;
  description: MessageId;
}

const FEATURES: Feature[] = [
  {
    icon: <QueueMusicIcon fontSize="large" />,
    title: 'landing.liveTitle',
    description: 'landing.liveText',
  },
  {
    icon: <DevicesIcon fontSize="large" />,
    title: 'landing.devicesTitle',
    description: 'landing.devicesText',
  },
  {
    icon: <CampaignIcon fontSize="large" />,
    title: 'landing.messagesTitle',
    description: 'landing.messagesText',
  },
];

export function FeaturesSection() {
  const t = useT();
  return (
    <Box component="section" aria-labelledby="features-title" sx={{ py: { xs: 6, md: 8 } }}>
      <Container maxWidth="lg">
        <Typography
          id="features-title"
          variant="h4"
          component="h2"
          sx={{ fontWeight: 700, textAlign: 'center', mb: 5 }}
        >
          {t('landing.features')}
        </Typography>
        <Grid container spacing={3}>
          {FEATURES.map((feature) => (
            <Grid key={feature.title} size={{ xs: 12, md: 4 }}>
              <Paper variant="outlined" sx={{ p: 3, height: '100%' }}>
                <Box sx={{ color: 'primary.main', mb: 1.5 }} aria-hidden="true">
                  {feature.icon}
                </Box>
                <Typography variant="h6" component="h3" gutterBottom sx={{ fontWeight: 700 }}>
                  {t(feature.title)}
                </Typography>
                <Typography color="text.secondary">{t(feature.description)}</Typography>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}
