// Staff alerts: the browser notification of docs/product.md#notification-texts through the service-worker
// registration (clicking it focuses this tab, see sw/sw.ts), a short WebAudio beep for a new order, the
// sound setting, and whether the browser lets this tab make sound yet (browsers block audio until the
// first tap or key press on the page: the alert bar says so and offers a button).
import { ORDER_NOTIFICATION } from '../../shared/constants.ts';

export const SOUND_KEY = 'live-orders-sound';

export function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asked only from a button press, never on load. */
export async function askNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  // ready never settles without a worker (dev server): give up after a moment.
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000)),
  ]);
}

/**
 * Raises the staff notification for an order's update. `again`: the same order is still waiting, so
 * the notification is raised anew (sound and vibration again) in place of the earlier one.
 */
export async function showOrderNotification(orderId: number, status: string, again = false): Promise<void> {
  if (notificationPermission() !== 'granted') return;
  const options: NotificationOptions & { renotify?: boolean } = {
    body: ORDER_NOTIFICATION.body,
    tag: `order-${orderId}-${status}`,
    data: { url: '/partner/orders' },
    ...(again ? { renotify: true } : {}),
  };
  try {
    const reg = await registration();
    if (reg) await reg.showNotification(ORDER_NOTIFICATION.title, options);
    else new Notification(ORDER_NOTIFICATION.title, options);
  } catch (err) {
    console.warn('live orders: notification failed', err);
  }
}

export function soundEnabled(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
}

const soundListeners = new Set<() => void>();

/** Called when the sound setting or whether the browser allows sound changes. */
export function onSoundChange(fn: () => void): () => void {
  soundListeners.add(fn);
  return () => soundListeners.delete(fn);
}
const soundChanged = () => {
  for (const fn of soundListeners) fn();
};

export function setSoundEnabled(on: boolean): void {
  try {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // Not remembered in private mode; the toggle still works for this visit.
  }
  soundChanged();
}

let audio: AudioContext | null = null;

function audioContext(): AudioContext | null {
  const Ctx = (window as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Ctx) return null;
  if (!audio) {
    audio = new Ctx();
    audio.addEventListener('statechange', soundChanged);
  }
  return audio;
}

/** Creates (or resumes) the audio context; call from a click so browsers allow sound later. */
export function unlockAudio(): void {
  const made = !audio;
  const ctx = audioContext();
  if (ctx?.state === 'suspended') void ctx.resume().then(soundChanged, () => undefined);
  // A first context may not be what the page's activation promised (a browser's own autoplay rules).
  if (made && ctx) soundChanged();
}

/**
 * Whether this tab can make sound now: 'blocked' until the browser allows audio (the first tap or key
 * press on the page), 'unsupported' without Web Audio. Asking makes no audio context: the first one a
 * browser makes starts its audio stack (46-82 ms of the console's hydration in Chromium). Until a beep
 * or a tap needs one, the page's sticky user activation says what a context made now would be (a
 * context made after the page's first gesture starts running); a browser without it is asked directly.
 */
export function audioState(): 'running' | 'blocked' | 'unsupported' {
  if (!(window as { AudioContext?: unknown }).AudioContext) return 'unsupported';
  const activation = (navigator as { userActivation?: { hasBeenActive: boolean } }).userActivation;
  const ctx = audio ?? (activation ? null : audioContext());
  if (!ctx) return activation?.hasBeenActive ? 'running' : 'blocked';
  return ctx.state === 'running' ? 'running' : 'blocked';
}

/** The first tap or key press anywhere on the page allows sound from then on. */
export function unlockAudioOnFirstGesture(): () => void {
  const events = ['pointerdown', 'keydown', 'touchend'] as const;
  const off = () => {
    for (const e of events) document.removeEventListener(e, once, true);
  };
  const once = () => {
    unlockAudio();
    if (audioState() !== 'blocked') off();
  };
  for (const e of events) document.addEventListener(e, once, true);
  return off;
}

/** Two short tones. */
export function beep(): void {
  try {
    unlockAudio();
    if (!audio || audio.state !== 'running') return;
    const t = audio.currentTime;
    for (const [i, freq] of [880, 1175].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.3, t + i * 0.18 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.18 + 0.16);
      osc.connect(gain).connect(audio.destination);
      osc.start(t + i * 0.18);
      osc.stop(t + i * 0.18 + 0.17);
    }
  } catch (err) {
    console.warn('live orders: sound failed', err);
  }
}
