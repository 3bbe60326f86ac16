// POST the account removal request: the server ends every session and says when the data goes.
import { api } from '../../../lib/http.ts';
import type { RequestRemoveResponse } from '../../../shared/api/accounts.ts';
import { accountsPaths } from '../../../shared/api/paths.ts';

export function requestRemove(): Promise<RequestRemoveResponse> {
  return api<RequestRemoveResponse>(accountsPaths.requestRemove, { method: 'POST', body: {} });
}
