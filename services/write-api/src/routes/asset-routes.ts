import {
  type AssetCommand,
  type AssetPluginCommand,
  type AssetPluginRejection,
  type AssetRejection,
  type AssetSettings,
  assetPluginStream,
  assetStream,
  decideAsset,
  decideAssetPlugin,
  defaultAssetSettings,
  evolveAsset,
  evolveAssetPlugin,
  initialAssetPluginState,
  initialAssetState,
} from '@ledger/assets';
import {
  type Asset,
  type AssetPlugin,
  decideAndAppend,
  getAssetPlugin,
  listAssets,
  loadAggregate,
} from '@ledger/assets-store';
import {
  AssetCodeParameterSchema,
  AssetPluginParameterSchema,
  ChangeAssetPluginRequestSchema,
  ChangeAssetRequestSchema,
  CreateAssetPluginRequestSchema,
  CreateAssetRequestSchema,
  FreezeAssetRequestSchema,
} from '@ledger/contracts';
import type { GlobalPosition } from '@ledger/event-store';
import { ProblemError, validate } from '@ledger/http';
import { systemAccountId, systemRoles } from '@ledger/ledger';
import type { LedgerWriterClient } from '@ledger/ledger-client';
import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { commandContext } from '../request-context.ts';
import { acceptedOrThrow } from './ledger-submission.ts';
import type { LedgerWriteContext } from './ledger-write-context.ts';

/**
 * The asset catalog and asset plug-ins (SPEC admin asset/list, asset-plugin/list): register and
 * change an asset (its decimal point is fixed at registration), freeze or lift its deposits and
 * withdrawals, register and change a plug-in. Registering an asset also opens its system
 * accounts in the ledger, one idempotent command per account (`asset:open:<role>:<code>`), so a
 * retried registration finishes what a crash left half done.
 */

/** The actor of the ledger commands that open an asset's system accounts. */
export const assetSystemActor = 'system:assets';

const assetAggregate = { initial: initialAssetState, evolve: evolveAsset };
const pluginAggregate = { initial: initialAssetPluginState, evolve: evolveAssetPlugin };

const assetProblems: {
  [Type in AssetRejection['type']]: (r: Extract<AssetRejection, { type: Type }>) => ProblemError;
} = {
  AssetCodeInvalid: () => new ProblemError({ status: 422, code: 'asset_code_invalid' }),
  AssetAlreadyRegistered: () => new ProblemError({ status: 409, code: 'asset_exists' }),
  AssetNotFound: () => new ProblemError({ status: 404, code: 'asset_not_found' }),
  DecimalPointInvalid: () => new ProblemError({ status: 422, code: 'asset_scale_invalid' }),
  DecimalPointFrozen: (r) =>
    new ProblemError({
      status: 422,
      code: 'asset_scale_frozen',
      params: { decimalPoint: r.decimalPoint },
    }),
  SettingInvalid: (r) =>
    new ProblemError({
      status: 422,
      code: 'asset_setting_invalid',
      params: { field: r.field },
    }),
  ReasonInvalid: () => new ProblemError({ status: 422, code: 'reason_invalid' }),
};

function assetProblem(rejection: AssetRejection): ProblemError {
  return (assetProblems[rejection.type] as (r: AssetRejection) => ProblemError)(rejection);
}

const pluginProblems: Record<AssetPluginRejection['type'], (field?: string) => ProblemError> = {
  PluginIdInvalid: () => new ProblemError({ status: 422, code: 'asset_plugin_invalid' }),
  PluginKindUnknown: () =>
    new ProblemError({
      status: 422,
      code: 'asset_plugin_invalid',
      message: 'asset_plugin_invalid.unknown',
    }),
  AssetCodeInvalid: () => new ProblemError({ status: 422, code: 'asset_code_invalid' }),
  PluginAlreadyRegistered: () => new ProblemError({ status: 409, code: 'asset_plugin_exists' }),
  PluginNotFound: () => new ProblemError({ status: 404, code: 'asset_plugin_not_found' }),
  SettingInvalid: (field) =>
    new ProblemError({
      status: 422,
      code: 'asset_plugin_invalid',
      message: 'asset_plugin_invalid.setting',
      ...(field === undefined ? {} : { params: { field } }),
    }),
};

/** The wire form of an asset (snake_case, as the query API answers it). */
export function assetView(asset: Asset) {
  return {
    code: asset.code,
    title: asset.title,
    decimal_point: asset.decimalPoint,
    allow_deposit: asset.allowDeposit,
    allow_withdraw: asset.allowWithdraw,
    is_active: asset.isActive,
    output_order: asset.outputOrder,
    withdraw_fees: asset.withdrawFees.map((fee) => ({
      order: fee.order,
      fee: fee.fee,
      fee_asset: fee.feeAsset,
    })),
    deposit_extra_form: asset.depositExtraForm,
    withdraw_extra_form: asset.withdrawExtraForm,
    minimum_deposit: asset.minimumDeposit,
    memo_required: asset.memoRequired,
    confirmations_required: asset.confirmationsRequired,
    is_frozen: asset.isFrozen,
    frozen_reason: asset.frozenReason,
    frozen_at: asset.frozenAt,
    registered_at: asset.registeredAt,
    changed_at: asset.changedAt,
    plugin_id: asset.pluginId,
  };
}

export function assetPluginView(
  plugin: AssetPlugin,
  progress: { scannedHeight: number | null; tipHeight: number | null },
) {
  return {
    plugin_id: plugin.pluginId,
    asset: plugin.asset,
    plugin: plugin.plugin,
    title: plugin.title,
    start_block: plugin.startBlock,
    allow_scan: plugin.allowScan,
    registered_at: plugin.registeredAt,
    changed_at: plugin.changedAt,
    scanned_height: progress.scannedHeight,
    tip_height: progress.tipHeight,
  };
}

type SettingsBody = Partial<z.infer<typeof ChangeAssetRequestSchema>>;

/** An amount as the asset writes it: `1.5` → `1.50000000`; undefined when it has more digits. */
export function scaledAmount(text: string, decimalPoint: number): string | undefined {
  const match = /^(0|[1-9][0-9]{0,29})(?:\.([0-9]{1,18}))?$/.exec(text);
  if (match === null) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > decimalPoint) return undefined;
  return decimalPoint === 0 ? match[1] : `${match[1]}.${fraction.padEnd(decimalPoint, '0')}`;
}

function settingInvalid(field: string): ProblemError {
  return assetProblem({ type: 'SettingInvalid', field });
}

/** The current settings with the body's fields applied, amounts scaled to their assets. */
function mergeSettings(
  current: AssetSettings,
  body: SettingsBody,
  decimalPoint: number,
  scales: Readonly<Record<string, number>>,
): AssetSettings {
  const minimumDeposit =
    body.minimum_deposit === undefined
      ? current.minimumDeposit
      : scaledAmount(body.minimum_deposit, decimalPoint);
  if (minimumDeposit === undefined) throw settingInvalid('minimum_deposit');
  const withdrawFees =
    body.withdraw_fees === undefined
      ? current.withdrawFees
      : body.withdraw_fees.map((fee) => {
          const scale = scales[fee.fee_asset];
          const amount = scale === undefined ? undefined : scaledAmount(fee.fee, scale);
          if (amount === undefined) throw settingInvalid('withdraw_fees');
          return { order: fee.order, fee: amount, feeAsset: fee.fee_asset };
        });
  return {
    title: body.title ?? current.title,
    allowDeposit: body.allow_deposit ?? current.allowDeposit,
    allowWithdraw: body.allow_withdraw ?? current.allowWithdraw,
    isActive: body.is_active ?? current.isActive,
    outputOrder: body.output_order ?? current.outputOrder,
    withdrawFees,
    depositExtraForm: body.deposit_extra_form ?? current.depositExtraForm,
    withdrawExtraForm: body.withdraw_extra_form ?? current.withdrawExtraForm,
    minimumDeposit,
    memoRequired: body.memo_required ?? current.memoRequired,
    confirmationsRequired: body.confirmations_required ?? current.confirmationsRequired,
  };
}

async function catalogScales(context: LedgerWriteContext): Promise<Record<string, number>> {
  const { assets } = await listAssets(context.db);
  return Object.fromEntries(assets.map((asset) => [asset.code, asset.decimalPoint]));
}

/**
 * Opens every system account of an asset in the ledger (idempotent: an account that exists is
 * fine). A decimal point the ledger froze differently is refused by the ledger.
 */
export async function openSystemAccounts(
  client: LedgerWriterClient,
  code: string,
  decimalPoint: number,
  requestId: string,
): Promise<GlobalPosition | null> {
  let position: GlobalPosition | null = null;
  for (const systemRole of systemRoles) {
    const result = await client.submit({
      commandId: `asset:open:${systemRole}:${code}`,
      actor: assetSystemActor,
      requestId,
      command: {
        type: 'OpenAccount',
        data: {
          account: systemAccountId(systemRole, code),
          asset: code,
          decimalPoint,
          kind: 'system',
          systemRole,
        },
      },
    });
    if (
      result.kind === 'answered' &&
      result.answer.kind === 'rejected' &&
      result.answer.rejection.type === 'AccountAlreadyExists'
    ) {
      position = result.position;
      continue;
    }
    position = acceptedOrThrow(result).position;
  }
  return position;
}

export type RegisterAssetInput = z.output<typeof CreateAssetRequestSchema>;

/** Registers an asset (or finds the same one registered) and opens its system accounts. */
export async function registerAsset(
  context: LedgerWriteContext,
  body: RegisterAssetInput,
  meta: { commandId: string; requestId: string; actor: string },
): Promise<{ position: GlobalPosition | null; created: boolean }> {
  const ledgerScale = await context.directory.assetScale(body.code);
  if (ledgerScale !== undefined && ledgerScale !== body.decimal_point) {
    throw new ProblemError({
      status: 422,
      code: 'asset_scale_mismatch',
      params: { decimalPoint: ledgerScale },
    });
  }
  const scales = { ...(await catalogScales(context)), [body.code]: body.decimal_point };
  const settings = mergeSettings(
    defaultAssetSettings(body.code, body.decimal_point),
    body,
    body.decimal_point,
    scales,
  );
  const command: AssetCommand = {
    type: 'RegisterAsset',
    code: body.code,
    decimalPoint: body.decimal_point,
    settings,
    otherAssets: scales,
    now: context.identity.now().toISOString(),
  };
  const outcome = await decideAndAppend(
    context.identity.eventStore,
    assetStream(body.code),
    assetAggregate,
    (state) => decideAsset(command, state),
    meta,
  );
  if (outcome.kind === 'rejected') throw assetProblem(outcome.rejection);
  // After the catalog event: the last ledger position is the later one (read-your-writes).
  const opened = await openSystemAccounts(
    context.client,
    body.code,
    body.decimal_point,
    meta.requestId,
  );
  return { position: opened ?? outcome.position, created: outcome.events.length > 0 };
}

function metaOf(context: LedgerWriteContext, c: Context) {
  const { commandId, requestId, actor } = commandContext(c, context.identity, null);
  return { commandId, requestId, actor };
}

/** The write answers with the code and the position; the view comes from the query API (?after). */
function answerAsset(c: Context, code: string, status: 200 | 201, position: GlobalPosition | null) {
  return c.json({ data: { code }, position }, status);
}

async function changeAsset(
  context: LedgerWriteContext,
  c: Context,
  code: string,
  body: z.infer<typeof ChangeAssetRequestSchema>,
) {
  const scales = await catalogScales(context);
  const now = context.identity.now().toISOString();
  const outcome = await decideAndAppend(
    context.identity.eventStore,
    assetStream(code),
    assetAggregate,
    (state) => {
      if (state.status === 'none') {
        return { kind: 'rejected', rejection: { type: 'AssetNotFound' } } as const;
      }
      const settings = mergeSettings(state.settings, body, state.decimalPoint, {
        ...scales,
        [code]: state.decimalPoint,
      });
      return decideAsset(
        {
          type: 'ChangeAsset',
          code,
          decimalPoint: body.decimal_point,
          settings,
          otherAssets: scales,
          now,
        },
        state,
      );
    },
    metaOf(context, c),
  );
  if (outcome.kind === 'rejected') throw assetProblem(outcome.rejection);
  return answerAsset(c, code, 200, outcome.position);
}

/** Freezes or lifts an asset's deposits and withdrawals (also the scanner's alert path). */
export async function freezeAsset(
  context: { eventStore: LedgerWriteContext['identity']['eventStore']; now: () => Date },
  code: string,
  frozen: boolean,
  reason: string,
  meta: { commandId: string; requestId: string; actor: string },
): Promise<GlobalPosition | null> {
  const command: AssetCommand = {
    type: frozen ? 'FreezeAsset' : 'UnfreezeAsset',
    code,
    reason,
    now: context.now().toISOString(),
  };
  const outcome = await decideAndAppend(
    context.eventStore,
    assetStream(code),
    assetAggregate,
    (state) => decideAsset(command, state),
    meta,
  );
  if (outcome.kind === 'rejected') throw assetProblem(outcome.rejection);
  return outcome.position;
}

async function pluginCommand(
  context: LedgerWriteContext,
  c: Context,
  pluginId: string,
  command: AssetPluginCommand,
): Promise<GlobalPosition | null> {
  const outcome = await decideAndAppend(
    context.identity.eventStore,
    assetPluginStream(pluginId),
    pluginAggregate,
    (state) => decideAssetPlugin(command, state),
    metaOf(context, c),
  );
  if (outcome.kind === 'rejected') {
    const rejection = outcome.rejection;
    throw pluginProblems[rejection.type](
      rejection.type === 'SettingInvalid' ? rejection.field : undefined,
    );
  }
  return outcome.position;
}

export function assetRoutes(context: LedgerWriteContext) {
  return new Hono()
    .post('/admin/asset', validate('json', CreateAssetRequestSchema), async (c) => {
      const body = c.req.valid('json');
      const { position } = await registerAsset(context, body, metaOf(context, c));
      return answerAsset(c, body.code, 201, position);
    })
    .put(
      '/admin/asset/:code',
      validate('param', AssetCodeParameterSchema),
      validate('json', ChangeAssetRequestSchema),
      (c) => changeAsset(context, c, c.req.valid('param').code, c.req.valid('json')),
    )
    .put(
      '/admin/asset/:code/freeze',
      validate('param', AssetCodeParameterSchema),
      validate('json', FreezeAssetRequestSchema),
      async (c) => {
        const { code } = c.req.valid('param');
        const { frozen, reason } = c.req.valid('json');
        const position = await freezeAsset(
          { eventStore: context.identity.eventStore, now: context.identity.now },
          code,
          frozen,
          reason,
          metaOf(context, c),
        );
        return answerAsset(c, code, 200, position);
      },
    )
    .post('/admin/asset-plugin', validate('json', CreateAssetPluginRequestSchema), async (c) => {
      const body = c.req.valid('json');
      // From the asset's own stream, not the catalog read model: it may lag the registration.
      const { state: asset } = await loadAggregate(
        context.identity.eventStore,
        assetStream(body.asset),
        assetAggregate,
      );
      if (asset.status === 'none') throw assetProblem({ type: 'AssetNotFound' });
      const position = await pluginCommand(context, c, body.plugin_id, {
        type: 'RegisterAssetPlugin',
        pluginId: body.plugin_id,
        asset: body.asset,
        plugin: body.plugin,
        settings: { title: body.title, startBlock: body.start_block, allowScan: body.allow_scan },
        now: context.identity.now().toISOString(),
      });
      return c.json({ data: { plugin_id: body.plugin_id }, position }, 201);
    })
    .put(
      '/admin/asset-plugin/:pluginId',
      validate('param', AssetPluginParameterSchema),
      validate('json', ChangeAssetPluginRequestSchema),
      async (c) => {
        const { pluginId } = c.req.valid('param');
        const body = c.req.valid('json');
        const current = await getAssetPlugin(context.db, pluginId);
        if (current === undefined) throw pluginProblems.PluginNotFound();
        const position = await pluginCommand(context, c, pluginId, {
          type: 'ChangeAssetPlugin',
          pluginId,
          settings: {
            title: body.title ?? current.title,
            startBlock: body.start_block ?? current.startBlock,
            allowScan: body.allow_scan ?? current.allowScan,
          },
          now: context.identity.now().toISOString(),
        });
        return c.json({ data: { plugin_id: pluginId }, position }, 200);
      },
    );
}
