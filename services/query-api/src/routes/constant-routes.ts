import { listAssets } from '@ledger/assets-store';
import { dateRangeShortcuts } from '@ledger/contracts';
import {
  localeValues,
  loginResults,
  otpRequiredActionValues,
  securityLevelMax,
  securityLevelMin,
} from '@ledger/identity';
import type { IdentityDb } from '@ledger/identity-store';
import { Hono } from 'hono';
import { readSettings } from '../settings-reader.ts';

/**
 * GET /constant (public): locales, the active assets of the catalogue with their decimal points
 * (in output order), the settings a client needs before login (sign-up, login identifier, OTP
 * rules; never a secret or a mail setting), the member-facing ledger policy (accounts per asset,
 * transfer scope, transfer fee per asset; the adjustment threshold is for administrators only),
 * and enumerations.
 */
export function constantRoutes(db: IdentityDb) {
  return new Hono().get('/constant', async (c) => {
    const [settings, { assets }] = await Promise.all([
      readSettings(db),
      listAssets(db, { activeOnly: true }),
    ]);
    const securityLevels: string[] = [];
    for (let level = securityLevelMin; level <= securityLevelMax; level += 1) {
      securityLevels.push(String(level));
    }
    c.header('cache-control', 'public, max-age=60');
    return c.json({
      data: {
        locales: { default: settings['locale.default'], supported: settings['locale.supported'] },
        assets: assets.map((asset) => ({
          code: asset.code,
          title: asset.title,
          decimal_point: asset.decimalPoint,
          allow_deposit: asset.allowDeposit,
          allow_withdraw: asset.allowWithdraw,
        })),
        member: {
          sign_up_enabled: settings['member.signUpEnabled'],
          required_consents: settings['member.requiredConsents'],
          login_identifier: settings['member.loginIdentifier'],
        },
        ledger: {
          accounts_per_asset_max: settings['ledger.accountsPerAssetMax'],
          member_transfer_scope: settings['ledger.memberTransferScope'],
          member_transfer_fee: settings['ledger.memberTransferFee'],
        },
        otp: {
          allow_cancel: settings['otp.allowCancel'],
          maximum_count: settings['otp.maximumCount'],
          required_actions: settings['otp.requiredActions'],
        },
        enumerations: {
          all_locales: [...localeValues],
          account_status: ['normal', 'fraud'],
          otp_status: ['registered', 'active', 'deactivated'],
          otp_required_action: [...otpRequiredActionValues],
          login_result: [...loginResults],
          security_level: securityLevels,
          date_range: [...dateRangeShortcuts],
          sort_order: ['asc', 'desc'],
        },
      },
    });
  });
}
