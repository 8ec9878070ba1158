import type { Authorizer } from '@ledger/auth';
import { AccountTransferRequestSchema } from '@ledger/contracts';
import { type DirectRoute, directJson, directProblem, validateJsonText } from '@ledger/http';
import { transferBetweenAccounts } from './ledger-account-routes.ts';
import type { LedgerRequest } from './ledger-submission.ts';
import type { LedgerWriteContext } from './ledger-write-context.ts';

/**
 * The money route answered straight from `node:http` (@ledger/http direct-routes.ts, docs/adr/0018):
 * POST /api/v1/account-transfer, the benchmark's and the wallet's transfer. Its Hono route
 * (ledger-account-routes.ts) stays the one in the route table, the OpenAPI document and
 * `app.request`; this one does what Hono's chain does for it, with the same pieces: the
 * authorization's decision (same caches, same coalesced session reads), `validate('json')`'s steps
 * with the same schema object, the same core (`transferBetweenAccounts`) and the same rendering of
 * answers and problems. The kit adds the request id, the secure headers and the body limit; the
 * http-idempotency middleware lets money routes pass (their keys are the writer's).
 */
export function ledgerDirectRoutes(
  context: LedgerWriteContext,
  authorizer: Authorizer,
): DirectRoute[] {
  const path = '/api/v1/account-transfer';
  const handlerPaths = [path];
  return [
    {
      method: 'POST',
      path,
      performs: [authorizer.middleware],
      async handle(request) {
        const decision = await authorizer.decide('POST', handlerPaths, request.header);
        if (decision.kind === 'refused') return directProblem(request, decision.problem);
        const validated = validateJsonText(
          AccountTransferRequestSchema,
          request.header('content-type'),
          request.text,
        );
        const body = validated instanceof Promise ? await validated : validated;
        if (!body.ok) return directProblem(request, body.problem);
        const ledgerRequest: LedgerRequest = {
          method: 'POST',
          path,
          requestId: request.requestId,
          principal: decision.principal,
          header: request.header,
          clientAddress: () =>
            context.identity.clientAddress({ req: { header: request.header }, env: request.env }),
        };
        const { data, accepted } = await transferBetweenAccounts(context, ledgerRequest, body.data);
        return directJson(
          201,
          { data, position: accepted.position },
          accepted.replayed ? { 'idempotent-replayed': 'true' } : undefined,
        );
      },
    },
  ];
}
