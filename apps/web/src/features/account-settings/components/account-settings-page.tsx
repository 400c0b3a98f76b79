import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageLoading } from '../../../components/layout/page-loading.tsx';
import { useCurrentAccount } from '../../../lib/session/current-account.ts';
import { AvailabilitySection } from './availability-section.tsx';
import { CalendarFeedSection } from './calendar-feed-section.tsx';
import { ChordViewSection } from './chord-view-section.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { EmailSection } from './email-section.tsx';
import { MyPositionsSection } from './my-positions-section.tsx';
import { OfflineDataSection } from './offline-data-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { LanguageSection } from './language-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';
import { useT } from '../../../lib/i18n/i18n.ts';

/**
 * /settings: the signed-in account's profile, sign-in security, chord view, positions played
 * and days away, offline data and deletion.
 */
export function AccountSettingsPage() {
  const t = useT();
  const { account } = useCurrentAccount();
  // The route guard waits for the account; null only for the moment a deletion leaves the page.
  if (!account) return <PageLoading />;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
        {t('settings.title')}
      </Typography>
      <Stack spacing={3}>
        <ProfileSection account={account} />
        <LanguageSection />
        <EmailSection account={account} />
        <PasswordSection />
        <SessionsSection />
        <TwoFactorSection />
        <ChordViewSection account={account} />
        <MyPositionsSection />
        <AvailabilitySection />
        <CalendarFeedSection />
        <OfflineDataSection account={account} />
        <DeleteAccountSection account={account} />
      </Stack>
    </Container>
  );
}
