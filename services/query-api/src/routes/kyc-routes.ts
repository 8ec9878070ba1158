import { principalOf } from '@ledger/auth';
import {
  KycCertificationListQuerySchema,
  MyKycListQuerySchema,
  RealnameListQuerySchema,
  WithdrawAddressCertificationListQuerySchema,
} from '@ledger/contracts';
import type { Db } from '@ledger/db';
import { ProblemError, validate } from '@ledger/http';
import type { RestrictionPolicy, SecurityCatalog } from '@ledger/kyc';
import {
  kycProjectionName,
  listKycCertifications,
  listRealnames,
  listWithdrawAddressCertifications,
  readMemberSecurityView,
  readSecurityCatalog,
} from '@ledger/kyc-store';
import { Hono, type MiddlewareHandler } from 'hono';
import type { IdentityReadDependencies } from '../identity-dependencies.ts';
import { dateRangeOf, pageWindow, pagingOf } from '../list-queries.ts';
import { readYourWrites } from '../read-your-writes.ts';

type KycReadContext = { db: Db; now: () => Date; waitForKyc: MiddlewareHandler };

/** The member's own lists answer every row (a member has few); `no_paging` shape for the client. */
const ownWindow = { limit: 1_000, offset: 0, order: 'desc' as const };

function policyOf(policy: RestrictionPolicy) {
  return {
    security_level: policy.securityLevel,
    target: policy.target,
    asset: policy.assetCode,
    amount: policy.amount,
  };
}

function catalogOf(catalog: SecurityCatalog) {
  return {
    levels: catalog.levels.map((level) => ({
      security_level: level.securityLevel,
      title: level.title,
      conditions: level.conditions,
      policies: catalog.policies
        .filter((policy) => policy.securityLevel === level.securityLevel)
        .map(policyOf),
    })),
  };
}

/**
 * The member's KYC and security-level reads (SPEC §2 my page): the security-level view (level,
 * lock, conditions met, what each level needs and restricts) and the caller's own KYC
 * certifications, real-name authentications (no CI, DI or birth date: those stay with
 * administrators) and withdraw-address certifications. Every query is scoped to the caller.
 */
function kycMemberReadRoutes(context: KycReadContext) {
  return new Hono()
    .get('/security-level', context.waitForKyc, async (c) => {
      const { memberSeq } = principalOf(c);
      const view = await readMemberSecurityView(context.db, memberSeq, context.now());
      if (view === undefined) {
        throw new ProblemError({ status: 404, code: 'member_not_found' });
      }
      c.header('cache-control', 'no-store');
      return c.json({
        data: {
          security_level: view.securityLevel,
          is_security_level_locked: view.isLocked,
          reached_level: view.reachedLevel,
          satisfied_conditions: view.satisfied,
          ...catalogOf(view.catalog),
        },
      });
    })
    .get(
      '/kyc/certification',
      validate('query', MyKycListQuerySchema),
      context.waitForKyc,
      async (c) => {
        const { memberSeq } = principalOf(c);
        const { rows } = await listKycCertifications(context.db, { ...ownWindow, memberSeq });
        c.header('cache-control', 'no-store');
        return c.json({
          data: rows.map(({ user_id: _userId, ...row }) => row),
        });
      },
    )
    .get(
      '/kyc/realname',
      validate('query', MyKycListQuerySchema),
      context.waitForKyc,
      async (c) => {
        const { memberSeq } = principalOf(c);
        const { rows } = await listRealnames(context.db, { ...ownWindow, memberSeq });
        c.header('cache-control', 'no-store');
        return c.json({
          data: rows.map((row) => ({
            seq: row.seq,
            authority: row.authority,
            status: row.status,
            failure_reason: row.failure_reason,
            is_valid: row.is_valid,
            expdate: row.expdate,
            is_expired: row.is_expired,
            regdate: row.regdate,
            authenticated_date: row.authenticated_date,
            closed_date: row.closed_date,
          })),
        });
      },
    )
    .get(
      '/kyc/withdraw-address-certification',
      validate('query', MyKycListQuerySchema),
      context.waitForKyc,
      async (c) => {
        const { memberSeq } = principalOf(c);
        const { rows } = await listWithdrawAddressCertifications(context.db, {
          ...ownWindow,
          memberSeq,
        });
        c.header('cache-control', 'no-store');
        return c.json({ data: rows.map(({ user_id: _userId, ...row }) => row) });
      },
    );
}

/**
 * Administrators' KYC lists (SPEC admin kyc-certification/list, kyc-realname/list,
 * kyc-asset-withdraw-address-certification/list) with personal data joined at query time (erased
 * data reads as null), and the security catalog.
 */
function kycAdminReadRoutes(context: KycReadContext) {
  return new Hono()
    .get('/admin/security/catalog', context.waitForKyc, async (c) => {
      const catalog = await readSecurityCatalog(context.db);
      return c.json({ data: catalogOf(catalog) });
    })
    .get(
      '/admin/kyc-certification',
      validate('query', KycCertificationListQuerySchema),
      context.waitForKyc,
      async (c) => {
        const query = c.req.valid('query');
        const { rows, total } = await listKycCertifications(context.db, {
          ...pageWindow(query),
          ...dateRangeOf(query, context.now()),
          order: query.order,
          memberSeq: query.member_seq,
          status: query.status,
          search: query.search,
        });
        return c.json({ data: rows, paging: pagingOf(query, total) });
      },
    )
    .get(
      '/admin/kyc-realname',
      validate('query', RealnameListQuerySchema),
      context.waitForKyc,
      async (c) => {
        const query = c.req.valid('query');
        const { rows, total } = await listRealnames(context.db, {
          ...pageWindow(query),
          ...dateRangeOf(query, context.now()),
          order: query.order,
          memberSeq: query.member_seq,
          status: query.status,
          search: query.search,
        });
        c.header('cache-control', 'no-store');
        return c.json({ data: rows, paging: pagingOf(query, total) });
      },
    )
    .get(
      '/admin/kyc-asset-withdraw-address-certification',
      validate('query', WithdrawAddressCertificationListQuerySchema),
      context.waitForKyc,
      async (c) => {
        const query = c.req.valid('query');
        const { rows, total } = await listWithdrawAddressCertifications(context.db, {
          ...pageWindow(query),
          ...dateRangeOf(query, context.now()),
          order: query.order,
          memberSeq: query.member_seq,
          status: query.status,
          assetCode: query.asset,
          search: query.search,
        });
        return c.json({ data: rows, paging: pagingOf(query, total) });
      },
    );
}

/** KYC's and the security catalog's read routes under /api/v1. */
export function mountKycRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env.
  app: Hono<any>,
  dependencies: { db: Db; identity: IdentityReadDependencies },
): void {
  const context: KycReadContext = {
    db: dependencies.db,
    now: dependencies.identity.now,
    waitForKyc: readYourWrites(dependencies, [kycProjectionName]),
  };
  app.route('/api/v1', kycMemberReadRoutes(context));
  app.route('/api/v1', kycAdminReadRoutes(context));
}
