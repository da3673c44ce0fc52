import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { AnyEndpoint } from '@ebt/core/contract';
import { ENDPOINTS } from '@ebt/core/endpoints';
import Fastify, { LogController, type FastifyInstance, type FastifySchema, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import accountRoutes from './modules/account/routes.js';
import agencyRoutes from './modules/agencies/routes.js';
import applicantRoutes from './modules/applicants/routes.js';
import authRoutes from './modules/auth/routes.js';
import benefitRoutes from './modules/benefits/routes.js';
import healthRoutes from './modules/health/routes.js';
import incentiveRoutes from './modules/incentives/routes.js';
import merchantRoutes from './modules/merchants/routes.js';
import merchantUserRoutes from './modules/merchant-users/routes.js';
import bankChangeRoutes from './modules/bank-changes/routes.js';
import farmerApplicationRoutes from './modules/farmer-applications/routes.js';
import farmerRoutes from './modules/farmer/routes.js';
import phoneTerminalRoutes from './modules/phone-terminals/routes.js';
import transactionRoutes from './modules/transactions/routes.js';
import posRoutes from './modules/pos/routes.js';
import externalCardRoutes from './modules/external-cards/routes.js';
import dashboardRoutes from './modules/dashboard/routes.js';
import { settlementRoutes } from './modules/settlement/index.js';
import outboxRoutes from './modules/outbox/routes.js';
import panRoutes from './modules/pans/routes.js';
import cardDeviceRoutes from './modules/card-devices/routes.js';
import configRoutes from './modules/config/routes.js';
import programAdminRoutes from './modules/program-admins/routes.js';
import programRoutes from './modules/programs/routes.js';
import recipientRoutes from './modules/recipients/routes.js';
import recoveryRoutes from './modules/recovery/routes.js';
import roleRoutes from './modules/roles/routes.js';
import notificationRoutes from './modules/notifications/routes.js';
import staffNotificationRoutes from './modules/staff-notifications/routes.js';
import userAdminRoutes from './modules/user-admin/routes.js';
import userRoutes from './modules/users/routes.js';
import { registerPublicPlugin } from './platform/access.js';
import { openApiDocument } from './platform/openapi.js';
import { registerCompression } from './platform/compression.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './platform/errors.js';
import { serializerCompiler } from './platform/serializer.js';
import { registerRequestLog, safeError } from './platform/log-safety.js';
import { Metrics, registerRequestMetrics } from './platform/metrics.js';
import { Readiness } from './platform/readiness.js';
import { registerRefusalAudit } from './platform/refusal-audit.js';
import {
  registerDocsSecurityHeaders,
  registerSecurityHeaders,
  securityHeaders,
  securityHeaderWriter,
  tileOrigins,
} from './platform/security-headers.js';
import { registerSessionHook } from './platform/session-hook.js';
import { registerWebApp } from './platform/web.js';

/** Every module's routes, one line per area. */
const MODULES = [
  healthRoutes,
  authRoutes,
  outboxRoutes,
  programRoutes,
  applicantRoutes,
  accountRoutes,
  recoveryRoutes,
  recipientRoutes,
  agencyRoutes,
  benefitRoutes,
  incentiveRoutes,
  merchantRoutes,
  merchantUserRoutes,
  bankChangeRoutes,
  farmerApplicationRoutes,
  farmerRoutes,
  phoneTerminalRoutes,
  userRoutes,
  userAdminRoutes,
  roleRoutes,
  programAdminRoutes,
  configRoutes,
  panRoutes,
  cardDeviceRoutes,
  transactionRoutes,
  posRoutes,
  notificationRoutes,
  staffNotificationRoutes,
  externalCardRoutes,
  dashboardRoutes,
  settlementRoutes,
];

export interface AppOptions {
  config: Config;
  database: Database;
  /** The clock; tests pass a controllable one to move past time-outs. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Where the product's own logger writes (default stdout); the log-safety test reads a run's lines from it. */
  logStream?: { write(line: string): void };
  /** The app's metrics (platform/metrics.ts); a new set when not given, so each app counts only its own requests. */
  metrics?: Metrics;
  /** Whether the app drains (main.ts sets it at SIGTERM) and its database check; a new one, not draining, if absent. */
  readiness?: Readiness;
}

declare module 'fastify' {
  interface FastifyInstance {
    databaseKind: 'pglite' | 'postgres';
    /** The app's metrics: the request hook, the engine's routes and the start-up's jobs record into it. */
    metrics: Metrics;
    /** What GET /readyz answers from (modules/health/routes.ts). */
    readiness: Readiness;
    /** Every route as registered, for the access walker test and the OpenAPI check. */
    registeredRoutes: {
      method: string | string[];
      url: string;
      access: unknown;
      /** The route changes a user or a recipient's login (platform/user-scope.ts); the reach walk calls it. */
      changesUser: boolean;
      /** The contract the route was bound from (platform/routes.ts); none for the web app's files and the docs UI. */
      endpoint: AnyEndpoint | undefined;
      schema?: FastifySchema;
    }[];
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const now = options.now ?? (() => new Date());
  // The security headers, computed once: the onRequest hook, the error handler and Fastify's own error answers below
  // (which no hook sees) all set them with this one function (platform/security-headers.ts).
  const headers = securityHeaders(tileOrigins(config.mapTileUrl));
  const writeSecurityHeaders = securityHeaderWriter(headers);
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      // Bearer tokens and cookies never reach a log line.
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Errors are logged by code and query name, never with the values of a failed query (platform/log-safety.ts).
      // (Fastify types the serializer's answer as pino's own error shape; ours is a narrower record on purpose.)
      serializers: { err: safeError as never },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Fastify's own request logging writes two lines with the whole URL (search criteria, e-mails in paths);
    // registerRequestLog writes one line with the route pattern instead.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy:
      process.env.TRUST_PROXY === 'true' || process.env.TRUST_PROXY === '1' ? true : (process.env.TRUST_PROXY ?? false),
    bodyLimit: 1_048_576 + 64 * 1024, // the 1 MB upload limit plus multipart overhead; JSON routes set their own
    requestIdHeader: false,
    // Path parameters carry e-mails (forgot username, up to 100 characters encoded) and reset hashes; Fastify's
    // default of 100 would answer 414 to a valid long e-mail. The schemas still bound each value.
    routerOptions: { maxParamLength: 512 },
    // Fastify's own answers to a URL it cannot decode, a parameter over maxParamLength and a request its HTTP parser
    // cannot read quote the URL and carry no security headers: these answer in the product's shape instead
    // (platform/errors.ts). Everything after routing goes through the error handler or the not-found handler.
    frameworkErrors: frameworkErrorHandler(writeSecurityHeaders),
    clientErrorHandler: clientErrorHandler(headers),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('databaseKind', database.kind);
  const metrics = options.metrics ?? new Metrics(database);
  app.decorate('metrics', metrics);
  app.decorate('readiness', options.readiness ?? new Readiness());
  app.decorate('registeredRoutes', []);
  app.addHook('onRoute', (route) => {
    // Read the rule lazily: hooks of the plugin that registers a route (registerPublicPlugin) run after this one.
    app.registeredRoutes.push({
      method: route.method,
      url: route.url,
      schema: route.schema, // the input fuzz test sends bad values to each field of its querystring, params and body
      get access() {
        return (route.config as { access?: unknown } | undefined)?.access;
      },
      get changesUser() {
        return (route.config as { changesUser?: boolean } | undefined)?.changesUser === true;
      },
      get endpoint() {
        return (route.config as { endpoint?: AnyEndpoint } | undefined)?.endpoint;
      },
    });
  });

  registerErrorHandler(app, writeSecurityHeaders);
  registerRequestLog(app);
  registerRequestMetrics(app, metrics);
  await registerSecurityHeaders(app, { writer: writeSecurityHeaders });
  registerCompression(app);
  registerSessionHook(app, { database, config, now });
  registerRefusalAudit(app, { database, now }); // every 403 in the audit log, after the answer is sent

  // The OpenAPI document is written from the endpoint contracts (platform/openapi.ts), not from the routes' schemas.
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: openApiDocument(ENDPOINTS) as never },
  });
  await registerPublicPlugin(app, async (scope) => {
    // The UI's own Content-Security-Policy ('self', its data: logo and one style element by hash) and no-store, on the
    // page, its static files and /api/docs/json; the plugin's staticCSP stays off: it would put a looser one instead.
    registerDocsSecurityHeaders(scope);
    await scope.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  });

  for (const routes of MODULES) await app.register(routes);
  await registerWebApp(app, config.webDistDir, { mapTileUrl: config.mapTileUrl, timeZone: config.defaultTimeZone });
  return app;
}
