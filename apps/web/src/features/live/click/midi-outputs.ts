import { useEffect, useState } from 'react';

/** A MIDI output as the settings list it. */
export interface MidiOutputChoice {
  id: string;
  name: string;
}

export type MidiOutputsStatus =
  | { state: 'off' }
  | { state: 'pending' }
  /** No Web MIDI here, or no permission. */
  | { state: 'unavailable' }
  | { state: 'ready'; outputs: MidiOutputChoice[] };

let access: Promise<MIDIAccess | null> | null = null;

/** The page's Web MIDI access, asked for once (the browser may prompt); null when refused. */
function midiAccess(): Promise<MIDIAccess | null> {
  if (typeof navigator === 'undefined' || typeof navigator.requestMIDIAccess !== 'function') {
    return Promise.resolve(null);
  }
  access ??= navigator.requestMIDIAccess({ sysex: false }).catch(() => {
    access = null;
    return null;
  });
  return access;
}

function choices(midi: MIDIAccess): MidiOutputChoice[] {
  const outputs: MidiOutputChoice[] = [];
  midi.outputs.forEach((output) => {
    if (output.state === 'connected') {
      outputs.push({ id: output.id, name: output.name || output.manufacturer || output.id });
    }
  });
  return outputs;
}

/** The connected output `id`, or null (unplugged, refused, no Web MIDI). */
export async function midiOutput(id: string): Promise<MIDIOutput | null> {
  const midi = await midiAccess();
  const output = midi?.outputs.get(id);
  return output && output.state === 'connected' ? output : null;
}

/**
 * The connected MIDI outputs while `active`, kept up to date as devices come and go. Web MIDI is
 * asked for only once a musician turns "Send MIDI clock" on, so nobody else sees a prompt.
 */
export function useMidiOutputs(active: boolean): MidiOutputsStatus {
  const [status, setStatus] = useState<MidiOutputsStatus>({ state: 'off' });
  useEffect(() => {
    if (!active) {
      setStatus({ state: 'off' });
      return;
    }
    let cancelled = false;
    let midi: MIDIAccess | null = null;
    const update = () => {
      if (midi && !cancelled) setStatus({ state: 'ready', outputs: choices(midi) });
    };
    setStatus({ state: 'pending' });
    void midiAccess().then((granted) => {
      if (cancelled) return;
      if (!granted) {
        setStatus({ state: 'unavailable' });
        return;
      }
      midi = granted;
      midi.addEventListener('statechange', update);
      update();
    });
    return () => {
      cancelled = true;
      midi?.removeEventListener('statechange', update);
    };
  }, [active]);
  return status;
}
