// The accounts routes (SPEC.md section 7 Auth and Addresses, plus staff login, logout and the dev
// outbox). Bodies are parsed with the shared contract so the client sees the same messages.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../http/auth.ts';
import {
  changePasswordRequest,
  changePhoneNumberRequest,
  createAddressRequest,
  loginCustomerRequest,
  loginStaffRequest,
  logoutRequest,
  phoneNumberSchema,
  refreshRequest,
  sendOtpRequest,
  sendOtpUpdateRequest,
  signupRequest,
  updateProfileRequest,
  verifyRequest,
  type AddressListResponse,
  type OutboxResponse,
} from '../../../shared/api/accounts.ts';
import { createAddress, deleteAddress, getAddress, listAddresses, parseAddressId } from './addresses.ts';
import type { AccountsService, CallerInfo } from './service.ts';
import { parseInput } from './validate.ts';

function caller(req: FastifyRequest): CallerInfo {
  const header = req.headers['x-anonymous-id'];
  const anonymousId = typeof header === 'string' && header.length > 0 && header.length <= 200 ? header : null;
  return { ip: req.ip, anonymousId };
}

export function registerAccountRoutes(app: FastifyInstance, svc: AccountsService): void {
  // ---- Auth
  app.post('/v1/login/customers', async (req) =>
    svc.loginCustomer(parseInput(loginCustomerRequest, req.body), caller(req)),
  );
  app.post('/v1/login/staff', async (req) =>
    svc.loginStaff(parseInput(loginStaffRequest, req.body), caller(req)),
  );
  app.post('/v1/login/refresh/', async (req) =>
    svc.refresh(parseInput(refreshRequest, req.body).refresh, caller(req)),
  );
  app.post('/v1/logout/', async (req) => {
    const body = parseInput(logoutRequest, req.body);
    await svc.logout(req.auth, body.refresh);
    return { status: 200, message: 'Logged out.' };
  });
  app.post('/v1/users/customer/create', async (req) =>
    svc.signup(parseInput(signupRequest, req.body), caller(req)),
  );
  app.post('/v1/users/customer/verify/', async (req) =>
    svc.verifySignup(parseInput(verifyRequest, req.body), caller(req)),
  );
  app.post('/v1/users/sendotp/', async (req) =>
    svc.sendResetOtp(parseInput(sendOtpRequest, req.body).phone_number, caller(req)),
  );
  app.post('/v1/users/changepassword/', async (req) =>
    svc.changePassword(parseInput(changePasswordRequest, req.body), req.auth, caller(req)),
  );

  // ---- Profile (the caller only)
  app.post('/v1/users/sendotp-update/', async (req) => {
    const { userId } = requireUser(req);
    return svc.sendPhoneChangeOtp(userId, parseInput(sendOtpUpdateRequest, req.body), caller(req));
  });
  app.post('/v1/users/changephonenumber/', async (req) => {
    const { userId } = requireUser(req);
    return svc.changePhoneNumber(userId, parseInput(changePhoneNumberRequest, req.body), caller(req));
  });
  app.put('/v1/users/update-profile/', async (req) => {
    const { userId } = requireUser(req);
    return svc.updateProfile(userId, parseInput(updateProfileRequest, req.body));
  });
  app.get('/v1/users/details/', async (req) => svc.details(requireUser(req).userId));
  app.post('/v1/users/request-remove/', async (req) => svc.requestRemoval(requireUser(req).userId));

  // ---- Addresses (the caller's only; another user's id is a 404)
  app.get('/v1/users/customer/address/', async (req): Promise<AddressListResponse> => {
    const results = await listAddresses(app.db, requireUser(req).userId);
    return { count: results.length, next: null, previous: null, results };
  });
  app.get<{ Params: { param: string } }>('/v1/users/customer/address/:param', async (req) => {
    const { userId } = requireUser(req);
    return getAddress(app.db, userId, parseAddressId(req.params.param));
  });
  app.post('/v1/users/customer/address/create', async (req, reply) => {
    const { userId } = requireUser(req);
    const data = await createAddress(app.db, userId, parseInput(createAddressRequest, req.body));
    return reply.status(201).send({ status: 201, message: 'Address saved.', data });
  });
  app.delete<{ Params: { id: string } }>('/v1/users/customer/address/details/:id', async (req) => {
    const { userId } = requireUser(req);
    await deleteAddress(app.db, userId, parseAddressId(req.params.id));
    return { status: 200, message: 'Address deleted.' };
  });

  // ---- Dev outbox: how e2e tests read OTPs. Never registered in production (404 there).
  if (app.config.NODE_ENV !== 'production') {
    const query = z.object({ phone_number: phoneNumberSchema });
    app.get('/v1/dev/outbox', async (req): Promise<OutboxResponse> => {
      const { phone_number } = parseInput(query, req.query, 'query');
      const rows = await app.db.query<{
        to_number: string;
        text: string;
        purpose: string | null;
        created_at: Date | string;
      }>(
        'select to_number, text, purpose, created_at from sms_outbox where to_number = $1 order by id desc limit 20',
        [phone_number],
      );
      return {
        results: rows.map((r) => ({
          to: r.to_number,
          text: r.text,
          otp: /\b(\d{6})\b/.exec(r.text)?.[1] ?? null,
          purpose: r.purpose,
          created_at: new Date(r.created_at).toISOString(),
        })),
      };
    });
  }
}
