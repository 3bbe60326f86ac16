// Switches between light and dark colour mode; the choice is remembered (lib/color-mode.ts).
import { useColorMode } from '../../lib/color-mode.ts';
import { MoonIcon, SunIcon } from './icons.tsx';

export function ColorModeToggle({
  className = '',
  compact = false,
}: {
  className?: string;
  compact?: boolean;
}) {
  const [mode, setMode] = useColorMode();
  const dark = mode === 'dark';
  return (
    <button
      type="button"
      className={`color-mode-toggle ${className}`}
      aria-pressed={dark}
      aria-label={compact ? 'Dark mode' : undefined}
      title={compact ? (dark ? 'Dark mode is on' : 'Dark mode is off') : undefined}
      onClick={() => setMode(dark ? 'light' : 'dark')}
    >
      {dark ? <MoonIcon size={20} /> : <SunIcon size={20} />}
      {!compact && <span>Dark mode</span>}
    </button>
  );
}
