// The signed-in user's details from the app state, fetched once when the session has not loaded them yet.
import { useEffect, useState } from 'react';
import { firstMessage } from '../../lib/http.ts';
import { appState, useAppState } from '../../lib/app-state.ts';
import type { UserDetails } from '../../shared/api/accounts.ts';
import { getUserDetails } from './api/get-user-details.ts';

export function useUser(): { user: UserDetails | null; error: string | null; retry: () => void } {
  const user = useAppState((s) => s.user);
  const loggedIn = useAppState((s) => s.loggedIn);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (user || !loggedIn) return;
    let live = true;
    getUserDetails()
      .then((u) => {
        if (live) appState.set({ user: u });
      })
      .catch((err: unknown) => {
        if (live) setError(firstMessage(err));
      });
    return () => {
      live = false;
    };
  }, [user, loggedIn, attempt]);
  return {
    user,
    error: user ? null : error,
    retry: () => {
      setError(null);
      setAttempt((n) => n + 1);
    },
  };
}
