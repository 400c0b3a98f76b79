import './follow.css';
import { FollowConnection, followToken } from './follow-connection.ts';
import { activateFollowLocale, followLocale } from './follow-i18n.ts';
import { FollowPage } from './follow-page.ts';
import { loadFollowSettings } from './follow-settings.ts';
import { FollowStore } from './follow-store.ts';
import { ScreenWakeLock } from './screen-wake-lock.ts';

// The congregation's page at /follow/<token>: its own entry, without the app's React and
// MUI, so a phone on a church's Wi-Fi loads it in one small go (docs/DECISIONS.md, "The
// congregation follows").

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // blocked by the browser's settings
  }
}

const storage = localStorageOrNull();
const settings = loadFollowSettings(storage);
const wakeLock = new ScreenWakeLock({ navigator, document });
const store = new FollowStore();
if (settings.keepScreenOn) void wakeLock.set(true);

const token = followToken(window.location.pathname);
if (token === null) {
  // No token can be read from this address: it never was a live link.
  store.end();
} else {
  // The state is on its way while the texts' language loads; the store keeps it meanwhile.
  new FollowConnection(token, {
    state: (state, landing) => store.state(state, landing),
    announce: (text, remainingMs, at) => store.announce(text, remainingMs, at),
    ended: () => store.end(),
    status: (status, refusal) => store.status(status, refusal ?? null),
  }).start();
}

// The page is drawn once its texts are in the reader's language: English comes with the
// page, another language is one small chunk (docs/DECISIONS.md, "The follow page").
const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
void activateFollowLocale(followLocale(storage, languages)).then(() => {
  const page = new FollowPage(document.body, { settings, storage, wakeLock });
  store.subscribe(() => page.render(store.current));
  page.render(store.current);
});
