import { expect } from 'vitest';
import { AssertionError } from '../assert.ts';
import type { MemberCommand } from '../member-commands.ts';
import { decideMember } from '../member-decider.ts';
import type { MemberEvent } from '../member-events.ts';
import { evolveMember, memberStateFrom } from '../member-evolve.ts';
import type { MemberRejectionType } from '../member-rejections.ts';
import { defaultSettings, type IdentitySettings } from '../settings-catalogue.ts';

/**
 * given/when/then for the member decider: fold the given events, decide the command with the
 * settings, compare the outcome; accepted events must evolve soundly and survive JSON.
 * @example givenMember([registered()]).when(changePassword).then([passwordChanged])
 */
export function givenMember(
  events: readonly MemberEvent[],
  settings: Partial<IdentitySettings> = {},
) {
  const effective = { ...defaultSettings(), ...settings };
  return {
    when(command: MemberCommand) {
      const state = memberStateFrom(events);
      const before = JSON.stringify(state);
      const decision = decideMember(command, state, effective);
      expect(JSON.stringify(state), 'decide must not change the state').toBe(before);
      return {
        // biome-ignore lint/suspicious/noThenProperty: given/when/then is the harness's vocabulary.
        then(expected: MemberEvent[]) {
          expect(decision).toStrictEqual({ kind: 'accepted', events: expected });
          expected.reduce(evolveMember, state);
          expect(JSON.parse(JSON.stringify(expected))).toStrictEqual(expected);
        },
        thenRejects(type: MemberRejectionType, fields?: Record<string, unknown>) {
          expect(decision.kind === 'rejected' ? decision.rejection.type : decision).toBe(type);
          if (decision.kind === 'rejected' && fields)
            expect(decision.rejection).toMatchObject(fields);
        },
      };
    },
  };
}

/** Folding these events is a programmer error. */
export function expectEvolveAsserts(events: readonly MemberEvent[]): void {
  expect(() => memberStateFrom(events)).toThrow(AssertionError);
}
