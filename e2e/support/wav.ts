import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * A WAV file of tones one after the other, `partMs` each: 8 kHz, mono, 16-bit PCM. Made by the
 * tests, so they carry no binary fixture and each tone's place and the length are known exactly.
 */
export function toneWav(tones: readonly number[], partMs: number): Buffer {
  const rate = 8000;
  const perPart = (rate * partMs) / 1000;
  const samples = perPart * tones.length;
  const data = samples * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // the fmt chunk's size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28); // bytes a second
  wav.writeUInt16LE(2, 32); // bytes a sample frame
  wav.writeUInt16LE(16, 34); // bits a sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(data, 40);
  for (let i = 0; i < samples; i += 1) {
    const tone = tones[Math.floor(i / perPart)]!;
    wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * tone * i) / rate)), 44 + i * 2);
  }
  return wav;
}

/**
 * Adds `wav` to the song as a recording named `name`, through the API as `headers`' person (who
 * may edit the song, in its team); fails the test unless the server took it. Its id.
 */
export async function uploadRecording(
  request: APIRequestContext,
  headers: Record<string, string>,
  songId: string,
  name: string,
  wav: Buffer,
): Promise<string> {
  const uploaded = await request.post(
    `/api/songs/${songId}/media?name=${encodeURIComponent(name)}`,
    { data: wav, headers: { ...headers, 'content-type': 'audio/wav' } },
  );
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  return ((await uploaded.json()) as { id: string }).id;
}
