// A checkout choice kept on this device until the order is paid (instructions, tip, delivery time):
// read once, written on each change, removed by `clear`. When storage refuses, it lives as long as the
// page; what cannot be read back starts from `empty`.
import { useState } from 'react';

export function useDeviceDraft<T>(key: string, empty: T, parse: (stored: unknown) => T) {
  const [value, setValue] = useState<T>(() => {
    try {
      return parse(JSON.parse(localStorage.getItem(key) ?? 'null'));
    } catch {
      return empty;
    }
  });
  const set = (next: T) => {
    setValue(next);
    try {
      localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Storage refused: the draft lives as long as the page.
    }
  };
  const clear = () => {
    setValue(empty);
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing kept.
    }
  };
  return { value, set, clear };
}
