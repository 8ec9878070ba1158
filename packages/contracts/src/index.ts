export { type Health, HealthSchema } from './health.ts';
export {
  type Problem,
  type ProblemCode,
  ProblemSchema,
  problemCodes,
  problemType,
} from './problem.ts';
