import { useCallback, useMemo, useState } from 'react';
import { sameLanguage, songLanguages } from '@segue/shared';
import { liveLyrics } from '../../lib/storage.ts';
import { choiceFrom, choicePicks, choiceValue } from '../chart/lyric-languages.ts';
import type { LyricsChoice } from '../chart/lyric-languages.ts';
import type { LyricsOption } from './my-view-panel.tsx';

/**
 * This device's choice of lyrics in My view (the main lyrics, a translation, or both), kept on
 * the device like My view's other choices, and the picks a chart shows for it.
 */
export function useLyricsChoice() {
  const [choice, setChoice] = useState<LyricsChoice>(() => choiceFrom(liveLyrics.get()));
  const change = useCallback((next: LyricsChoice) => {
    setChoice(next);
    liveLyrics.set(choiceValue(next));
  }, []);
  const picks = useMemo(() => choicePicks(choice), [choice]);
  return { choice, change, picks };
}

/**
 * "Lyrics languages" for a song in My view: its main language and its translations' (none
 * for a song without translations, where there is nothing to choose).
 */
export function lyricsOptionOf(
  song: Parameters<typeof songLanguages>[0] | null | undefined,
  lyrics: { choice: LyricsChoice; change: (choice: LyricsChoice) => void },
): LyricsOption | undefined {
  if (!song) return undefined;
  const translations = songLanguages({ language: null, parts: song.parts }).filter(
    (lang) => !sameLanguage(lang, song.language),
  );
  if (translations.length === 0) return undefined;
  return { ...lyrics, main: song.language ?? null, translations };
}
