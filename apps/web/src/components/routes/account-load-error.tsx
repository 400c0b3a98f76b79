import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useT } from '../../lib/i18n/i18n.ts';

interface AccountLoadErrorProps {
  onRetry: () => void;
  retrying: boolean;
}

export function AccountLoadError({ onRetry, retrying }: AccountLoadErrorProps) {
  const t = useT();
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
        {t('shell.outOfReach')}
      </Typography>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
            {t('shell.retry')}
          </Button>
        }
      >
        {t('shell.couldNotLoadAccount')}
      </Alert>
    </Container>
  );
}
