import { createHmac } from 'node:crypto';
import { principalOf } from '@ledger/auth';
import {
  KycCertificationRequestSchema,
  KycReviewRequestSchema,
  KycSeqParameterSchema,
  KycValidityRequestSchema,
  RealnameCompleteRequestSchema,
  RealnameStartRequestSchema,
  WithdrawAddressCertificationRequestSchema,
} from '@ledger/contracts';
import type { Db } from '@ledger/db';
import { ProblemError, validate } from '@ledger/http';
import { identityDb, readPersonalData } from '@ledger/identity-store';
import {
  createSimulatedIdentityProvider,
  type IdentityProvider,
  insertCertificationDocuments,
  insertRealnamePersonalData,
  insertWithdrawAddressPersonalData,
  isCiTakenByAnother,
  nextKycSeq,
  ownerOfKycObject,
} from '@ledger/kyc-store';
import { type Context, Hono } from 'hono';
import { sql } from 'kysely';
import type { z } from 'zod';
import { httpIdempotency } from '../http-idempotency.ts';
import type { MemberWriteContext } from '../member-command-runner.ts';
import { commandContext } from '../request-context.ts';
import { loadSettings } from '../settings-source.ts';
import { loadKycMember, runKycCommand } from './kyc-command-runner.ts';
import { securityAdminRoutes } from './security-routes.ts';

export type KycWriteContext = MemberWriteContext & { rawDb: Db; provider: IdentityProvider };

const seqParameter = validate('param', KycSeqParameterSchema);

function notFound(): ProblemError {
  return new ProblemError({ status: 404, code: 'kyc_not_found' });
}

/** Names compare after NFKC, trimming, collapsing spaces and lower-casing. */
function sameName(left: string, right: string): boolean {
  const normalize = (name: string) =>
    name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
  return normalize(left) === normalize(right);
}

/** Runs `run`; when it fails, `undo` removes what was written before it (best effort), then rethrows. */
async function cleanUp<Result>(run: () => Promise<Result>, undo: () => Promise<unknown>) {
  try {
    return await run();
  } catch (error) {
    await undo().catch(() => undefined);
    throw error;
  }
}

/**
 * The member's KYC commands (SPEC §2 my page): request KYC certification (documents as metadata),
 * real-name authentication through the identity-provider port (start, then hand in the
 * authority's answer), and withdraw-address certification. Personal data goes to kyc-store's
 * tables before the event that names it; a refused command removes what it wrote.
 */
export function kycMemberRoutes(context: KycWriteContext) {
  return new Hono()
    .post('/kyc/certification', validate('json', KycCertificationRequestSchema), async (c) => {
      const memberSeq = principalOf(c).memberSeq;
      const body = c.req.valid('json');
      const certificationSeq = await nextKycSeq(context.rawDb, 'certification');
      const command = commandContext(c, context.identity, memberSeq);
      await insertCertificationDocuments(context.rawDb, {
        certificationSeq,
        memberSeq,
        documents: body.documents.map((document) => ({
          kind: document.kind,
          name: document.name,
          reference: document.reference ?? null,
        })),
      });
      const { position } = await cleanUp(
        () =>
          runKycCommand(
            context,
            memberSeq,
            {
              type: 'RequestKycCertification',
              memberSeq,
              certificationSeq,
              kycType: body.kyc_type,
              documentCount: body.documents.length,
              now: command.now.toISOString(),
            },
            command,
          ),
        () =>
          sql`DELETE FROM kyc_certification_documents WHERE certification_seq = ${certificationSeq}`.execute(
            context.rawDb,
          ),
      );
      return c.json({ data: { seq: certificationSeq, status: 'requested' }, position }, 201);
    })
    .post('/kyc/realname', validate('json', RealnameStartRequestSchema), async (c) => {
      const memberSeq = principalOf(c).memberSeq;
      const realnameSeq = await nextKycSeq(context.rawDb, 'realname');
      const command = commandContext(c, context.identity, memberSeq);
      const { providerUrl } = context.provider.start({ realnameSeq });
      const { position } = await runKycCommand(
        context,
        memberSeq,
        {
          type: 'StartRealnameAuthentication',
          memberSeq,
          realnameSeq,
          authority: context.provider.authority,
          now: command.now.toISOString(),
        },
        command,
      );
      return c.json({ data: { seq: realnameSeq, provider_url: providerUrl }, position }, 201);
    })
    .post('/kyc/realname/complete', validate('json', RealnameCompleteRequestSchema), async (c) =>
      completeRealname(context, c, c.req.valid('json')),
    )
    .post(
      '/kyc/withdraw-address-certification',
      validate('json', WithdrawAddressCertificationRequestSchema),
      async (c) => {
        const memberSeq = principalOf(c).memberSeq;
        const body = c.req.valid('json');
        const certificationSeq = await nextKycSeq(context.rawDb, 'withdraw_address_certification');
        const command = commandContext(c, context.identity, memberSeq);
        await insertWithdrawAddressPersonalData(context.rawDb, {
          certificationSeq,
          memberSeq,
          withdrawAddress: body.withdraw_address,
          holderName: body.holder_name,
        });
        const { position } = await cleanUp(
          () =>
            runKycCommand(
              context,
              memberSeq,
              {
                type: 'RequestWithdrawAddressCertification',
                memberSeq,
                certificationSeq,
                assetCode: body.asset,
                bankCode: body.bank_code ?? null,
                now: command.now.toISOString(),
              },
              command,
            ),
          () =>
            sql`DELETE FROM kyc_withdraw_address_personal_data
              WHERE certification_seq = ${certificationSeq}`.execute(context.rawDb),
        );
        return c.json({ data: { seq: certificationSeq, status: 'requested' }, position }, 201);
      },
    );
}

/**
 * Hands the authority's answer to the identity-provider port. A refusal or a person who is not the
 * member (another name than the registered one, or a CI another member holds) is recorded as a
 * failure and answered 422 (`realname_mismatch`: "You cannot authenticate yourself"); a match
 * stores the personal data, then appends `RealnameAuthenticated` (valid for the setting's seconds).
 */
async function completeRealname(
  context: KycWriteContext,
  c: Context,
  body: z.infer<typeof RealnameCompleteRequestSchema>,
) {
  const memberSeq = principalOf(c).memberSeq;
  const realnameSeq = body.realname_seq;
  const state = await loadKycMember(context, memberSeq);
  const facts = state.realnames[realnameSeq];
  if (facts === undefined) throw notFound();
  if (facts.status !== 'started') {
    throw new ProblemError({
      status: 409,
      code: 'realname_finished',
    });
  }
  const command = commandContext(c, context.identity, memberSeq);
  const settings = await loadSettings(context.identity.eventStore);
  const answer = context.provider.verify({ realnameSeq, answer: body.provider_answer });
  let outcome: 'matched' | 'mismatch' | 'provider_refused' = 'provider_refused';
  if (answer.outcome === 'matched') {
    const member = await readPersonalData(context.db, memberSeq);
    const isSelf =
      member?.userName != null &&
      sameName(member.userName, answer.identity.userName) &&
      !(await isCiTakenByAnother(context.rawDb, memberSeq, answer.identity.ci));
    outcome = isSelf ? 'matched' : 'mismatch';
    if (isSelf) {
      await insertRealnamePersonalData(context.rawDb, {
        realnameSeq,
        memberSeq,
        identity: answer.identity,
        ipAddress: command.clientAddress,
      });
    }
  }
  const { events, position } = await runKycCommand(
    context,
    memberSeq,
    {
      type: 'CompleteRealnameAuthentication',
      realnameSeq,
      outcome,
      validitySeconds: settings['kyc.realnameValiditySeconds'],
      now: command.now.toISOString(),
    },
    command,
  );
  if (outcome !== 'matched') {
    throw new ProblemError(
      outcome === 'mismatch'
        ? { status: 422, code: 'realname_mismatch' }
        : { status: 422, code: 'realname_refused' },
    );
  }
  const authenticated = events.find((event) => event.type === 'RealnameAuthenticated');
  return c.json({
    data: {
      seq: realnameSeq,
      status: 'authenticated',
      expdate:
        authenticated?.type === 'RealnameAuthenticated' ? authenticated.data.expiresAt : null,
    },
    position,
  });
}

async function ownerOrNotFound(
  context: KycWriteContext,
  kind: 'certification' | 'withdraw_address_certification',
  seq: number,
): Promise<number> {
  const owner = await ownerOfKycObject(context.rawDb, kind, seq);
  if (owner === undefined) throw notFound();
  return owner;
}

/**
 * Administrators' reviews (SPEC §4: CDD approved or denied, with a valid flag and expiry from
 * the setting `kyc.validitySeconds`), validity changes, and address-certification reviews.
 */
export function kycAdminRoutes(context: KycWriteContext) {
  return new Hono()
    .put(
      '/admin/kyc-certification/:seq/review',
      seqParameter,
      validate('json', KycReviewRequestSchema),
      async (c) => {
        const { seq } = c.req.valid('param');
        const body = c.req.valid('json');
        const memberSeq = await ownerOrNotFound(context, 'certification', seq);
        const command = commandContext(c, context.identity, memberSeq);
        const now = command.now.toISOString();
        const settings = await loadSettings(context.identity.eventStore);
        const { position } = await runKycCommand(
          context,
          memberSeq,
          body.decision === 'approved'
            ? {
                type: 'ApproveKycCertification',
                certificationSeq: seq,
                isValid: body.is_valid,
                validitySeconds: settings['kyc.validitySeconds'],
                now,
              }
            : { type: 'DenyKycCertification', certificationSeq: seq, now },
          command,
        );
        return c.json({ data: { seq, status: body.decision }, position });
      },
    )
    .put(
      '/admin/kyc-certification/:seq/validity',
      seqParameter,
      validate('json', KycValidityRequestSchema),
      async (c) => {
        const { seq } = c.req.valid('param');
        const memberSeq = await ownerOrNotFound(context, 'certification', seq);
        const command = commandContext(c, context.identity, memberSeq);
        const { events, position } = await runKycCommand(
          context,
          memberSeq,
          {
            type: 'SetKycCertificationValidity',
            certificationSeq: seq,
            isValid: c.req.valid('json').is_valid,
            now: command.now.toISOString(),
          },
          command,
        );
        return c.json({ data: { seq, changed: events.length > 0 }, position });
      },
    )
    .put(
      '/admin/kyc-asset-withdraw-address-certification/:seq/review',
      seqParameter,
      validate('json', KycReviewRequestSchema),
      async (c) => {
        const { seq } = c.req.valid('param');
        const body = c.req.valid('json');
        const memberSeq = await ownerOrNotFound(context, 'withdraw_address_certification', seq);
        const command = commandContext(c, context.identity, memberSeq);
        const now = command.now.toISOString();
        const { position } = await runKycCommand(
          context,
          memberSeq,
          body.decision === 'approved'
            ? {
                type: 'ApproveWithdrawAddressCertification',
                certificationSeq: seq,
                isValid: body.is_valid,
                now,
              }
            : { type: 'DenyWithdrawAddressCertification', certificationSeq: seq, now },
          command,
        );
        return c.json({ data: { seq, status: body.decision }, position });
      },
    )
    .put(
      '/admin/kyc-asset-withdraw-address-certification/:seq/validity',
      seqParameter,
      validate('json', KycValidityRequestSchema),
      async (c) => {
        const { seq } = c.req.valid('param');
        const memberSeq = await ownerOrNotFound(context, 'withdraw_address_certification', seq);
        const command = commandContext(c, context.identity, memberSeq);
        const { events, position } = await runKycCommand(
          context,
          memberSeq,
          {
            type: 'SetWithdrawAddressValidity',
            certificationSeq: seq,
            isValid: c.req.valid('json').is_valid,
            now: command.now.toISOString(),
          },
          command,
        );
        return c.json({ data: { seq, changed: events.length > 0 }, position });
      },
    );
}

/**
 * KYC's and the security catalog's write routes under /api/v1, with Idempotency-Key
 * (the write API's middleware, registered before them so it wraps them): a retried request with
 * the same key answers the first answer and requests nothing twice.
 */
export function mountKycRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env.
  app: Hono<any>,
  dependencies: {
    db: Db;
    identity: MemberWriteContext['identity'];
    kyc?: { identityProvider?: IdentityProvider | undefined } | undefined;
  },
): void {
  const context: KycWriteContext = {
    identity: dependencies.identity,
    db: identityDb(dependencies.db),
    rawDb: dependencies.db,
    provider: dependencies.kyc?.identityProvider ?? createSimulatedIdentityProvider(),
  };
  const routeApps = [
    kycMemberRoutes(context),
    kycAdminRoutes(context),
    securityAdminRoutes(context, dependencies.db),
  ];
  const covered = new Set(
    routeApps.flatMap((routes) =>
      routes.routes
        .filter((route) => route.method !== 'ALL')
        .map((route) => `${route.method} /api/v1${route.path}`),
    ),
  );
  const requestHashKey = createHmac('sha256', dependencies.identity.secrets.verificationCodeKey)
    .update('write-api http-idempotency request hash')
    .digest();
  app.use(httpIdempotency(dependencies.db, covered, requestHashKey));
  for (const routes of routeApps) app.route('/api/v1', routes);
}
