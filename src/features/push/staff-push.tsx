// The staff tab's Web Push: once notifications are allowed (the page's own "Enable notifications"
// button asks), this browser is subscribed with the server's key and saved for the signed-in staff
// member's restaurant, so a new order still alerts with the tab closed. Renewed on every visit.
import { useEffect, useState } from 'react';
import { getPushKey } from './api/get-push-key.ts';
import { enablePush, pushSupported } from './subscribe.ts';
import './push.css';

export function StaffPush() {
  const [state, setState] = useState<'hidden' | 'on' | 'failed'>('hidden');

  useEffect(() => {
    if (!pushSupported()) return;
    let live = true;
    let watched: PermissionStatus | undefined;
    const tryEnable = async () => {
      const key = await getPushKey();
      if (!live || !key || Notification.permission !== 'granted') return;
      try {
        await enablePush(key);
        if (live) setState('on');
      } catch (err) {
        console.warn('push: could not subscribe this screen', err);
        if (live) setState('failed');
      }
    };
    void tryEnable();
    // Subscribe as soon as the permission is granted, whichever button asked for it.
    navigator.permissions
      ?.query({ name: 'notifications' })
      .then((status) => {
        if (!live) return;
        watched = status;
        status.onchange = () => {
          if (status.state === 'granted') void tryEnable();
        };
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (watched) watched.onchange = null;
    };
  }, []);

  if (state === 'hidden') return null;
  return (
    <span className="push-status">
      {state === 'on'
        ? 'Alerts also with this tab closed'
        : 'Alerts with the tab closed are unavailable here'}
    </span>
  );
}
