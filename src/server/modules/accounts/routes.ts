// The accounts routes (docs/product.md#auth and docs/product.md#addresses, plus staff login, logout and the
// dev outbox). Bodies are parsed with the shared contract so the client sees the same messages.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../http/auth.ts';
import {
  addressIdParamsSchema,
  changePasswordRequest,
  changePhoneNumberRequest,
  createAddressRequest,
  devOutboxQuery,
  loginCustomerRequest,
  loginStaffRequest,
  logoutRequest,
  refreshRequest,
  sendOtpRequest,
  sendOtpUpdateRequest,
  sessionKeySchema,
  signupRequest,
  updateProfileRequest,
  verifyRequest,
  type AddressListResponse,
  type OutboxResponse,
} from '../../../shared/api/accounts.ts';
import { createAddress, deleteAddress, getAddress, listAddresses, parseAddressId } from './addresses.ts';
import {
  changePassword,
  changePhoneNumber,
  devOutbox,
  loginCustomer,
  loginStaff,
  logout,
  refreshSession,
  requestRemoval,
  sendPhoneChangeOtp,
  sendResetOtp,
  signup,
  updateProfile,
  userDetails,
  verifySignup,
  type AccountsDeps,
  type CallerInfo,
} from './service.ts';
import { parseInput } from './validate.ts';

/** The header's anonymous cart id when it is one (storable text, at most 200 characters), else null. */
function caller(req: FastifyRequest): CallerInfo {
  const parsed = sessionKeySchema.safeParse(req.headers['x-anonymous-id']);
  return { ip: req.ip, anonymousId: parsed.success ? parsed.data : null };
}

/** Route options naming the contract schema a route parses its body with (for route-table tools). */
const parses = (body: z.ZodType) => ({ config: { contract: { body } } });

export function registerAccountRoutes(app: FastifyInstance): void {
  const deps: AccountsDeps = { db: app.db, keys: app.tokens, sms: app.sms, log: app.log };
  const db = app.db;

  // ---- Auth
  app.post('/v1/login/customers', parses(loginCustomerRequest), async (req) =>
    loginCustomer(deps, parseInput(loginCustomerRequest, req.body), caller(req)),
  );
  app.post('/v1/login/staff', parses(loginStaffRequest), async (req) =>
    loginStaff(deps, parseInput(loginStaffRequest, req.body), caller(req)),
  );
  app.post('/v1/login/refresh/', parses(refreshRequest), async (req) =>
    refreshSession(deps, parseInput(refreshRequest, req.body).refresh, caller(req)),
  );
  app.post('/v1/logout/', parses(logoutRequest), async (req) => {
    const body = parseInput(logoutRequest, req.body);
    await logout(db, req.auth, body.refresh);
    return { status: 200, message: 'Logged out.' };
  });
  app.post('/v1/users/customer/create', parses(signupRequest), async (req) =>
    signup(deps, parseInput(signupRequest, req.body), caller(req)),
  );
  app.post('/v1/users/customer/verify/', parses(verifyRequest), async (req) =>
    verifySignup(deps, parseInput(verifyRequest, req.body), caller(req)),
  );
  app.post('/v1/users/sendotp/', parses(sendOtpRequest), async (req) =>
    sendResetOtp(deps, parseInput(sendOtpRequest, req.body).phone_number, caller(req)),
  );
  app.post('/v1/users/changepassword/', parses(changePasswordRequest), async (req) =>
    changePassword(deps, parseInput(changePasswordRequest, req.body), req.auth, caller(req)),
  );

  // ---- Profile (the caller only)
  app.post('/v1/users/sendotp-update/', parses(sendOtpUpdateRequest), async (req) => {
    const { userId } = requireUser(req);
    return sendPhoneChangeOtp(deps, userId, parseInput(sendOtpUpdateRequest, req.body), caller(req));
  });
  app.post('/v1/users/changephonenumber/', parses(changePhoneNumberRequest), async (req) => {
    const { userId } = requireUser(req);
    return changePhoneNumber(deps, userId, parseInput(changePhoneNumberRequest, req.body), caller(req));
  });
  app.put('/v1/users/update-profile/', parses(updateProfileRequest), async (req) => {
    const { userId } = requireUser(req);
    return updateProfile(db, userId, parseInput(updateProfileRequest, req.body));
  });
  app.get('/v1/users/details/', async (req) => userDetails(db, requireUser(req).userId));
  app.post('/v1/users/request-remove/', async (req) =>
    requestRemoval(db, requireUser(req).userId, app.config.ACCOUNT_REMOVAL_GRACE_DAYS),
  );

  // ---- Addresses (the caller's only; another user's id is a 404)
  app.get('/v1/users/customer/address/', async (req): Promise<AddressListResponse> => {
    const results = await listAddresses(app.db, requireUser(req).userId);
    return { count: results.length, next: null, previous: null, results };
  });
  app.get<{ Params: { param: string } }>(
    '/v1/users/customer/address/:param',
    { config: { contract: { params: z.object({ param: addressIdParamsSchema.shape.id }) } } },
    async (req) => {
      const { userId } = requireUser(req);
      return getAddress(app.db, userId, parseAddressId(req.params.param));
    },
  );
  app.post('/v1/users/customer/address/create', parses(createAddressRequest), async (req, reply) => {
    const { userId } = requireUser(req);
    const data = await createAddress(app.db, userId, parseInput(createAddressRequest, req.body));
    return reply.status(201).send({ status: 201, message: 'Address saved.', data });
  });
  app.delete<{ Params: { id: string } }>(
    '/v1/users/customer/address/details/:id',
    { config: { contract: { params: addressIdParamsSchema } } },
    async (req) => {
      const { userId } = requireUser(req);
      await deleteAddress(app.db, userId, parseAddressId(req.params.id));
      return { status: 200, message: 'Address deleted.' };
    },
  );

  // ---- Dev outbox: how e2e tests read OTPs. Never registered in production (404 there).
  if (app.config.NODE_ENV !== 'production') {
    app.get(
      '/v1/dev/outbox',
      { config: { contract: { querystring: devOutboxQuery } } },
      async (req): Promise<OutboxResponse> => {
        const { phone_number } = parseInput(devOutboxQuery, req.query, 'query');
        return devOutbox(db, phone_number);
      },
    );
  }
}
