import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useT } from '../../../lib/i18n/i18n.ts';

export function ScreenshotsSection() {
  const t = useT();
  return (
    <Box component="section" aria-labelledby="screenshots-title" sx={{ py: { xs: 6, md: 8 } }}>
      <Container maxWidth="md">
        <Typography
          id="screenshots-title"
          variant="h4"
          component="h2"
          sx={{ fontWeight: 700, textAlign: 'center', mb: 3 }}
        >
          {t('landing.screenshots')}
        </Typography>
        <Box
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: 'divider',
            borderRadius: 2,
            py: 6,
            px: 2,
            textAlign: 'center',
          }}
        >
          <Typography color="text.secondary">{t('landing.screenshotsComingSoon')}</Typography>
        </Box>
      </Container>
    </Box>
  );
}
