export { createServiceApp, type ServiceAppOptions, type ServiceEnv } from './create-service-app.ts';
export { isDependencyUnavailable } from './dependency-unavailable.ts';
export {
  addDirectRoute,
  type DirectAnswer,
  type DirectRequest,
  type DirectRoute,
  directJson,
  directProblem,
  directRoutesOf,
  passesDirectRoutes,
  problemOfError,
} from './direct-routes.ts';
export { healthRoutes } from './health-routes.ts';
export { type DocumentedRoute, openApiDocument, openApiReferencePage } from './openapi.ts';
export {
  type FieldError,
  ProblemError,
  type ProblemInit,
  problemHeaders,
  problemResponse,
  problemText,
} from './problem-details.ts';
export { negotiateLocale, type ProblemParams } from './problem-messages.ts';
export { newRequestId } from './request-ids.ts';
export { type RunningServer, type ServeOptions, serveApp } from './serve.ts';
export {
  type JsonTextResult,
  type ValidationSpec,
  validate,
  validateJsonText,
  validationProblem,
  validationSpecOf,
} from './validation.ts';
