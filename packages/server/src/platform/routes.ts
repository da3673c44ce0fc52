import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The Fastify instance modules register routes on: the Zod schemas of core type each handler's input. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * The body limit of a route that takes JSON (`bodyLimit: JSON_BODY_LIMIT`): a form's fields fit in a few KB, so a
 * larger body is refused before it is parsed. The app-wide limit is the 1 MB upload's (app.ts).
 */
export const JSON_BODY_LIMIT = 16 * 1024;

/** A module's routes: `export default defineRoutes((app) => { app.get(path, { schema, config: { access } }, handler) })`. */
export function defineRoutes(register: (app: ZodApp) => void | Promise<void>) {
  return async (app: FastifyInstance): Promise<void> => {
    await register(app.withTypeProvider<ZodTypeProvider>());
  };
}
