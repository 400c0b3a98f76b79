import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { liveClickSettings } from '../../../lib/storage.ts';

/** The click's generated sounds (no samples to download). */
export const CLICK_SOUNDS = ['wood', 'beep', 'hihat'] as const;
export type ClickSound = (typeof CLICK_SOUNDS)[number];

/**
 * The extra latency a device may add to what the browser reports, in ms: Bluetooth earbuds add
 * 100–300 ms, the slowest more; a little below zero for a browser that reports too much. The most
 * is what a tap-along at `CALIBRATION_BPM` can measure.
 */
export const CLICK_LATENCY_LIMITS = { minMs: -100, maxMs: 700 } as const;

export interface ClickSettings {
  /** Whether this device plays the click: off until its musician turns it on. */
  enabled: boolean;
  sound: ClickSound;
  /** 0 (silent) to 1. */
  volume: number;
  /** The eighth notes between clicks, softer. */
  subdivision: boolean;
  /** Numbers spoken over the count-in, where the device can speak. */
  spokenCountIn: boolean;
  /**
   * What the click is moved earlier by, in ms, beyond the output latency the browser reports:
   * measured by "Calibrate" (Bluetooth earbuds add 100–300 ms that browsers seldom report).
   */
  latencyMs: number;
  /** Whether this device sends MIDI clock, Start and Stop to `midiOutputId`. */
  sendMidiClock: boolean;
  midiOutputId: string | null;
}

export const DEFAULT_CLICK_SETTINGS: ClickSettings = {
  enabled: false,
  sound: 'wood',
  volume: 0.8,
  subdivision: false,
  spokenCountIn: true,
  latencyMs: 0,
  sendMidiClock: false,
  midiOutputId: null,
};

const D = DEFAULT_CLICK_SETTINGS;
const clamp = (min: number, max: number) => (value: number) => Math.min(max, Math.max(min, value));

/**
 * Stored settings as this device reads them: a field that is missing or wrong takes its default
 * and the others stay (an older or newer app may have written them); numbers out of range are
 * brought into it.
 */
const ClickSettingsSchema = z
  .object({
    enabled: z.boolean().catch(D.enabled),
    sound: z.enum(CLICK_SOUNDS).catch(D.sound),
    volume: z.number().finite().transform(clamp(0, 1)).catch(D.volume),
    subdivision: z.boolean().catch(D.subdivision),
    spokenCountIn: z.boolean().catch(D.spokenCountIn),
    latencyMs: z
      .number()
      .finite()
      .transform(clamp(CLICK_LATENCY_LIMITS.minMs, CLICK_LATENCY_LIMITS.maxMs))
      .catch(D.latencyMs),
    sendMidiClock: z.boolean().catch(D.sendMidiClock),
    midiOutputId: z.string().max(500).nullable().catch(D.midiOutputId),
  })
  .catch(D);

/** The settings in `stored` (anything: parsed JSON), with defaults for what cannot be read. */
export function clickSettingsFrom(stored: unknown): ClickSettings {
  return ClickSettingsSchema.parse(stored);
}

/** Where a settings store keeps its value: the device's local storage, or a test's. */
export interface ClickSettingsStorage {
  get: () => unknown;
  set: (settings: object) => void;
}

export interface ClickSettingsStore {
  /** The current settings; the same object until they change (`useSyncExternalStore`). */
  get: () => ClickSettings;
  /** Changes some settings, stores them, and tells the subscribers. */
  change: (change: Partial<ClickSettings>) => void;
  subscribe: (listener: () => void) => () => void;
}

/** A store of the click settings kept in `storage`, read when first asked for. */
export function createClickSettingsStore(
  storage: ClickSettingsStorage = liveClickSettings,
): ClickSettingsStore {
  let current: ClickSettings | null = null;
  const listeners = new Set<() => void>();
  const get = () => (current ??= clickSettingsFrom(storage.get()));
  return {
    get,
    change: (change) => {
      const next = clickSettingsFrom({ ...get(), ...change });
      current = next;
      storage.set(next);
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** This device's click settings: one store for the page, so every screen and the player agree. */
export const clickSettings = createClickSettingsStore();

/** This device's click settings and a way to change them. */
export function useClickSettings(): {
  settings: ClickSettings;
  change: (change: Partial<ClickSettings>) => void;
} {
  const settings = useSyncExternalStore(clickSettings.subscribe, clickSettings.get);
  return { settings, change: clickSettings.change };
}
