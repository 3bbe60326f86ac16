// Whether and how the app can be installed here: already installed (running standalone), "Not now"
// pressed within two weeks, iOS Safari (installed by hand through Share), or wherever the browser
// sends beforeinstallprompt.
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallSituation = 'installed' | 'snoozed' | 'ios-safari' | 'other';

const SNOOZE_KEY = 'install-snoozed-at';
const SNOOZE_MS = 14 * 24 * 3600 * 1000;

/** iPhone, iPod or iPad (an iPad's Safari says "Macintosh" but has a touch screen), in Safari itself. */
export function isIosSafari(ua: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && maxTouchPoints > 1);
  // Chrome, Firefox, Edge and Opera on iOS cannot add to the Home Screen the same way.
  return ios && /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(ua);
}

function standalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

function snoozed(now: number): boolean {
  try {
    const at = Number(localStorage.getItem(SNOOZE_KEY));
    return at > 0 && now - at < SNOOZE_MS;
  } catch {
    return false;
  }
}

export function installSituation(now: number = Date.now()): InstallSituation {
  if (standalone()) return 'installed';
  if (snoozed(now)) return 'snoozed';
  return isIosSafari(navigator.userAgent, navigator.maxTouchPoints ?? 0) ? 'ios-safari' : 'other';
}

export function snoozeInstall(now: number = Date.now()): void {
  try {
    localStorage.setItem(SNOOZE_KEY, String(now));
  } catch {
    // Storage blocked: the offer comes back next visit.
  }
}
