import type { RequestIdVariables } from 'hono/request-id';

/** Values middleware puts on the request context, typed for every route. */
export interface AppEnv {
  Variables: RequestIdVariables;
}
