import Typography from '@mui/material/Typography';
import { LOCALES, isLocale, type Locale } from '@segue/shared';
import { NativeChoice } from '../../../components/native-choice.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useLocale, useT } from '../../../lib/i18n/i18n.ts';
import { LOCALE_NAMES, browserLocale } from '../../../lib/i18n/locale-choice.ts';
import { useChooseLocale } from '../../../lib/i18n/use-choose-locale.ts';
import { useSession } from '../../../lib/session/session.ts';
import { storedLocale } from '../../../lib/storage.ts';
import { SettingsSection } from './settings-section.tsx';

/** The browser's language: the choice kept when none is made. */
const FOLLOW_BROWSER = '';

/**
 * Language: the interface's language on every device of the account, each language named in
 * itself; or the browser's (docs/DECISIONS.md, "The interface in six languages").
 */
export function LanguageSection() {
  const t = useT();
  // Read to render again when the language changes.
  useLocale();
  const { account } = useSession();
  const { choose, saving } = useChooseLocale();
  const { showToast } = useToast();
  const chosen: Locale | null = account?.locale ?? storedLocale.get();

  const options: [Locale | typeof FOLLOW_BROWSER, string][] = [
    [FOLLOW_BROWSER, t('settings.followBrowser', { language: LOCALE_NAMES[browserLocale()] })],
    ...LOCALES.map((locale): [Locale, string] => [locale, LOCALE_NAMES[locale]]),
  ];

  return (
    <SettingsSection title={t('settings.language')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('settings.languageExplained')}
      </Typography>
      <NativeChoice
        label={t('settings.language')}
        value={chosen ?? FOLLOW_BROWSER}
        options={options}
        disabled={saving}
        onChange={(value) => {
          void choose(isLocale(value) ? value : null).then((saved) =>
            showToast(
              saved ? t('settings.languageSaved') : t('nav.languageSaveFailed'),
              saved ? 'success' : 'warning',
            ),
          );
        }}
      />
    </SettingsSection>
  );
}
