export { createServiceApp, type ServiceAppOptions, type ServiceEnv } from './create-service-app.ts';
export { healthRoutes } from './health-routes.ts';
export { type DocumentedRoute, openApiDocument, openApiReferencePage } from './openapi.ts';
export { ProblemError, type ProblemInit, problemResponse } from './problem-details.ts';
export { type RunningServer, serveApp } from './serve.ts';
export { type ValidationSpec, validate, validationSpecOf } from './validation.ts';
