import { useEffect, useRef, useState } from 'react';

export type MidiStatus =
  | { state: 'pending' }
  /** No Web MIDI in this browser, or no permission: the live view works without it. */
  | { state: 'unavailable' }
  | { state: 'ready'; inputs: string[] };

const supported = () => typeof navigator.requestMIDIAccess === 'function';

/**
 * Listens to every MIDI input, including those plugged in later, and hands each message's
 * bytes to `onMessage` (the latest one given). Answers which inputs are connected.
 */
export function useMidiInput(onMessage: (data: Uint8Array) => void): MidiStatus {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  const [status, setStatus] = useState<MidiStatus>(() =>
    supported() ? { state: 'pending' } : { state: 'unavailable' },
  );

  useEffect(() => {
    if (!supported()) return;
    let cancelled = false;
    let access: MIDIAccess | null = null;

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
        access.onstatechange = listenToInputs;
        listenToInputs();
      })
      .catch((error: unknown) => {
        console.info('[midi] unavailable:', error);
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
  }, []);

  return status;
}
