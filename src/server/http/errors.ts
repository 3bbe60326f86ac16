// Turns every thrown error into the API's JSON error body; nothing reaches the client as a bare 500.
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../shared/api/errors.ts';
import { isDataException, isDatabaseUnavailable } from '../db/errors.ts';

/** Thrown by services for failures the client should see: status, message and an optional code. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** Seconds a client should wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_S = 2;

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
export const notFound = (message = 'Not found') => new HttpError(404, message, 'not_found');
export const conflict = (message: string, code?: string) => new HttpError(409, message, code);

const clientErrorMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but declared as JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let body: ApiErrorBody;
    if (err instanceof HttpError) {
      body = { status: err.status, message: err.message };
      if (err.code) body.code = err.code;
      if (err.errors) body.errors = err.errors;
      // Fastify's convention: an error may carry response headers (e.g. Retry-After on a 429).
      const headers = (err as { headers?: Record<string, string> }).headers;
      if (headers) void reply.headers(headers);
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const v of err.validation) {
        const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        (errors[field] ??= []).push(v.message ?? 'Invalid value');
      }
      const [firstField, firstMsgs] = Object.entries(errors)[0] ?? ['_', ['Invalid value']];
      body = {
        status: 400,
        message: `Invalid ${err.validationContext ?? 'request'}: ${firstField === '_' ? '' : `${firstField}: `}${firstMsgs[0]}`,
        code: 'validation_error',
        errors,
      };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      body = {
        status: err.statusCode,
        message: (err.code && clientErrorMessages[err.code]) || err.message,
        code: err.code ? err.code.toLowerCase() : 'bad_request',
      };
    } else if (isDatabaseUnavailable(err)) {
      // A restart or failover of the database: nothing was done; the client may simply retry.
      req.log.warn({ err: err.message }, 'database unavailable');
      body = {
        status: 503,
        message: 'We cannot reach our database right now. Please try again in a moment.',
        code: 'database_unavailable',
      };
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
    } else if (isDataException(err)) {
      // The last line of defence: the contract should have refused such input with a clearer message.
      req.log.warn({ err: err.message }, 'input refused by the database');
      body = { status: 400, message: 'The request contains a value we cannot store.', code: 'invalid_input' };
    } else {
      req.log.error({ err }, 'unhandled error');
      body = { status: 500, message: 'Something went wrong on our side. Please try again.' };
    }
    void reply.status(body.status).send(body);
  });
}

/**
 * A request Node's HTTP parser could not read (bad framing, a body on a method that cannot have one,
 * oversized headers): answered on the raw socket, still with the API's error body.
 */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) return;
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    status,
    message: tooLarge ? 'The request headers are too large.' : 'The request could not be read.',
    code: tooLarge ? 'headers_too_large' : 'bad_request',
  } satisfies ApiErrorBody);
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

export function sendApiNotFound(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.status(404).send({
    status: 404,
    message: `No API endpoint ${req.method} ${req.url.split('?')[0]}`,
    code: 'not_found',
  } satisfies ApiErrorBody);
}
