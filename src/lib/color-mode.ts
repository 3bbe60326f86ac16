// Light/dark colour mode: the saved choice (local storage 'color-mode') or the system preference,
// applied as data-theme on <html>. Applied from the entry module because CSP forbids inline scripts.
import { useSyncExternalStore } from 'react';

export type ColorMode = 'light' | 'dark';

export const COLOR_MODE_KEY = 'color-mode';

const listeners = new Set<() => void>();

function readSaved(): ColorMode | null {
  try {
    const v = localStorage.getItem(COLOR_MODE_KEY);
    return v === 'light' || v === 'dark' ? v : null;
  } catch {
    return null; // storage blocked (private mode, sandboxed frame)
  }
}

function systemMode(): ColorMode {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

/** The mode in effect: the saved choice, else the system preference. */
export function getColorMode(): ColorMode {
  return readSaved() ?? systemMode();
}

/** Puts the mode in effect on <html> (call once before the first render). */
export function applyColorMode(mode: ColorMode = getColorMode()): void {
  document.documentElement.dataset['theme'] = mode;
}

/** Applies the mode now and follows system changes for as long as the visitor has not chosen. */
export function initColorMode(): void {
  applyColorMode();
  if (typeof matchMedia !== 'function') return;
  matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', () => {
    if (readSaved()) return;
    applyColorMode(systemMode());
    for (const l of listeners) l();
  });
}

/** Remembers the visitor's choice and applies it everywhere that shows the mode. */
export function setColorMode(mode: ColorMode): void {
  try {
    localStorage.setItem(COLOR_MODE_KEY, mode);
  } catch {
    // Not remembered, but still applied for this visit.
  }
  applyColorMode(mode);
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function current(): ColorMode {
  return document.documentElement.dataset['theme'] === 'dark' ? 'dark' : 'light';
}

export function useColorMode(): [ColorMode, (mode: ColorMode) => void] {
  const mode = useSyncExternalStore(subscribe, current, () => 'light' as const);
  return [mode, setColorMode];
}
