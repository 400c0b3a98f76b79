import { useCallback, useEffect, useState } from 'react';
import { presenterBackground } from '../../../lib/storage.ts';
import { DEFAULT_PRESET, parseStoredBackground } from '../utils/backgrounds.ts';
import type { PresenterBackground, PresetName, StoredBackground } from '../utils/backgrounds.ts';

/** Larger photos are scaled down to this many pixels on their long side, to fit local storage. */
const MAX_IMAGE_SIDE = 2560;
/** Files up to this size are stored as they are. */
const STORE_AS_IS_BYTES = 1_500_000;

/** An image that did not fit in local storage: kept for this tab until it reloads. */
let sessionOnlyImage: StoredBackground | null = null;

function initialBackground(): PresenterBackground {
  return (
    sessionOnlyImage ??
    parseStoredBackground(presenterBackground.get()) ?? { type: 'preset', name: DEFAULT_PRESET }
  );
}

/**
 * The presenter's background: a preset, an uploaded image (stored as a data URL) or an
 * uploaded video (a temporary object URL, gone on reload, when the stored choice returns).
 */
export function usePresenterBackground() {
  const [background, setBackground] = useState<PresenterBackground>(initialBackground);
  /** True when the shown image could not be stored (too big for local storage). */
  const [notSaved, setNotSaved] = useState(() => sessionOnlyImage !== null);

  const videoUrl = background.type === 'video' ? background.url : null;
  useEffect(() => {
    if (!videoUrl) return;
    return () => URL.revokeObjectURL(videoUrl);
  }, [videoUrl]);

  const keep = useCallback((choice: StoredBackground) => {
    setBackground(choice);
    const stored = presenterBackground.set(JSON.stringify(choice));
    sessionOnlyImage = stored ? null : choice;
    setNotSaved(!stored);
    if (!stored) console.warn('[presenter] background not stored: too large for local storage');
  }, []);

  const choosePreset = useCallback((name: PresetName) => keep({ type: 'preset', name }), [keep]);

  const chooseFile = useCallback(
    async (file: File) => {
      if (file.type.startsWith('video/')) {
        setBackground({ type: 'video', url: URL.createObjectURL(file) });
        setNotSaved(false);
        return;
      }
      if (!file.type.startsWith('image/')) {
        console.warn(`[presenter] not an image or video: ${file.type || file.name}`);
        return;
      }
      try {
        keep({ type: 'image', dataUrl: await imageDataUrl(file) });
      } catch (error) {
        console.error('[presenter] could not read the image', error);
      }
    },
    [keep],
  );

  return {
    background,
    notSaved,
    choosePreset,
    chooseFile,
    reset: useCallback(() => choosePreset(DEFAULT_PRESET), [choosePreset]),
  };
}

/** The image as a data URL; a large photo is scaled down first so it fits local storage. */
async function imageDataUrl(file: File): Promise<string> {
  const keepsFrames = file.type === 'image/gif' || file.type === 'image/svg+xml';
  if (file.size > STORE_AS_IS_BYTES && !keepsFrames) {
    try {
      return await scaledDown(file);
    } catch (error) {
      console.warn('[presenter] could not scale the image down; using it as it is', error);
    }
  }
  return readAsDataUrl(file);
}

async function scaledDown(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, MAX_IMAGE_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', 0.85);
  } finally {
    bitmap.close();
  }
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.readAsDataURL(file);
  });
}
