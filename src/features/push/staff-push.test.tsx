import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StaffPush } from './staff-push.tsx';

const key = vi.hoisted(() => ({ value: 'BPUBLIC' as string | null }));
const enablePush = vi.hoisted(() => vi.fn(async () => ({})));
vi.mock('./api/get-push-key.ts', () => ({ getPushKey: async () => key.value }));
vi.mock('./subscribe.ts', () => ({ enablePush, pushSupported: () => true }));

let permission: NotificationPermission;
let status: { state: PermissionState; onchange: (() => void) | null };

beforeEach(() => {
  key.value = 'BPUBLIC';
  permission = 'granted';
  status = { state: 'granted', onchange: null };
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
  });
  Object.defineProperty(navigator, 'permissions', {
    value: { query: async () => status },
    configurable: true,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  Reflect.deleteProperty(navigator, 'permissions');
});

describe('StaffPush', () => {
  it('subscribes the screen once notifications are allowed and says alerts work with the tab closed', async () => {
    render(<StaffPush />);
    expect(await screen.findByText('Alerts also with this tab closed')).toBeInTheDocument();
    expect(enablePush).toHaveBeenCalledWith('BPUBLIC');
  });

  it('waits for the permission: subscribes when the page’s own button gets it granted', async () => {
    permission = 'default';
    status.state = 'prompt';
    render(<StaffPush />);
    await waitFor(() => expect(status.onchange).not.toBeNull());
    expect(enablePush).not.toHaveBeenCalled();
    permission = 'granted';
    status.state = 'granted';
    status.onchange!();
    expect(await screen.findByText('Alerts also with this tab closed')).toBeInTheDocument();
  });

  it('shows nothing and subscribes nothing when the server has no push configured', async () => {
    key.value = null;
    const { container } = render(<StaffPush />);
    await new Promise((r) => setTimeout(r, 10));
    expect(container).toBeEmptyDOMElement();
    expect(enablePush).not.toHaveBeenCalled();
  });

  it('says so when this browser cannot subscribe', async () => {
    enablePush.mockRejectedValueOnce(new Error('push service error'));
    render(<StaffPush />);
    expect(await screen.findByText('Alerts with the tab closed are unavailable here')).toBeInTheDocument();
  });
});
