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

/** A module's routes: `export default defineRoutes((app) => { app.get(path, { schema, config: { access } }, handler) })`. */
export function defineRoutes(register: (app: ZodApp) => void | Promise<void>) {
  return async (app: FastifyInstance): Promise<void> => {
    await register(app.withTypeProvider<ZodTypeProvider>());
  };
}
