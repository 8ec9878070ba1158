import { getAsset, getAssetPlugin } from '@ledger/assets-store';
import { createSimulatedChain } from '@ledger/chain';
import {
  SimulatedMineRequestSchema,
  SimulatedReorgRequestSchema,
  SimulatedSendRequestSchema,
} from '@ledger/contracts';
import { ProblemError, validate } from '@ledger/http';
import { Hono } from 'hono';
import { scaledAmount } from './asset-routes.ts';
import type { LedgerWriteContext } from './ledger-write-context.ts';

/**
 * Development only (mounted when the write API runs in development mode, never in production):
 * the simulated chain's control, so a developer or the e2e tests can send a deposit to an
 * address, mine blocks and cause a reorg. The scanner notices on its next tick.
 * @example POST /api/v1/development/chain/mine {"chain":"sim-btc","blocks":350}
 */
export function chainDevelopmentRoutes(context: Pick<LedgerWriteContext, 'db'>) {
  const simulated = async (pluginId: string) => {
    const plugin = await getAssetPlugin(context.db, pluginId);
    if (plugin === undefined || plugin.plugin !== 'simulated') {
      throw new ProblemError({
        status: 404,
        code: 'asset_plugin_not_found',
      });
    }
    const asset = await getAsset(context.db, plugin.asset);
    return {
      chain: createSimulatedChain(context.db, pluginId),
      decimalPoint: asset?.decimalPoint ?? 8,
    };
  };
  return new Hono()
    .post('/development/chain/mine', validate('json', SimulatedMineRequestSchema), async (c) => {
      const body = c.req.valid('json');
      const { chain } = await simulated(body.chain);
      return c.json({ data: { tip_height: await chain.mine(body.blocks) } }, 200);
    })
    .post('/development/chain/send', validate('json', SimulatedSendRequestSchema), async (c) => {
      const body = c.req.valid('json');
      const { chain, decimalPoint } = await simulated(body.chain);
      const amount = scaledAmount(body.amount, decimalPoint);
      const declared = scaledAmount(body.declared_amount ?? body.amount, decimalPoint);
      if (amount === undefined || declared === undefined) {
        throw new ProblemError({
          status: 422,
          code: 'amount_invalid',
          params: { decimalPoint },
        });
      }
      const { txid } = await chain.send({
        address: body.address,
        memo: body.memo,
        amount,
        declaredAmount: declared,
        failed: body.failed,
      });
      return c.json({ data: { txid } }, 201);
    })
    .post('/development/chain/reorg', validate('json', SimulatedReorgRequestSchema), async (c) => {
      const body = c.req.valid('json');
      const { chain } = await simulated(body.chain);
      const tip = await chain.tip();
      if (tip === undefined || body.depth > tip.height) {
        throw new ProblemError({
          status: 422,
          code: 'validation_failed',
          message: 'validation_failed.chain_too_short',
        });
      }
      const height = await chain.reorg(body.depth, { keepTransactions: body.keep_transactions });
      return c.json({ data: { tip_height: height } }, 200);
    });
}
