import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useT } from '../../../lib/i18n/i18n.ts';

export function JoinCallToAction() {
  const t = useT();
  return (
    <Box
      component="section"
      aria-labelledby="join-title"
      sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}
    >
      <Container maxWidth="sm">
        <Typography id="join-title" variant="h4" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          {t('landing.readyTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {t('landing.readyText')}
        </Typography>
        <Button component={RouterLink} to="/register" variant="contained" size="large">
          {t('landing.joinNow')}
        </Button>
      </Container>
    </Box>
  );
}
