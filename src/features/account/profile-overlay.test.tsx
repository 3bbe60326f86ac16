import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { on } from '../../lib/events.ts';
import { appState } from '../../lib/app-state.ts';
import { stubApi, type ApiCall, type Reply } from '../../testing/stub-api.ts';
import { ProfilePanel } from './profile-overlay.tsx';

let replies: Record<string, Reply>;
let calls: ApiCall[];
const asha = { phone_number: '9876543210', name: 'Asha Rao', email: 'asha@example.com' };
const otpSent = (phone: string) => ({
  status: 200,
  body: { status: 200, message: 'OTP sent', phone_number: phone, expires_in: 300, resend_after: 30 },
});

beforeEach(() => {
  replies = {};
  appState.set({ loggedIn: true, access: 'tok', user: asha });
  calls = stubApi(
    ({ path }) => replies[path] ?? { status: 500, body: { status: 500, message: 'unexpected' } },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  appState.reset();
});

const row = (label: string) => screen.getByRole('heading', { name: label }).closest('li')!;

describe('Edit Profile panel', () => {
  it('shows the four rows with their current values, the password masked', () => {
    render(<ProfilePanel />);
    expect(within(row('Phone Number')).getByText('9876543210')).toBeInTheDocument();
    expect(within(row('Name')).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(row('Email')).getByText('asha@example.com')).toBeInTheDocument();
    expect(within(row('Password')).getByText('••••••••')).toBeInTheDocument();
  });

  it('Change toggles a row between display and edit mode', async () => {
    const user = userEvent.setup();
    render(<ProfilePanel />);
    const toggle = screen.getByRole('button', { name: 'Change Name' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('New name')).toBeNull();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Cancel changing Name' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByLabelText('New name')).toHaveValue('Asha Rao');
    await user.click(screen.getByRole('button', { name: 'Cancel changing Name' }));
    expect(screen.queryByLabelText('New name')).toBeNull();
  });

  it('updates the name and shows the success text', async () => {
    replies['/api/v1/users/update-profile/'] = {
      status: 200,
      body: { status: 200, message: 'Name Updated successfully', ...asha, name: 'Asha R' },
    };
    const snacks: string[] = [];
    const off = on('snackbar', (s) => snacks.push(s.message));
    const user = userEvent.setup();
    render(<ProfilePanel />);
    await user.click(screen.getByRole('button', { name: 'Change Name' }));
    await user.clear(screen.getByLabelText('New name'));
    await user.type(screen.getByLabelText('New name'), 'Asha R');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Name Updated successfully'));
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { name: 'Asha R' } });
    expect(within(row('Name')).getByText('Asha R')).toBeInTheDocument();
    expect(appState.get().user?.name).toBe('Asha R');
    expect(snacks).toEqual(['Name Updated successfully']);
    off();
  });

  it('shows the server message when the email update fails', async () => {
    replies['/api/v1/users/update-profile/'] = {
      status: 400,
      body: { status: 400, message: 'Enter a valid email address.' },
    };
    const user = userEvent.setup();
    render(<ProfilePanel />);
    await user.click(screen.getByRole('button', { name: 'Change Email' }));
    await user.clear(screen.getByLabelText('New email'));
    await user.type(screen.getByLabelText('New email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid email address.');
  });

  it('phone: no request for the same number; Verify then OTP and Update for a new one', async () => {
    replies['/api/v1/users/sendotp-update/'] = otpSent('9123456780');
    replies['/api/v1/users/changephonenumber/'] = {
      status: 200,
      body: {
        status: 200,
        message: 'Phone Number Updated successfully',
        ...asha,
        phone_number: '9123456780',
      },
    };
    const user = userEvent.setup();
    render(<ProfilePanel />);
    await user.click(screen.getByRole('button', { name: 'Change Phone Number' }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(calls).toHaveLength(0);
    expect(screen.queryByLabelText('OTP')).toBeNull();

    await user.clear(screen.getByLabelText('New phone number'));
    await user.type(screen.getByLabelText('New phone number'), '9123456780');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.type(await screen.findByLabelText('OTP'), '111222');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Phone Number Updated successfully'),
    );
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/api/v1/users/sendotp-update/', { phone_number: '9123456780', old_phone_number: '9876543210' }],
      [
        '/api/v1/users/changephonenumber/',
        { phone_number: '9123456780', old_phone_number: '9876543210', otp: '111222' },
      ],
    ]);
    expect(within(row('Phone Number')).getByText('9123456780')).toBeInTheDocument();
  });

  it('password: Verify Number, then OTP and masked new password, then Change Password closes the edit', async () => {
    replies['/api/v1/users/sendotp/'] = otpSent('9876543210');
    replies['/api/v1/users/changepassword/'] = {
      status: 200,
      body: { status: 200, message: 'Password Changed successfully' },
    };
    const user = userEvent.setup();
    render(<ProfilePanel />);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await user.click(screen.getByRole('button', { name: 'Verify Number' }));
    await user.type(await screen.findByLabelText('OTP'), '333444');
    const pw = screen.getByPlaceholderText('New Password');
    expect(pw).toHaveAttribute('type', 'password');
    await user.type(pw, 'another-pass-1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Password Changed successfully'),
    );
    expect(screen.queryByPlaceholderText('New Password')).toBeNull();
    expect(calls[1]!.body).toEqual({ phone_number: '9876543210', otp: '333444', password: 'another-pass-1' });
  });

  it('password: a failed change shows the server message in red', async () => {
    replies['/api/v1/users/sendotp/'] = otpSent('9876543210');
    replies['/api/v1/users/changepassword/'] = {
      status: 400,
      body: { status: 400, message: 'The OTP is incorrect.' },
    };
    const user = userEvent.setup();
    render(<ProfilePanel />);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await user.click(screen.getByRole('button', { name: 'Verify Number' }));
    await user.type(await screen.findByLabelText('OTP'), '000000');
    await user.type(screen.getByPlaceholderText('New Password'), 'another-pass-1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The OTP is incorrect.');
    expect(alert).toHaveClass('text-danger');
  });
});
