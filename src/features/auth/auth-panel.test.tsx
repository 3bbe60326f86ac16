import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { on } from '../../lib/events.ts';
import { appState } from '../../lib/app-state.ts';
import { AuthPanel } from './auth-panel.tsx';

type Reply = { status: number; body: unknown };
let replies: Record<string, Reply | ((body: unknown) => Reply)>;
let calls: { path: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  replies = {};
  appState.set({ session_key: 'anon-123' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path, body });
      const r = replies[path];
      const reply =
        typeof r === 'function' ? r(body) : (r ?? { status: 500, body: { message: 'unexpected' } });
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  appState.reset();
});

const tokens = { status: 200, message: 'ok', access: 'a.b.c', refresh: 'r1' };

function renderPanel(mode: 'login' | 'signup' | 'forgot' = 'login') {
  const completeLogin = vi.fn(async () => undefined);
  const onSignedIn = vi.fn();
  render(<AuthPanel initialMode={mode} onSignedIn={onSignedIn} completeLogin={completeLogin} />);
  return { completeLogin, onSignedIn, user: userEvent.setup() };
}

describe('AuthPanel login', () => {
  it('logs in with phone, password and the anonymous session_key', async () => {
    replies['/api/v1/login/customers'] = { status: 200, body: tokens };
    const { completeLogin, onSignedIn, user } = renderPanel();
    await user.type(screen.getByLabelText('Phone number'), '9876543210');
    await user.type(screen.getByLabelText('Password'), 'demo-pass-123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(calls[0]!.body).toEqual({
      phone_number: '9876543210',
      password: 'demo-pass-123',
      session_key: 'anon-123',
    });
    expect(completeLogin).toHaveBeenCalledWith({ access: 'a.b.c', refresh: 'r1' });
  });

  it('switches to signup on 404 and keeps the typed phone number', async () => {
    replies['/api/v1/login/customers'] = {
      status: 404,
      body: {
        status: 404,
        message: 'No account with this number. Sign up to continue.',
        code: 'account_not_found',
      },
    };
    const { onSignedIn, user } = renderPanel();
    await user.type(screen.getByLabelText('Phone number'), '9123456789');
    await user.type(screen.getByLabelText('Password'), 'whatever-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveValue('9123456789');
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it.each([
    [401, { message: 'Incorrect phone number or password.' }, 'Incorrect phone number or password.'],
    [
      400,
      { message: 'Invalid request', errors: { phone_number: ['Enter a valid 10-digit mobile number.'] } },
      'Enter a valid 10-digit mobile number.',
    ],
  ])('shows the first message on %i', async (status, body, shown) => {
    replies['/api/v1/login/customers'] = { status, body: { status, ...body } };
    const { user } = renderPanel();
    await user.type(screen.getByLabelText('Phone number'), '12');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it('switches between login and signup', async () => {
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms & Conditions' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });
});

describe('AuthPanel signup', () => {
  it('goes to the OTP step after signup, then verifies with session_key and signs in', async () => {
    replies['/api/v1/users/customer/create'] = {
      status: 200,
      body: {
        status: 200,
        message: 'OTP sent',
        phone_number: '9123456789',
        expires_in: 300,
        resend_after: 30,
      },
    };
    replies['/api/v1/users/customer/verify/'] = { status: 200, body: tokens };
    const { completeLogin, onSignedIn, user } = renderPanel('signup');
    await user.type(screen.getByLabelText('Phone number'), '9123456789');
    await user.type(screen.getByLabelText('Password'), 'new-pass-123');
    await user.type(screen.getByLabelText('Name'), 'Meera');
    await user.type(screen.getByLabelText('Email'), 'meera@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Verify your number' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Resend OTP in \d+s/ })).toBeDisabled();
    await user.type(screen.getByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(calls[1]).toEqual({
      path: '/api/v1/users/customer/verify/',
      body: { phone_number: '9123456789', otp: '123456', session_key: 'anon-123' },
    });
    expect(completeLogin).toHaveBeenCalled();
  });

  it('shows the first message when signup fails', async () => {
    replies['/api/v1/users/customer/create'] = {
      status: 400,
      body: { status: 400, message: 'Password must be at least 8 characters.' },
    };
    const { user } = renderPanel('signup');
    await user.type(screen.getByLabelText('Phone number'), '9123456789');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 8 characters.');
  });
});

describe('AuthPanel forgot password', () => {
  it('sends an OTP, then changes the password and returns to login', async () => {
    replies['/api/v1/users/sendotp/'] = {
      status: 200,
      body: {
        status: 200,
        // The server answers this for every number, with an account or without.
        message: 'If an account exists for this number, we have sent an OTP to it.',
        phone_number: '9876543210',
        expires_in: 300,
        resend_after: 30,
      },
    };
    replies['/api/v1/users/changepassword/'] = {
      status: 200,
      body: { status: 200, message: 'Password Changed successfully' },
    };
    const snacks: string[] = [];
    const off = on('snackbar', (s) => snacks.push(s.message));
    const { user } = renderPanel('forgot');
    await user.type(screen.getByLabelText('Phone number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await user.type(await screen.findByLabelText('OTP'), '654321');
    expect(screen.getByRole('status')).toHaveTextContent(
      'If an account exists for this number, we have sent an OTP to it.',
    );
    const pw = screen.getByPlaceholderText('New Password');
    expect(pw).toHaveAttribute('type', 'password');
    await user.type(pw, 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(calls[1]!.body).toEqual({ phone_number: '9876543210', otp: '654321', password: 'brand-new-pass' });
    expect(snacks).toEqual(['Password Changed successfully']);
    off();
  });

  it('shows nothing when the OTP cannot be sent', async () => {
    replies['/api/v1/users/sendotp/'] = {
      status: 429,
      body: { status: 429, message: 'Too many requests', code: 'rate_limited' },
    };
    const { user } = renderPanel('forgot');
    await user.type(screen.getByLabelText('Phone number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Too many requests')).toBeNull();
    expect(screen.queryByLabelText('OTP')).toBeNull();
  });

  it('shows the server message in red when the password change fails', async () => {
    replies['/api/v1/users/sendotp/'] = {
      status: 200,
      body: {
        status: 200,
        message: 'OTP sent',
        phone_number: '9876543210',
        expires_in: 300,
        resend_after: 30,
      },
    };
    replies['/api/v1/users/changepassword/'] = {
      status: 400,
      body: { status: 400, message: 'The OTP is incorrect.', code: 'otp_invalid' },
    };
    const { user } = renderPanel('forgot');
    await user.type(screen.getByLabelText('Phone number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await user.type(await screen.findByLabelText('OTP'), '000000');
    await user.type(screen.getByPlaceholderText('New Password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The OTP is incorrect.');
    expect(alert).toHaveClass('text-danger');
  });

  it('the back arrow returns to login', async () => {
    const { user } = renderPanel('forgot');
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });
});
