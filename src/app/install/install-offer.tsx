// "Install Bhojan": an Install button where the browser offers installation (beforeinstallprompt), and
// on iOS Safari, which has no such event, how to add the app to the Home Screen. Never on checkout
// (nothing comes between the customer and paying), never once installed, and "Not now" holds for two
// weeks. Loaded when the page is idle; a prompt the browser sent before then stays the browser's own.
import { useEffect, useState } from 'react';
import { useLocation } from '../../lib/router.tsx';
import { installSituation, snoozeInstall, type InstallPromptEvent } from './install-situation.ts';
import './install-offer.css';

export function InstallOffer() {
  const { pathname } = useLocation();
  const [offer, setOffer] = useState<InstallPromptEvent | null>(null);
  const [situation, setSituation] = useState(() => installSituation());

  useEffect(() => {
    const onPrompt = (e: Event) => {
      // Ours to show, at a calmer moment than the browser's own banner.
      e.preventDefault();
      setOffer(e as InstallPromptEvent);
    };
    const onInstalled = () => {
      setOffer(null);
      setSituation('installed');
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  const later = () => {
    snoozeInstall();
    setOffer(null);
    setSituation('snoozed');
  };

  if (pathname.startsWith('/checkout') || situation === 'installed' || situation === 'snoozed') return null;

  if (offer) {
    return (
      <aside className="install-offer" aria-label="Install the app">
        <p className="install-offer__text">Install Bhojan: open it from your home screen, even offline.</p>
        <div className="install-offer__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              void offer.prompt();
              void offer.userChoice
                .then((choice) => {
                  if (choice.outcome === 'accepted') setSituation('installed');
                })
                .catch(() => undefined);
              // The browser allows one prompt per event.
              setOffer(null);
            }}
          >
            Install
          </button>
          <button type="button" className="button" onClick={later}>
            Not now
          </button>
        </div>
      </aside>
    );
  }

  if (situation === 'ios-safari') {
    return (
      <aside className="install-offer" aria-label="Add to Home Screen">
        <p className="install-offer__text">
          Install Bhojan: tap <ShareGlyph /> <strong>Share</strong>, then <strong>Add to Home Screen</strong>.
        </p>
        <div className="install-offer__actions">
          <button type="button" className="button" onClick={later}>
            Not now
          </button>
        </div>
      </aside>
    );
  }
  return null;
}

/** Safari's Share icon (a box with an arrow), so the hint points at what is on screen. */
function ShareGlyph() {
  return (
    <svg className="install-offer__glyph" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path
        d="M8 1v9M5 4l3-3 3 3M4 7H3v8h10V7h-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
