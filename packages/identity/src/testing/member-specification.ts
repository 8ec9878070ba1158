import { AssertionError } from '@ledger/decider';
import { deciderSpecification, type SpecificationWhen } from '@ledger/decider/testing';
import { expect } from 'vitest';
import type { MemberCommand } from '../member-commands.ts';
import { decideMember } from '../member-decider.ts';
import type { MemberEvent } from '../member-events.ts';
import { evolveMember, memberStateFrom } from '../member-evolve.ts';
import type { MemberRejection } from '../member-rejections.ts';
import { initialMemberState } from '../member-state.ts';
import { defaultSettings, type IdentitySettings } from '../settings-catalogue.ts';

/**
 * given/when/then for the member decider (the kernel's deciderSpecification): fold the given
 * events, decide the command with the settings, compare the outcome; decide must not change the
 * state, and accepted events must evolve soundly and survive JSON.
 * @example givenMember([registered()]).when(changePassword).then([passwordChanged])
 */
export function givenMember(
  events: readonly MemberEvent[],
  settings: Partial<IdentitySettings> = {},
): SpecificationWhen<MemberCommand, MemberEvent, MemberRejection> {
  const effective = { ...defaultSettings(), ...settings };
  return deciderSpecification({
    initialState: initialMemberState,
    evolve: evolveMember,
    decide: (command: MemberCommand, state) => decideMember(command, state, effective),
  }).given(events);
}

/** Folding these events is a programmer error. */
export function expectEvolveAsserts(events: readonly MemberEvent[]): void {
  expect(() => memberStateFrom(events)).toThrow(AssertionError);
}
