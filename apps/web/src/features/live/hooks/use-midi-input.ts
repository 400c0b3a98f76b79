import { useCallback, useEffect, useRef, useState } from 'react';
import { liveMidiEnabled } from '../../../lib/storage.ts';

export type MidiStatus =
  /** Web MIDI is there but this device has not been asked to listen yet. */
  | { state: 'off' }
  | { state: 'pending' }
  /** No Web MIDI in this browser, or no permission: the live view works without it. */
  | { state: 'unavailable' }
  | { state: 'ready'; inputs: string[] };

const supported = () => typeof navigator.requestMIDIAccess === 'function';

/** Whether the browser already lets this site use MIDI, so asking shows no prompt. */
async function alreadyAllowed(): Promise<boolean> {
  try {
    const permission = await navigator.permissions?.query({ name: 'midi' as PermissionName });
    return permission?.state === 'granted';
  } catch {
    return false;
  }
}

/**
 * Listens to every MIDI input, including those plugged in later, and hands each message's
 * bytes to `onMessage` (the latest one given). Answers which inputs are connected, and
 * `connect` for the "Connect MIDI" button.
 *
 * MIDI is asked for only on a device whose user chose it (remembered in local storage) or
 * whose browser already allows it, so the musicians' phones are never prompted for a
 * foot controller they do not have.
 */
export function useMidiInput(onMessage: (data: Uint8Array) => void): {
  status: MidiStatus;
  connect: () => void;
} {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  const [status, setStatus] = useState<MidiStatus>(() =>
    !supported()
      ? { state: 'unavailable' }
      : liveMidiEnabled.get()
        ? { state: 'pending' }
        : { state: 'off' },
  );
  const [wanted, setWanted] = useState(() => supported() && liveMidiEnabled.get());

  useEffect(() => {
    if (!supported() || wanted) return;
    let cancelled = false;
    void alreadyAllowed().then((allowed) => {
      if (allowed && !cancelled) setWanted(true);
    });
    return () => {
      cancelled = true;
    };
  }, [wanted]);

  useEffect(() => {
    if (!supported() || !wanted) return;
    let cancelled = false;
    let access: MIDIAccess | null = null;
    setStatus({ state: 'pending' });

    const listenToInputs = () => {
      if (!access || cancelled) return;
      const names: string[] = [];
      access.inputs.forEach((input) => {
        if (input.state === 'disconnected') {
          input.onmidimessage = null;
          return;
        }
        // Setting the handler also opens the port.
        input.onmidimessage = (event) => {
          if (event.data) handler.current(event.data);
        };
        names.push(input.name || input.manufacturer || input.id);
      });
      setStatus({ state: 'ready', inputs: names });
    };

    navigator
      .requestMIDIAccess()
      .then((granted) => {
        if (cancelled) return;
        access = granted;
        liveMidiEnabled.set(true);
        access.onstatechange = listenToInputs;
        listenToInputs();
      })
      .catch((error: unknown) => {
        console.info('[midi] unavailable:', error);
        // Refused: do not ask again on every visit; the button stays for another try.
        liveMidiEnabled.set(false);
        if (!cancelled) setStatus({ state: 'unavailable' });
      });

    return () => {
      cancelled = true;
      if (!access) return;
      access.onstatechange = null;
      access.inputs.forEach((input) => {
        input.onmidimessage = null;
      });
    };
  }, [wanted]);

  const connect = useCallback(() => setWanted(true), []);
  return { status, connect };
}
