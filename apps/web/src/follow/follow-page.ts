import { FOLLOW_TEXTS } from '@segue/shared/follow-texts';
import { h, setText } from './dom.ts';
import { followActiveLocale, t } from './follow-i18n.ts';
import type { FollowMessageId } from './follow-i18n.ts';
import {
  effectiveTheme,
  FOLLOW_TEXT_SIZE,
  saveFollowSettings,
  stepTextSize,
} from './follow-settings.ts';
import type { FollowSettings, FollowTheme } from './follow-settings.ts';
import type { FollowSnapshot } from './follow-store.ts';
import { followView } from './follow-view.ts';
import type { FollowBody } from './follow-view.ts';
import { LiveScroller } from './live-scroll.ts';
import type { ScreenWakeLock } from './screen-wake-lock.ts';

/** A reader who scrolled back within this long is reading: a reconnect leaves them there. */
const READING_MS = 15_000;

/** The browser bar's colour in each theme: the page's own background. */
const BAR_COLOURS: Record<FollowTheme, string> = {
  light: '#ffffff',
  dark: '#121212',
  contrast: '#000000',
};

const THEME_NAMES: Record<FollowTheme, FollowMessageId> = {
  light: 'follow.light',
  dark: 'follow.dark',
  contrast: 'follow.highContrast',
};

/** The server's refusals (in English, as sent) that the page tells the reader, by their key. */
const REFUSALS: ReadonlyMap<string, FollowMessageId> = new Map([
  [FOLLOW_TEXTS.roomFull, 'follow.roomFull'],
  [FOLLOW_TEXTS.addressFull, 'follow.addressFull'],
  [FOLLOW_TEXTS.instanceFull, 'follow.instanceFull'],
]);

/** A refusal in the reader's language; one the page does not know, as the server sent it. */
export function refusalText(refusal: string | null): string {
  if (refusal === null) return '';
  const key = REFUSALS.get(refusal);
  return key ? t(key) : refusal;
}

interface PageOptions {
  settings: FollowSettings;
  storage: Storage | null;
  wakeLock: ScreenWakeLock;
}

/** A language named in itself ("Español"), or the words as written when the song names none. */
function languageName(lang: string | null): string {
  if (lang === null) return t('follow.originalLyrics');
  try {
    const name = new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang;
    return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
  } catch {
    return lang;
  }
}

/** Tells bodies apart: a redraw of the same song keeps the reader's place. */
function bodyKey(body: FollowBody): string {
  switch (body.kind) {
    case 'song':
      return `song:${body.language ?? ''}:${body.songKey}`;
    case 'item':
      return `item:${body.title}`;
    default:
      return body.kind;
  }
}

/**
 * The follow page, drawn with the DOM: a header with the display settings, the words in
 * the main landmark and the credits at the foot. It redraws from the store's snapshot and
 * the device's settings; a new part of the same song only moves the live mark.
 */
export class FollowPage {
  private settings: FollowSettings;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a media query
  private readonly prefersDark = window.matchMedia('(prefers-color-scheme: dark)');
  private readonly scroller: LiveScroller;

  private readonly status = h('p', { class: 'status', role: 'status' });
  private readonly settingsToggle = h(
    'button',
    {
      type: 'button',
      class: 'settings-toggle',
      'aria-expanded': 'false',
      'aria-controls': 'settings',
    },
    t('follow.settings'),
  );
  private readonly smaller = h(
    'button',
    { type: 'button', class: 'size-button', 'aria-label': t('follow.smallerText') },
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a symbol, named by its label
    'A−',
  );
  private readonly larger = h(
    'button',
    { type: 'button', class: 'size-button', 'aria-label': t('follow.largerText') },
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a symbol, named by its label
    'A+',
  );
  private readonly sizeValue = h('output', { class: 'size-value', 'aria-live': 'polite' });
  /** The text size as a percentage the reader's language writes ("150%", "150 %"). */
  private readonly percent = new Intl.NumberFormat(followActiveLocale(), {
    style: 'percent',
    maximumFractionDigits: 0,
  });
  private readonly themeInputs = new Map<FollowTheme, HTMLInputElement>();
  private readonly screenSwitch = h(
    'button',
    { type: 'button', role: 'switch', class: 'switch', 'aria-checked': 'false' },
    h('span', {}, t('follow.keepScreenOn')),
    h('span', { class: 'switch-track', 'aria-hidden': 'true' }),
  );
  private readonly languageSelect = h('select', { id: 'lyrics-language' });
  private readonly languageSetting = h(
    'div',
    { class: 'setting', hidden: true },
    h('label', { for: 'lyrics-language', class: 'setting-label' }, t('follow.lyricsLanguage')),
    this.languageSelect,
  );
  /** The languages the select offers now, to rebuild it only when they change. */
  private offered = '';
  private readonly settingsPanel: HTMLElement;

  private readonly heading = h('h1', { id: 'heading' });
  private readonly banner = h('div', { class: 'announcement', 'aria-live': 'polite' });
  private readonly content = h('div', { class: 'content' });
  private readonly spoken = h('p', { class: 'visually-hidden', 'aria-live': 'polite' });
  private readonly backToLive = h('button', {
    type: 'button',
    class: 'back-to-live',
    hidden: true,
  });
  private readonly credits = h('footer', { class: 'credits' });

  private shownBody = '';
  private landings = 0;
  private partElements: HTMLElement[] = [];
  private songElement: HTMLElement | null = null;
  private snapshot: FollowSnapshot | null = null;

  constructor(
    root: HTMLElement,
    private readonly options: PageOptions,
  ) {
    this.settings = options.settings;
    this.settingsPanel = this.buildSettings();
    this.scroller = new LiveScroller(window, () => this.drawBackToLive());
    root.replaceChildren(
      h(
        'header',
        { class: 'bar' },
        // eslint-disable-next-line lingui/no-unlocalized-strings -- the product's name
        h('div', { class: 'bar-row' }, h('span', { class: 'brand' }, 'Segue'), this.settingsToggle),
        this.status,
        // Outside main, so the words are in main once only.
        this.spoken,
        this.settingsPanel,
      ),
      h(
        'main',
        { id: 'main', 'aria-labelledby': 'heading' },
        this.banner,
        this.heading,
        this.content,
        this.backToLive,
      ),
      this.credits,
    );
    this.settingsToggle.addEventListener('click', () => {
      const open = this.settingsPanel.hidden;
      this.settingsPanel.hidden = !open;
      this.settingsToggle.setAttribute('aria-expanded', String(open));
    });
    this.backToLive.addEventListener('click', () => this.scroller.backToLive());
    this.prefersDark.addEventListener('change', () => this.applySettings());
    this.applySettings();
  }

  /** Draws what the store knows. */
  render(snapshot: FollowSnapshot): void {
    this.snapshot = snapshot;
    const view = followView(snapshot.state, snapshot.ended, this.settings.language);
    setText(this.heading, view.heading);
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the product's name
    document.title = snapshot.state && !snapshot.ended ? `${view.heading} · Segue` : 'Segue';
    setText(
      this.status,
      snapshot.ended
        ? ''
        : snapshot.status === 'reconnecting'
          ? t('follow.reconnecting')
          : snapshot.status === 'refused'
            ? refusalText(snapshot.refusal)
            : '',
    );
    this.drawBanner(snapshot);
    this.drawCredits(view.credits);
    this.drawLanguages(view.body);

    const landed = snapshot.landings !== this.landings;
    this.landings = snapshot.landings;
    const key = bodyKey(view.body);
    const newBody = key !== this.shownBody;
    if (newBody) {
      this.shownBody = key;
      this.drawBody(view.body);
    }
    if (view.body.kind === 'song') {
      const { livePart } = view.body;
      this.partElements.forEach((part, index) => {
        if (index === livePart) part.setAttribute('aria-current', 'true');
        else part.removeAttribute('aria-current');
      });
      // The first part lands on the song's title, so the title is in view with it.
      const target =
        livePart === null || livePart === 0
          ? this.songElement
          : (this.partElements[livePart] ?? null);
      this.scroller.follow(target, newBody || (landed && !this.scroller.readingBack(READING_MS)));
    } else {
      this.scroller.follow(null, true);
      if (newBody) window.scrollTo({ top: 0 });
    }
    setText(this.spoken, view.spoken);
    this.drawBackToLive();
    if (snapshot.ended) void this.options.wakeLock.set(false);
  }

  private drawBody(body: FollowBody) {
    this.partElements = [];
    this.songElement = null;
    switch (body.kind) {
      case 'loading':
      case 'ended':
        this.content.replaceChildren();
        return;
      case 'waiting':
        this.content.replaceChildren(h('p', { class: 'waiting' }, body.message));
        return;
      case 'item':
        this.content.replaceChildren(h('h2', { class: 'item-title' }, body.title));
        return;
      case 'song': {
        this.partElements = body.parts.map((part) =>
          h(
            'div',
            { class: 'part' },
            h('h3', { class: 'part-label' }, part.label),
            // One text node, its line breaks kept by CSS (white-space: pre-line).
            h(
              'p',
              { class: 'lines', lang: part.lang ?? undefined, dir: 'auto' },
              part.lines.join('\n'),
            ),
          ),
        );
        this.songElement = h(
          'article',
          { class: 'song', 'aria-labelledby': 'song-title' },
          h('h2', { id: 'song-title', class: 'song-title' }, body.title),
          ...this.partElements,
        );
        this.content.replaceChildren(this.songElement);
        return;
      }
    }
  }

  private drawBanner(snapshot: FollowSnapshot) {
    const text = snapshot.announcement?.text ?? null;
    const shown = this.banner.firstElementChild;
    if (text === null) {
      if (shown) this.banner.replaceChildren();
      return;
    }
    if (shown?.textContent === text) return;
    this.banner.replaceChildren(h('p', { class: 'announcement-text' }, text));
  }

  private drawCredits(credits: string[]) {
    const now = [...this.credits.children].map((line) => line.textContent);
    if (now.length === credits.length && now.every((line, i) => line === credits[i])) return;
    this.credits.replaceChildren(...credits.map((line) => h('p', {}, line)));
  }

  /** The song's languages to choose from, when it has more than one. */
  private drawLanguages(body: FollowBody) {
    const languages = body.kind === 'song' ? body.languages : [];
    this.languageSetting.hidden = languages.length < 2;
    if (body.kind !== 'song' || languages.length < 2) return;
    const offered = JSON.stringify(languages);
    if (offered !== this.offered) {
      this.offered = offered;
      this.languageSelect.replaceChildren(
        ...languages.map((lang) => h('option', { value: lang ?? 'und' }, languageName(lang))),
      );
    }
    this.languageSelect.value = body.language ?? 'und';
  }

  private drawBackToLive() {
    const song = this.snapshot?.ended === false && this.songElement !== null;
    this.backToLive.hidden = !(song && this.scroller.detached);
    setText(
      this.backToLive,
      this.scroller.moved ? t('follow.backToLiveMoved') : t('follow.backToLive'),
    );
  }

  private buildSettings(): HTMLElement {
    const themes = h('fieldset', { class: 'setting themes' }, h('legend', {}, t('follow.theme')));
    for (const theme of ['light', 'dark', 'contrast'] as const) {
      const input = h('input', { type: 'radio', name: 'theme', value: theme });
      input.addEventListener('change', () => {
        if (input.checked) this.change({ theme });
      });
      this.themeInputs.set(theme, input);
      themes.append(h('label', { class: 'choice' }, input, h('span', {}, t(THEME_NAMES[theme]))));
    }
    this.smaller.addEventListener('click', () =>
      this.change({ textSize: stepTextSize(this.settings.textSize, -1) }),
    );
    this.larger.addEventListener('click', () =>
      this.change({ textSize: stepTextSize(this.settings.textSize, 1) }),
    );
    const { wakeLock } = this.options;
    this.screenSwitch.addEventListener('click', () => {
      const on = !this.settings.keepScreenOn;
      this.change({ keepScreenOn: on });
      void wakeLock.set(on);
    });
    this.languageSelect.addEventListener('change', () => {
      this.change({ language: this.languageSelect.value });
      if (this.snapshot) this.render(this.snapshot);
    });
    const screen = h('div', { class: 'setting' }, this.screenSwitch);
    if (!wakeLock.supported) {
      this.screenSwitch.disabled = true;
      this.screenSwitch.setAttribute('aria-describedby', 'screen-on-hint');
      screen.append(
        h('p', { id: 'screen-on-hint', class: 'hint' }, t('follow.screenOnUnavailable')),
      );
    }
    return h(
      'section',
      { id: 'settings', class: 'settings', 'aria-labelledby': 'settings-title', hidden: true },
      h('h2', { id: 'settings-title', class: 'visually-hidden' }, t('follow.settings')),
      h(
        'div',
        { class: 'setting size', role: 'group', 'aria-labelledby': 'size-label' },
        h('span', { id: 'size-label', class: 'setting-label' }, t('follow.textSize')),
        this.smaller,
        this.sizeValue,
        this.larger,
      ),
      this.languageSetting,
      themes,
      screen,
    );
  }

  private change(change: Partial<FollowSettings>) {
    this.settings = { ...this.settings, ...change };
    saveFollowSettings(this.options.storage, this.settings);
    this.applySettings();
  }

  /** The settings on the page: size, theme, switch; every control shows its value. */
  private applySettings() {
    const { textSize, keepScreenOn } = this.settings;
    const theme = effectiveTheme(this.settings, this.prefersDark.matches);
    const root = document.documentElement;
    root.dataset.theme = theme;
    root.style.colorScheme = theme === 'light' ? 'light' : 'dark';
    root.style.setProperty('--text-size', String(textSize));
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', BAR_COLOURS[theme]);
    for (const [value, input] of this.themeInputs) input.checked = value === theme;
    setText(this.sizeValue, this.percent.format(textSize));
    // aria-disabled rather than disabled: a button pressed to its end keeps the focus.
    this.smaller.setAttribute('aria-disabled', String(textSize <= FOLLOW_TEXT_SIZE.min));
    this.larger.setAttribute('aria-disabled', String(textSize >= FOLLOW_TEXT_SIZE.max));
    this.screenSwitch.setAttribute(
      'aria-checked',
      String(keepScreenOn && this.options.wakeLock.supported),
    );
  }
}
