import type { MemberInfo } from '@ledger/contracts';

/** A member_info as GET /member/me answers it (contracts `MemberInfoSchema`). */
export function memberInfo(overrides: Partial<MemberInfo> = {}): MemberInfo {
  return {
    seq: 1,
    uid: 'U0000001',
    user_id: 'alice',
    email_address: 'alice@example.test',
    user_name: 'Alice Kim',
    is_email_verified: true,
    is_denied: false,
    is_admin: false,
    is_alive: true,
    regdate: '2026-01-02T03:04:05.000Z',
    last_login: null,
    deleted_date: null,
    security_level: 1,
    is_security_level_locked: false,
    use_statistics_exclude: false,
    inviter_seq: null,
    inviter_user_id: null,
    otp_count: 0,
    group_seqs: [],
    ...overrides,
  };
}

/** A list answer (`{ data, paging }`) holding every row on one page. */
export function listAnswer<Row>(data: Row[]) {
  return {
    data,
    paging: { page: 1, page_size: Math.max(1, data.length), total: data.length, total_pages: 1 },
  };
}

/** A brokerage as GET /brokerage lists it. */
export function brokerage(seq: number, title: string) {
  return {
    seq,
    title,
    type: 'master',
    identification_code: null,
    regdate: '2026-01-02T03:04:05.000Z',
  };
}

/** The answer of POST /auth/token and /auth/token/refresh. */
export function tokenAnswer(token: string) {
  return { token, token_type: 'Bearer', expires_in: 600 };
}

/** An asset as the catalog lists it (GET /admin/asset). */
export const catalogAsset = (code: string, overrides: Record<string, unknown> = {}) => ({
  code,
  title: code,
  decimal_point: 8,
  allow_deposit: true,
  allow_withdraw: true,
  is_active: true,
  output_order: 1,
  withdraw_fees: [],
  deposit_extra_form: [],
  withdraw_extra_form: [],
  minimum_deposit: '0.00000000',
  memo_required: false,
  confirmations_required: 350,
  is_frozen: false,
  frozen_reason: null,
  frozen_at: null,
  registered_at: '2026-03-01T00:00:00.000Z',
  changed_at: null,
  plugin_id: null,
  ...overrides,
});
