import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../lib/session/session.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

export function HeroSection() {
  const t = useT();
  const { account, isPending } = useSession();

  return (
    <Box
      component="section"
      aria-labelledby="landing-title"
      sx={(theme) => ({
        py: { xs: 8, md: 12 },
        textAlign: 'center',
        background:
          theme.palette.mode === 'dark'
            ? 'radial-gradient(ellipse at top, rgba(100, 108, 255, 0.22), transparent 70%)'
            : 'radial-gradient(ellipse at top, rgba(100, 108, 255, 0.16), transparent 70%)',
      })}
    >
      <Container maxWidth="md">
        <Typography
          id="landing-title"
          variant="h2"
          component="h1"
          sx={{ fontWeight: 800, fontSize: { xs: '2.25rem', sm: '3rem', md: '3.5rem' }, mb: 2 }}
        >
          {t('landing.tagline')}
        </Typography>
        <Typography
          variant="h6"
          component="p"
          color="text.secondary"
          sx={{ fontWeight: 400, mb: 5, maxWidth: 640, mx: 'auto' }}
        >
          {t('landing.intro')}
        </Typography>
        {/* Reserve the buttons' height while the session loads, so nothing jumps or flashes. */}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'center', minHeight: 48 }}
        >
          {!isPending &&
            (account ? (
              <Button component={RouterLink} to="/dashboard" variant="contained" size="large">
                {t('landing.goToDashboard')}
              </Button>
            ) : (
              <>
                <Button component={RouterLink} to="/register" variant="contained" size="large">
                  {t('landing.getStartedFree')}
                </Button>
                <Button component={RouterLink} to="/login" variant="outlined" size="large">
                  {t('landing.login')}
                </Button>
              </>
            ))}
        </Stack>
      </Container>
    </Box>
  );
}
