import { getAsset } from '@ledger/assets-store';
import { type MarketSettings, marketDecider, marketStream } from '@ledger/c2c';
import {
  C2cMarketParameterSchema,
  ChangeC2cMarketRequestSchema,
  RegisterC2cMarketRequestSchema,
} from '@ledger/contracts';
import { ProblemError, validate } from '@ledger/http';
import { Hono } from 'hono';
import type { z } from 'zod';
import { loadAggregate } from '../command-handling.ts';
import {
  c2cAnswer,
  c2cCommandContext,
  loadMarket,
  marketAggregate,
  runC2c,
} from './c2c-write-context.ts';
import { amountAtScale } from './ledger-submission.ts';
import type { LedgerWriteContext } from './ledger-write-context.ts';

/**
 * The C2C market catalog (admin market/catalog, C2C tab): register a market (its assets and their
 * decimal points from the asset catalog, fixed from then on) and change its settings. A new
 * market takes the next free seq: the stream of a seq already taken refuses it, and the next is
 * tried.
 */

type Settings = z.infer<typeof ChangeC2cMarketRequestSchema>;

const scaled = (field: string, text: string, decimalPoint: number): string => {
  const at = amountAtScale(text, decimalPoint);
  if (at === undefined)
    throw new ProblemError({ status: 422, code: 'c2c_market_invalid', params: { field } });
  return at;
};

function settingsOf(body: Settings, decimalPoint: number): MarketSettings {
  return {
    title: body.title,
    amountUnit: scaled('amountUnit', body.amount_unit, decimalPoint),
    amountMin: body.amount_min === null ? null : scaled('amountMin', body.amount_min, decimalPoint),
    amountMax: body.amount_max === null ? null : scaled('amountMax', body.amount_max, decimalPoint),
    feeRate: body.fee_rate,
    isActive: body.is_active,
    sellerForm: body.seller_form,
  };
}

async function freeSeq(context: LedgerWriteContext): Promise<number> {
  for (let seq = 1; ; seq += 1) {
    const { state } = await loadAggregate(
      context.identity.eventStore,
      marketStream(seq),
      marketAggregate,
    );
    if (state.status === 'none') return seq;
  }
}

export function c2cMarketRoutes(context: LedgerWriteContext) {
  return new Hono()
    .post('/admin/c2c-market', validate('json', RegisterC2cMarketRequestSchema), async (c) => {
      const body = c.req.valid('json');
      const metadata = c2cCommandContext(context, c, null);
      const [source, target] = await Promise.all([
        getAsset(context.db, body.source_asset),
        getAsset(context.db, body.target_asset),
      ]);
      if (source === undefined || target === undefined)
        throw new ProblemError({ status: 404, code: 'asset_not_found' });
      const assets = {
        sourceAsset: source.code,
        sourceDecimalPoint: source.decimalPoint,
        targetAsset: target.code,
        targetDecimalPoint: target.decimalPoint,
      };
      const settings = settingsOf(body, source.decimalPoint);
      const marketSeq = await freeSeq(context);
      const now = context.identity.now().toISOString();
      const { position } = await runC2c(
        context,
        marketDecider,
        marketStream(marketSeq),
        () => ({ type: 'RegisterMarket' as const, marketSeq, assets, settings, now }),
        metadata,
      );
      return c2cAnswer(c, 201, String(marketSeq), position);
    })
    .put(
      '/admin/c2c-market/:marketSeq',
      validate('param', C2cMarketParameterSchema),
      validate('json', ChangeC2cMarketRequestSchema),
      async (c) => {
        const { marketSeq } = c.req.valid('param');
        const metadata = c2cCommandContext(context, c, null);
        const market = await loadMarket(context, marketSeq);
        const settings = settingsOf(c.req.valid('json'), market.sourceDecimalPoint);
        const now = context.identity.now().toISOString();
        const { position } = await runC2c(
          context,
          marketDecider,
          marketStream(marketSeq),
          () => ({ type: 'ChangeMarket' as const, settings, now }),
          metadata,
        );
        return c2cAnswer(c, 200, String(marketSeq), position);
      },
    );
}
