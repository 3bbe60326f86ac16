// Staff alerts: the browser notification of SPEC.md section 8 through the service-worker registration
// (clicking it focuses this tab, see sw/sw.ts), and a short WebAudio beep for a new order.
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

export async function showOrderNotification(orderId: number, status: string): Promise<void> {
  if (notificationPermission() !== 'granted') return;
  const options: NotificationOptions = {
    body: ORDER_NOTIFICATION.body,
    tag: `order-${orderId}-${status}`,
    data: { url: '/partner/orders' },
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

export function setSoundEnabled(on: boolean): void {
  try {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // Not remembered in private mode; the toggle still works for this visit.
  }
}

let audio: AudioContext | null = null;

/** Creates (or resumes) the audio context; call from a click so browsers allow sound later. */
export function unlockAudio(): void {
  const Ctx = (window as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Ctx) return;
  audio ??= new Ctx();
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
}

/** Two short tones. */
export function beep(): void {
  try {
    unlockAudio();
    if (!audio) return;
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
