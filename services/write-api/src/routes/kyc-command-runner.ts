import type { Decision } from '@ledger/decider';
import type { GlobalPosition } from '@ledger/event-store';
import { ProblemError, type ProblemInit } from '@ledger/http';
import {
  decideKycMember,
  decideSecurityCatalog,
  defaultSecurityCatalog,
  evolveKycMember,
  evolveSecurityCatalog,
  initialKycMemberState,
  type KycMemberCommand,
  type KycMemberEvent,
  type KycMemberRejection,
  type KycMemberState,
  kycMemberStream,
  type SecurityCatalog,
  type SecurityCatalogCommand,
  type SecurityCatalogEvent,
  type SecurityCatalogRejection,
  securityCatalogStream,
} from '@ledger/kyc';
import { type CommandContext, handleCommand, loadAggregate } from '../command-handling.ts';
import type { MemberWriteContext } from '../member-command-runner.ts';

export const kycMemberAggregate = { initial: initialKycMemberState, evolve: evolveKycMember };
export const securityCatalogAggregate = {
  initial: defaultSecurityCatalog,
  evolve: evolveSecurityCatalog,
};

type ProblemOf<Rejection extends { type: string }> = {
  [Type in Rejection['type']]: (rejection: Extract<Rejection, { type: Type }>) => ProblemInit;
};

const notFound = (): ProblemInit => ({ status: 404, code: 'kyc_not_found' });
const reviewed = (): ProblemInit => ({
  status: 409,
  code: 'kyc_already_reviewed',
});
const notApproved = (): ProblemInit => ({
  status: 409,
  code: 'kyc_not_approved',
});

/** Every KYC rejection as a problem; the map's type makes it exhaustive. */
const kycProblems: ProblemOf<KycMemberRejection> = {
  KycCertificationNotFound: notFound,
  KycCertificationPending: () => ({
    status: 409,
    code: 'kyc_certification_pending',
  }),
  KycCertificationAlreadyReviewed: reviewed,
  KycCertificationNotApproved: notApproved,
  RealnameAuthenticationNotFound: notFound,
  RealnameAuthenticationFinished: () => ({
    status: 409,
    code: 'realname_finished',
  }),
  WithdrawAddressCertificationNotFound: notFound,
  WithdrawAddressCertificationAlreadyReviewed: reviewed,
  WithdrawAddressCertificationNotApproved: notApproved,
  InvalidValiditySeconds: () => ({
    status: 422,
    code: 'validation_failed',
    message: 'validation_failed.validity_out_of_range',
  }),
};

const catalogProblems: ProblemOf<SecurityCatalogRejection> = {
  InvalidSecurityLevel: () => ({
    status: 422,
    code: 'security_level_invalid',
  }),
  BaseLevelHasConditions: () => ({
    status: 422,
    code: 'security_level_invalid',
    message: 'security_level_invalid.base_level_conditions',
  }),
  UnknownCondition: () => ({
    status: 422,
    code: 'security_level_invalid',
    message: 'security_level_invalid.unknown_condition',
  }),
  InvalidRestrictionAmount: () => ({
    status: 422,
    code: 'restriction_policy_invalid',
  }),
  AssetRequired: () => ({
    status: 422,
    code: 'restriction_policy_invalid',
    message: 'restriction_policy_invalid.asset_required',
  }),
};

function problemOf<Rejection extends { type: string }>(
  problems: ProblemOf<Rejection>,
  rejection: Rejection,
): ProblemError {
  const make = problems[rejection.type as Rejection['type']] as (value: Rejection) => ProblemInit;
  return new ProblemError(make(rejection));
}

/** A member's KYC facts, folded from `kyc-member-<seq>` (the source of truth for decisions). */
export async function loadKycMember(
  context: MemberWriteContext,
  memberSeq: number,
): Promise<KycMemberState> {
  return (
    await loadAggregate(context.identity.eventStore, kycMemberStream(memberSeq), kycMemberAggregate)
  ).state;
}

export async function loadSecurityCatalog(context: MemberWriteContext): Promise<SecurityCatalog> {
  return (
    await loadAggregate(
      context.identity.eventStore,
      securityCatalogStream,
      securityCatalogAggregate,
    )
  ).state;
}

/** Decides and appends one KYC command on one member's stream; a rejection is thrown as its problem. */
export async function runKycCommand(
  context: MemberWriteContext,
  memberSeq: number,
  command: KycMemberCommand,
  commandContext: CommandContext,
): Promise<{ events: KycMemberEvent[]; position: GlobalPosition | null }> {
  const outcome = await handleCommand(
    { eventStore: context.identity.eventStore, db: context.db },
    kycMemberStream(memberSeq),
    kycMemberAggregate,
    (state): Decision<KycMemberEvent, KycMemberRejection> => decideKycMember(command, state),
    commandContext,
  );
  if (outcome.kind === 'rejected') throw problemOf(kycProblems, outcome.rejection);
  return { events: outcome.events, position: outcome.position };
}

export async function runSecurityCatalogCommand(
  context: MemberWriteContext,
  command: SecurityCatalogCommand,
  commandContext: CommandContext,
): Promise<{ events: SecurityCatalogEvent[]; position: GlobalPosition | null }> {
  const outcome = await handleCommand(
    { eventStore: context.identity.eventStore, db: context.db },
    securityCatalogStream,
    securityCatalogAggregate,
    (catalog): Decision<SecurityCatalogEvent, SecurityCatalogRejection> =>
      decideSecurityCatalog(command, catalog),
    commandContext,
  );
  if (outcome.kind === 'rejected') throw problemOf(catalogProblems, outcome.rejection);
  return { events: outcome.events, position: outcome.position };
}
