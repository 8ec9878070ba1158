export * from './member-builders.ts';
export { expectEvolveAsserts, givenMember } from './member-specification.ts';
