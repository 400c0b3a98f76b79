import { useEffect, useState } from 'react';
import type { MediaMark } from '@segue/shared';
import { openPracticePlayer } from './practice-player.ts';
import type { FallbackReason, PracticePlayer } from './practice-player.ts';
import { currentMarkIndex } from './practice.ts';

type Opened =
  | { blob: Blob; player: PracticePlayer; fallback: FallbackReason | null; error: null }
  | { blob: Blob; player: null; fallback: null; error: unknown };

/**
 * The recording's file opened for practice, and closed (its audio context and buffers let go)
 * when another file comes or the page goes.
 */
export function usePracticePlayer(blob: Blob | null) {
  const [opened, setOpened] = useState<Opened | null>(null);
  useEffect(() => {
    if (!blob) return;
    let gone = false;
    let player: PracticePlayer | null = null;
    openPracticePlayer(blob).then(
      (result) => {
        if (gone) {
          result.player.dispose();
          return;
        }
        player = result.player;
        setOpened({ blob, player: result.player, fallback: result.fallback, error: null });
      },
      (error: unknown) => {
        if (!gone) setOpened({ blob, player: null, fallback: null, error });
      },
    );
    return () => {
      gone = true;
      player?.dispose();
    };
  }, [blob]);
  // A result for a file no longer asked for is not shown, even for the render before the effect.
  const current = opened && opened.blob === blob ? opened : null;
  return {
    player: current?.player ?? null,
    fallback: current?.fallback ?? null,
    error: current?.error ?? null,
    isOpening: blob !== null && current === null,
  };
}

/** Where the player is, and whether it plays: a render on every report (several a second). */
export function usePlayerPosition(player: PracticePlayer | null) {
  const [state, setState] = useState({ positionMs: 0, playing: false });
  useEffect(() => {
    if (!player) return;
    const read = () => setState({ positionMs: player.positionMs(), playing: player.isPlaying() });
    read();
    return player.subscribe(read);
  }, [player]);
  return player ? state : { positionMs: 0, playing: false };
}

/**
 * The index of the mark the recording is in, and whether it plays: a render only when one of
 * them changes, so the chart is not drawn again several times a second.
 */
export function useCurrentMark(player: PracticePlayer | null, marks: readonly MediaMark[]) {
  const [state, setState] = useState({ index: -1, playing: false });
  useEffect(() => {
    if (!player) return;
    const read = () => {
      const index = currentMarkIndex(marks, player.positionMs());
      const playing = player.isPlaying();
      setState((old) =>
        old.index === index && old.playing === playing ? old : { index, playing },
      );
    };
    read();
    return player.subscribe(read);
  }, [player, marks]);
  return player ? state : { index: -1, playing: false };
}
