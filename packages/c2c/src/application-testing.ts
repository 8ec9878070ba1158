import { stateFrom } from '@ledger/decider';
import type { ApplicationCommand, FileApplication } from './application-commands.ts';
import { applicationDecider } from './application-decider.ts';
import type { ApplicationEvent } from './application-events.ts';
import type { ApplicationState, OpenApplication } from './application-state.ts';
import type { SafetyType } from './c2c-terms.ts';
import { dealDecider } from './deal-decider.ts';
import type { DealTerms } from './deal-events.ts';
import { applicant, deadlines, publish, t1 } from './testing-fixtures.ts';

/** Test helpers for the application decider: a deal's terms, a filing, and a story of commands. */

export function dealTermsOf(safetyType: SafetyType, side: 'sell' | 'buy' = 'sell'): DealTerms {
  const decision = dealDecider.decide(publish({ safetyType, side }), dealDecider.initialState());
  const [event] = decision.kind === 'accepted' ? decision.events : [];
  if (event?.type !== 'DealPublished') throw new Error('the test deal was not published');
  return event.data;
}

export function fileOf(deal: DealTerms, overrides: Partial<FileApplication> = {}): FileApplication {
  return {
    type: 'FileApplication',
    applicationId: 'a1',
    deal,
    applicantMemberSeq: applicant,
    amount: '0.12345678',
    price: '95000001',
    applicantSourceAccount: 'member:9:btc',
    applicantTargetAccount: 'member:9:krw',
    deadlines,
    dealCharged: { taken: '0.00000000', fee: '0.00000000' },
    now: t1,
    ...overrides,
  };
}

/** Decides commands one after another, each on the state the ones before left; each must pass. */
export class ApplicationStory {
  readonly events: ApplicationEvent[] = [];

  constructor(first: FileApplication) {
    this.do(first);
  }

  do(command: ApplicationCommand): this {
    const decision = applicationDecider.decide(command, this.state());
    if (decision.kind !== 'accepted') {
      throw new Error(`${command.type} refused: ${JSON.stringify(decision.rejection)}`);
    }
    this.events.push(...decision.events);
    return this;
  }

  state(): ApplicationState {
    return stateFrom(applicationDecider, this.events);
  }

  open(): OpenApplication {
    const state = this.state();
    if (state.status === 'none') throw new Error('no application');
    return state;
  }
}
