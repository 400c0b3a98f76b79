import { lazy } from 'react';
import type { ComponentType } from 'react';
import { loadCatalogs, type Namespace } from './lib/i18n/i18n.ts';
import { Route, Routes } from 'react-router';
import { AppLayout } from './components/layout/app-layout.tsx';
import { FullScreenLayout } from './components/layout/full-screen-layout.tsx';

/**
 * A converted screen: once its chunk is in, the parts of the catalog it uses are loaded in the
 * active language before it renders (docs/DECISIONS.md, "The interface in six languages").
 */
function withCatalogs<M, P>(
  namespaces: readonly Namespace[],
  page: (module: M) => ComponentType<P>,
) {
  return async (module: M) => {
    await loadCatalogs(namespaces);
    return { default: page(module) };
  };
}

// One chunk per screen, so the landing and login pages load only what they show.
// Landing and Login need no query library: every other screen sits under QueryLayer, which
// brings TanStack Query (and the session guard) in when such a screen is first opened.
const QueryLayer = lazy(() =>
  import('./components/routes/query-layer.tsx').then((m) => ({ default: m.QueryLayer })),
);
const RequireVerifiedAccount = lazy(() =>
  import('./components/routes/require-verified-account.tsx').then((m) => ({
    default: m.RequireVerifiedAccount,
  })),
);
const LandingPage = lazy(() =>
  import('./features/landing/components/landing-page.tsx').then(
    withCatalogs(['landing'], (m) => m.LandingPage),
  ),
);
const LoginPage = lazy(() =>
  import('./features/accounts/components/login-page.tsx').then(
    withCatalogs(['accounts'], (m) => m.LoginPage),
  ),
);
const RegisterPage = lazy(() =>
  import('./features/accounts/components/register-page.tsx').then(
    withCatalogs(['accounts'], (m) => m.RegisterPage),
  ),
);
const VerifyEmailPage = lazy(() =>
  import('./features/accounts/components/verify-email-page.tsx').then(
    withCatalogs(['accounts'], (m) => m.VerifyEmailPage),
  ),
);
const VerifyReminderPage = lazy(() =>
  import('./features/accounts/components/verify-reminder-page.tsx').then(
    withCatalogs(['accounts'], (m) => m.VerifyReminderPage),
  ),
);
const DashboardPage = lazy(() =>
  import('./routes/dashboard/dashboard-page.tsx').then(
    withCatalogs(['dashboard', 'people', 'setlists', 'teams'], (m) => m.DashboardPage),
  ),
);
const FindTeamPage = lazy(() =>
  import('./features/teams/components/find-team-page.tsx').then(
    withCatalogs(['teams'], (m) => m.FindTeamPage),
  ),
);
const CreateTeamPage = lazy(() =>
  import('./features/teams/components/create-team-page.tsx').then(
    withCatalogs(['teams'], (m) => m.CreateTeamPage),
  ),
);
const ManageTeamPage = lazy(() =>
  import('./features/teams/components/manage-team-page.tsx').then(
    withCatalogs(['teams'], (m) => m.ManageTeamPage),
  ),
);
const InvitePage = lazy(() =>
  import('./features/teams/components/invite-page.tsx').then(
    withCatalogs(['teams'], (m) => m.InvitePage),
  ),
);
const RespondPage = lazy(() =>
  import('./features/setlists/components/respond-page.tsx').then(
    withCatalogs(['setlists'], (m) => m.RespondPage),
  ),
);
const SongLibraryPage = lazy(() =>
  import('./features/songs/components/song-library-page.tsx').then(
    withCatalogs(['songs'], (m) => m.SongLibraryPage),
  ),
);
const SongFormPage = lazy(() =>
  import('./features/songs/components/song-form-page.tsx').then(
    withCatalogs(['songs'], (m) => m.SongFormPage),
  ),
);
const SongViewPage = lazy(() =>
  import('./features/songs/components/song-view-page.tsx').then(
    withCatalogs(['songs', 'chart', 'myView'], (m) => m.SongViewPage),
  ),
);
// Practice mode alone loads the audio player (and, when it plays, the stretch worklet).
const PracticePage = lazy(() =>
  import('./features/songs/practice/practice-page.tsx').then(
    withCatalogs(['practice', 'chart', 'myView'], (m) => m.PracticePage),
  ),
);
const SetPracticePage = lazy(() =>
  import('./routes/set-practice/set-practice-page.tsx').then(
    withCatalogs(['setlists', 'practice', 'chart', 'myView'], (m) => m.SetPracticePage),
  ),
);
const TrashPage = lazy(() =>
  import('./features/trash/components/trash-page.tsx').then(
    withCatalogs(['trash'], (m) => m.TrashPage),
  ),
);
const SetlistListPage = lazy(() =>
  import('./features/setlists/components/setlist-list-page.tsx').then(
    withCatalogs(['setlists'], (m) => m.SetlistListPage),
  ),
);
const SetlistViewPage = lazy(() =>
  import('./features/setlists/components/setlist-view-page.tsx').then(
    withCatalogs(['setlists', 'chart', 'share', 'myView'], (m) => m.SetlistViewPage),
  ),
);
const SetlistFormPage = lazy(() =>
  import('./features/setlists/components/setlist-form-page.tsx').then(
    withCatalogs(['setlists'], (m) => m.SetlistFormPage),
  ),
);
// The live screens alone load the live channel (socket.io-client).
const LivePage = lazy(() =>
  import('./features/live/components/live-page.tsx').then(
    withCatalogs(['chart', 'share', 'live', 'projector', 'myView'], (m) => m.LivePage),
  ),
);
const PresenterPage = lazy(() =>
  import('./features/presenter/components/presenter-page.tsx').then(
    withCatalogs(['presenter', 'projector', 'live'], (m) => m.PresenterPage),
  ),
);
const StagePage = lazy(() =>
  import('./features/live/components/stage-page.tsx').then(
    withCatalogs(['live'], (m) => m.StagePage),
  ),
);
const AccountSettingsPage = lazy(() =>
  import('./features/account-settings/components/account-settings-page.tsx').then(
    withCatalogs(['settings', 'people', 'calendar', 'myView'], (m) => m.AccountSettingsPage),
  ),
);
const ForgotPasswordPage = lazy(() =>
  import('./features/account-settings/components/forgot-password-page.tsx').then(
    withCatalogs(['settings'], (m) => m.ForgotPasswordPage),
  ),
);
const ResetPasswordPage = lazy(() =>
  import('./features/account-settings/components/reset-password-page.tsx').then(
    withCatalogs(['settings'], (m) => m.ResetPasswordPage),
  ),
);
const ConfirmEmailPage = lazy(() =>
  import('./features/account-settings/components/confirm-email-page.tsx').then(
    withCatalogs(['settings', 'server'], (m) => m.ConfirmEmailPage),
  ),
);
const NotFoundPage = lazy(() =>
  import('./components/routes/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route element={<QueryLayer />}>
          <Route path="register" element={<RegisterPage />} />
          <Route path="verify" element={<VerifyEmailPage />} />
          <Route path="verify-reminder" element={<VerifyReminderPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="confirm-email" element={<ConfirmEmailPage />} />
          {/* An invitation opens signed out too, and waits for the sign-in. */}
          <Route path="invite/:token" element={<InvitePage />} />
          {/* A mailed Accept or Decline link: the secret in it is the person's, no sign-in. */}
          <Route path="respond/:token" element={<RespondPage />} />
          <Route element={<RequireVerifiedAccount />}>
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="settings" element={<AccountSettingsPage />} />
            <Route path="join" element={<FindTeamPage />} />
            <Route path="create" element={<CreateTeamPage />} />
            <Route path="teams" element={<ManageTeamPage />} />
            <Route path="songs" element={<SongLibraryPage />} />
            <Route path="songs/new" element={<SongFormPage />} />
            <Route path="songs/:id/edit" element={<SongFormPage />} />
            <Route path="songs/:id/practice" element={<PracticePage />} />
            {/* After songs/new: the router ranks a fixed segment first anyway; this reads so too. */}
            <Route path="songs/:id" element={<SongViewPage />} />
            <Route path="setlists" element={<SetlistListPage />} />
            <Route path="trash" element={<TrashPage />} />
            <Route path="setlists/new" element={<SetlistFormPage />} />
            <Route path="setlists/view/:id" element={<SetlistViewPage />} />
            <Route path="setlists/practice/:id" element={<SetPracticePage />} />
            <Route path="setlists/edit/:id" element={<SetlistFormPage />} />
            <Route path="setlists/live/:id" element={<LivePage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Route>
      {/* The projector and the band's stage display own the whole screen: no top bar. */}
      <Route element={<FullScreenLayout />}>
        <Route element={<QueryLayer />}>
          <Route element={<RequireVerifiedAccount />}>
            <Route path="setlists/presenter/:id" element={<PresenterPage />} />
            <Route path="setlists/stage/:id" element={<StagePage />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
