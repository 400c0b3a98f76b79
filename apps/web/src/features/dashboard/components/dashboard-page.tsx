import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { TEXTS, firstName } from '@segue/shared';
import { useCurrentAccount } from '../../accounts/api/current-account.ts';
import { NoTeamCard } from './no-team-card.tsx';

export function DashboardPage() {
  const { account } = useCurrentAccount();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
        {`${TEXTS.welcome} ${firstName(account?.name)}`}
      </Typography>
      <NoTeamCard />
    </Container>
  );
}
