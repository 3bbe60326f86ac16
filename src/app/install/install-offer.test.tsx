// The install offer: appears when the browser offers installation, prompts on Install, stays away from
// checkout and after "Not now"; iOS Safari gets the Add to Home Screen hint instead.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestRouter } from '../../testing/router.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InstallOffer } from './install-offer.tsx';
import { isIosSafari } from './install-situation.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

function promptEvent() {
  const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: ReturnType<typeof vi.fn>;
    userChoice: Promise<{ outcome: string }>;
  };
  e.prompt = vi.fn(() => Promise.resolve());
  e.userChoice = Promise.resolve({ outcome: 'accepted' });
  return e;
}

const renderAt = (path: string) =>
  render(
    <TestRouter path={path}>
      <InstallOffer />
    </TestRouter>,
  );

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('InstallOffer', () => {
  it('shows Install once the browser offers it, and opens the browser prompt', async () => {
    renderAt('/restaurants');
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    const e = promptEvent();
    act(() => void window.dispatchEvent(e));
    expect(e.defaultPrevented).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(e.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
  });

  it('stays out of checkout and away for two weeks after "Not now"', async () => {
    const { unmount } = renderAt('/checkout');
    act(() => void window.dispatchEvent(promptEvent()));
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    unmount();

    const second = renderAt('/');
    act(() => void window.dispatchEvent(promptEvent()));
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    second.unmount();
    renderAt('/');
    act(() => void window.dispatchEvent(promptEvent()));
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
  });

  it('on iOS Safari explains Add to Home Screen (no such event there)', () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: IPHONE_SAFARI, maxTouchPoints: 5 });
    renderAt('/');
    expect(screen.getByRole('complementary', { name: 'Add to Home Screen' })).toHaveTextContent(
      'Install Bhojan: tap Share, then Add to Home Screen.',
    );
  });
});

describe('isIosSafari', () => {
  it('is true for Safari on an iPhone or an iPad, false for other browsers and systems', () => {
    expect(isIosSafari(IPHONE_SAFARI, 5)).toBe(true);
    expect(isIosSafari(IPAD_DESKTOP_MODE, 5)).toBe(true);
    expect(isIosSafari(IPAD_DESKTOP_MODE, 0)).toBe(false); // a Mac
    expect(isIosSafari(IPHONE_CHROME, 5)).toBe(false);
    expect(isIosSafari(ANDROID_CHROME, 5)).toBe(false);
  });
});
