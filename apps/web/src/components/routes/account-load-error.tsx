import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

interface AccountLoadErrorProps {
  onRetry: () => void;
  retrying: boolean;
}

export function AccountLoadError({ onRetry, retrying }: AccountLoadErrorProps) {
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
        Segue is out of reach
      </Typography>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
            Retry
          </Button>
        }
      >
        We could not load your account. Check your connection and try again.
      </Alert>
    </Container>
  );
}
