import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CampaignIcon from '@mui/icons-material/Campaign';
import DevicesIcon from '@mui/icons-material/Devices';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';

interface Feature {
  icon: ReactNode;
  title: string;
  description: string;
}

const FEATURES: Feature[] = [
  {
    icon: <QueueMusicIcon fontSize="large" />,
    title: 'Live setlist control',
    description:
      'Step through songs and parts while every musician follows along: each part is broadcast to the team in real time, with MIDI triggers and smooth transitions.',
  },
  {
    icon: <DevicesIcon fontSize="large" />,
    title: 'Any device with a browser',
    description:
      'Phones, tablets, laptops and stage screens: nothing to install, just open Segue and play.',
  },
  {
    icon: <CampaignIcon fontSize="large" />,
    title: 'Flash messages',
    description:
      'The worship leader sends a quick message and it flashes on every team screen, mid-song if needed.',
  },
];

export function FeaturesSection() {
  return (
    <Box component="section" aria-labelledby="features-title" sx={{ py: { xs: 6, md: 8 } }}>
      <Container maxWidth="lg">
        <Typography
          id="features-title"
          variant="h4"
          component="h2"
          sx={{ fontWeight: 700, textAlign: 'center', mb: 5 }}
        >
          Features
        </Typography>
        <Grid container spacing={3}>
          {FEATURES.map((feature) => (
            <Grid key={feature.title} size={{ xs: 12, md: 4 }}>
              <Paper variant="outlined" sx={{ p: 3, height: '100%' }}>
                <Box sx={{ color: 'primary.main', mb: 1.5 }} aria-hidden="true">
                  {feature.icon}
                </Box>
                <Typography variant="h6" component="h3" gutterBottom sx={{ fontWeight: 700 }}>
                  {feature.title}
                </Typography>
                <Typography color="text.secondary">{feature.description}</Typography>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}
