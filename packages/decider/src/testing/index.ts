/** @ledger/decider/testing: the given/when/then harness for any decider. */

export {
  type DeciderSpecification,
  deciderSpecification,
  type SpecificationOptions,
  type SpecificationThen,
  type SpecificationWhen,
} from './decider-specification.ts';
