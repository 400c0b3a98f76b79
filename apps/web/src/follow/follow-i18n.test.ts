import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FOLLOW_TEXTS } from '@segue/shared/follow-texts';
import { LOCALES, type FollowState } from '@segue/shared';
import { loaders } from 'virtual:segue-catalogs';
import { memoryStorage } from '../lib/memory-storage.ts';
import { storedLocale } from '../lib/storage.ts';
import {
  activateFollowLocale,
  followActiveLocale,
  followLocale,
  format,
  t,
} from './follow-i18n.ts';
import { refusalText } from './follow-page.ts';
import { followView } from './follow-view.ts';

const state: FollowState = {
  setlistName: 'Domingo',
  version: 1,
  now: { kind: 'waiting' },
  ccliLicence: '1234567',
  screenLanguages: [],
  message: null,
};

/** A storage holding `value` under the app's language key, or one that refuses to be read. */
function storageWith(value: string | null, blocked = false): Storage {
  return {
    getItem: (key: string) => {
      if (blocked) throw new Error('blocked');
      return key === 'segue.locale' ? value : null;
    },
  } as Storage;
}

/** `<html>` as far as the page's language goes. */
const fakeRoot = () => ({ lang: '' }) as HTMLElement;

beforeEach(() => {
  vi.stubGlobal('window', { localStorage: memoryStorage(), sessionStorage: memoryStorage() });
});

afterEach(async () => {
  await activateFollowLocale('en', fakeRoot());
  vi.unstubAllGlobals();
});

describe("the follow page's language", () => {
  it("is the device's choice, kept as the app keeps it", () => {
    storedLocale.set('ko');
    expect(followLocale(window.localStorage, ['es-ES'])).toBe('ko');
  });

  it("is else the browser's, matched as the app matches it", () => {
    expect(followLocale(storageWith(null), ['es-ES', 'en'])).toBe('es');
    expect(followLocale(storageWith(null), ['pt-PT'])).toBe('pt-BR');
    expect(followLocale(storageWith('xx'), ['de-CH'])).toBe('de');
    expect(followLocale(storageWith(null, true), ['fr-CA'])).toBe('fr');
    expect(followLocale(null, ['nl'])).toBe('en');
  });

  it('shows the texts and sets <html lang> in that language', async () => {
    const root = fakeRoot();
    await activateFollowLocale('es', root);
    expect(root.lang).toBe('es');
    expect(followActiveLocale()).toBe('es');
    expect(t('follow.settings')).toBe('Ajustes de pantalla');
    const view = followView(state);
    expect(view.body).toEqual({ kind: 'waiting', message: 'Esperando la próxima canción' });
    expect(view.credits).toEqual(['Licencia CCLI 1234567']);
    expect(followView(null, true).heading).toBe('Este enlace ha terminado.');
    // The server's English refusal, told in Spanish; one the page does not know, as sent.
    expect(refusalText(FOLLOW_TEXTS.roomFull)).toBe(
      'Este servicio ya tiene todos los seguidores que permite. Inténtalo de nuevo en un minuto.',
    );
    expect(refusalText('Something else.')).toBe('Something else.');
  });

  it('stays English, word for word, in English', async () => {
    const root = fakeRoot();
    await activateFollowLocale('en', root);
    expect(root.lang).toBe('en');
    expect(followView(state).credits).toEqual([`${FOLLOW_TEXTS.ccliLicence} 1234567`]);
    expect(t('follow.songCcli', { number: '4768151' })).toBe(FOLLOW_TEXTS.songCcli('4768151'));
    expect(followView(null).heading).toBe(FOLLOW_TEXTS.loading);
  });
});

describe("the follow page's texts", () => {
  it('are plain sentences with at most a value put in, in every language', async () => {
    // `format` reads no plural or other format: a text that needs one needs Lingui's runtime.
    for (const locale of LOCALES) {
      const { default: messages } = await loaders[`${locale}/follow`]!();
      expect(Object.keys(messages).length, locale).toBeGreaterThan(0);
      for (const [key, message] of Object.entries(messages)) {
        const tokens: unknown[] = Array.isArray(message) ? message : [message];
        for (const token of tokens) {
          const plain =
            typeof token === 'string' ||
            (Array.isArray(token) && token.length === 1 && typeof token[0] === 'string');
          expect(plain, `${locale} ${key}`).toBe(true);
        }
      }
    }
  });

  it('put their values in', () => {
    expect(format(['CCLI #', ['number']], { number: '18723' })).toBe('CCLI #18723');
    expect(format('Theme')).toBe('Theme');
  });
});
