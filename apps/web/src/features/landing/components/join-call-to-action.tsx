import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { TEXTS } from '@segue/shared';

export function JoinCallToAction() {
  return (
    <Box
      component="section"
      aria-labelledby="join-title"
      sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}
    >
      <Container maxWidth="sm">
        <Typography id="join-title" variant="h4" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          Ready for your next set?
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          Bring your songs, your setlists and your whole team into one place.
        </Typography>
        <Button component={RouterLink} to="/register" variant="contained" size="large">
          {TEXTS.joinNow}
        </Button>
      </Container>
    </Box>
  );
}
