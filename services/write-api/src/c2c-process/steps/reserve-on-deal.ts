import {
  type ApplicationCommand,
  type ApplicationState,
  c2cActor,
  dealDecider,
  dealStream,
} from '@ledger/c2c';
import {
  handleCommand,
  type StepContext,
  type StepRecord,
  stepCommandId,
} from '@ledger/process-kit';
import type { C2cStepDependencies } from './step-dependencies.ts';

/** The deal reserves the application's part (never more than it has); the outcome is recorded. */
export function reserveOnDeal(dependencies: C2cStepDependencies) {
  return async (
    _step: { kind: 'reserveOnDeal' },
    { processId, state }: StepContext<ApplicationState>,
  ): Promise<StepRecord<ApplicationCommand>> => {
    if (state.status === 'none') throw new Error('a step of an application never filed');
    const { terms } = state;
    const now = dependencies.now();
    const reserved = await handleCommand(
      dependencies.eventStore,
      dealStream(terms.dealId),
      dealDecider,
      (deal) =>
        dealDecider.decide(
          {
            type: 'ReserveDealAmount',
            applicationId: processId,
            applicantMemberSeq: terms.applicantMemberSeq,
            amount: terms.sourceAmount,
            escrowAmount: terms.dealEscrowHoldId === null ? '0' : terms.sellerEscrow,
            price: terms.price,
            now,
          },
          deal,
        ),
      { commandId: stepCommandId(processId, 'reserve'), actor: c2cActor, requestId: processId },
    );
    return {
      commandId: stepCommandId(processId, 'reservation'),
      command: {
        type: 'RecordReservation',
        outcome:
          reserved.kind === 'accepted'
            ? { kind: 'reserved' }
            : { kind: 'refused', rejection: reserved.rejection },
        now,
      },
      position: reserved.kind === 'accepted' ? (reserved.position ?? undefined) : undefined,
    };
  };
}
