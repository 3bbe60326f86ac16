// Turns every thrown error into the API's JSON error body; nothing reaches the client as a bare 500.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../shared/api/errors.ts';

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
    } else {
      req.log.error({ err }, 'unhandled error');
      body = { status: 500, message: 'Something went wrong on our side. Please try again.' };
    }
    void reply.status(body.status).send(body);
  });
}

export function sendApiNotFound(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.status(404).send({
    status: 404,
    message: `No API endpoint ${req.method} ${req.url.split('?')[0]}`,
    code: 'not_found',
  } satisfies ApiErrorBody);
}
