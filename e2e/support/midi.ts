import type { Page } from '@playwright/test';

/**
 * A fake Web MIDI input: the app's own MIDI handling is real; only the device is
 * stubbed. Tests play notes with window.__segueMidiTest.send([status, note, velocity]).
 */
export const midiStub = () => {
  const listeners: ((event: { data: Uint8Array }) => void)[] = [];
  const input = {
    id: 'test-pedal',
    name: 'Test Foot Pedal',
    manufacturer: 'Segue Tests',
    type: 'input',
    state: 'connected',
    connection: 'open',
    onmidimessage: null as null | ((event: { data: Uint8Array }) => void),
    addEventListener(type: string, listener: (event: { data: Uint8Array }) => void) {
      if (type === 'midimessage') listeners.push(listener);
    },
    removeEventListener() {},
  };
  const access = {
    inputs: new Map([[input.id, input]]),
    outputs: new Map(),
    onstatechange: null,
    addEventListener() {},
    removeEventListener() {},
    sysexEnabled: false,
  };
  const test = {
    /** How often the page asked for MIDI access (the real browser would prompt). */
    requests: 0,
    send(data: number[]) {
      const event = { data: new Uint8Array(data) };
      input.onmidimessage?.(event);
      for (const l of listeners) l(event);
    },
  };
  Object.defineProperty(navigator, 'requestMIDIAccess', {
    value: () => {
      test.requests += 1;
      return Promise.resolve(access);
    },
    configurable: true,
  });
  (window as unknown as { __segueMidiTest: unknown }).__segueMidiTest = test;
};
export const midiRequests = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __segueMidiTest: { requests: number } }).__segueMidiTest.requests,
  );

/** Plays one MIDI message on the fake input of a page with `midiStub`. */
export const sendMidi = (page: Page, data: number[]) =>
  page.evaluate(
    (message) =>
      (window as unknown as { __segueMidiTest: { send(d: number[]): void } }).__segueMidiTest.send(
        message,
      ),
    data,
  );
