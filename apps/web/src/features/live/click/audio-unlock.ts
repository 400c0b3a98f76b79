import { unlockSpeech } from './count-in-voice.ts';

type AudioContextConstructor = new (options?: AudioContextOptions) => AudioContext;

let pageContext: AudioContext | null | undefined;

function audioContextConstructor(): AudioContextConstructor | undefined {
  if (typeof window === 'undefined') return undefined;
  const scope = window as Window & { webkitAudioContext?: AudioContextConstructor };
  return typeof AudioContext === 'function' ? AudioContext : scope.webkitAudioContext;
}

/** Whether this browser can play the click (without making a context yet). */
export function webAudioAvailable(): boolean {
  return audioContextConstructor() !== undefined;
}

/**
 * The page's one AudioContext for the click (browsers limit how many a page may open, and each
 * has its own clock), made when first asked for; null where the browser has no Web Audio.
 */
export function clickAudioContext(): AudioContext | null {
  if (pageContext !== undefined) return pageContext;
  const Context = audioContextConstructor();
  pageContext = Context ? new Context({ latencyHint: 'interactive' }) : null;
  return pageContext;
}

/** Safari's audio session (iOS 17): 'playback' is what a music player asks for. */
interface AudioSessionLike {
  type: string;
}

/**
 * Asks the device to treat the click as playback where it can (Safari's `audioSession`): it then
 * sounds with the ring switch on silent, as a church phone often is, and goes on with the screen
 * locked. On iOS this pauses other apps' audio, as a music player does.
 */
function askForPlayback(): void {
  const session = (navigator as Navigator & { audioSession?: AudioSessionLike }).audioSession;
  try {
    if (session && session.type !== 'playback') session.type = 'playback';
  } catch {
    // An older Safari without the setter: the click still plays with the ring switch on.
  }
}

const unlocked = new WeakSet<AudioContext>();

/**
 * Lets `context` sound: call it inside a tap or key handler (iOS only lets a context start, or
 * speech speak, from one). Resumes the context, and the first time also plays a silent sample
 * and an empty utterance, which older iOS needs before it lets sound out.
 */
export function unlockAudio(context: AudioContext): void {
  askForPlayback();
  if (context.state !== 'running') void context.resume().catch(() => undefined);
  if (unlocked.has(context)) return;
  unlocked.add(context);
  const silence = context.createBufferSource();
  silence.buffer = context.createBuffer(1, 1, context.sampleRate);
  silence.connect(context.destination);
  silence.start();
  unlockSpeech();
}

const GESTURES = ['pointerdown', 'touchend', 'keydown'] as const;

/**
 * Keeps `context` running: iOS (and Chrome, before any gesture) keep a new context suspended
 * until a tap, and a phone call, the screen lock or a page coming back can stop it again. So
 * every tap or key anywhere on the page unlocks it while it is not running, and the page coming
 * back into view resumes it. Answers the cleanup.
 */
export function keepAudioUnlocked(context: AudioContext): () => void {
  const onGesture = () => {
    if (context.state !== 'running' || !unlocked.has(context)) unlockAudio(context);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible' && context.state !== 'running') {
      void context.resume().catch(() => undefined);
    }
  };
  // Where a gesture came before (Chrome remembers one), this starts it at once.
  if (context.state !== 'running') void context.resume().catch(() => undefined);
  for (const gesture of GESTURES) window.addEventListener(gesture, onGesture, true);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    for (const gesture of GESTURES) window.removeEventListener(gesture, onGesture, true);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
