import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useT } from '../../lib/i18n/i18n.ts';

/** Shown to a logged-in user on a route that does not exist (yet). */
export function NotFoundPage() {
  const t = useT();
  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
        {t('shell.pageNotFound')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('shell.nothingHere')}
      </Typography>
      <Button component={RouterLink} to="/dashboard" variant="contained">
        {t('shell.backToDashboard')}
      </Button>
    </Container>
  );
}
