import { createHmac } from 'node:crypto';
import * as v from 'valibot';
import { type FacebookVerifier, IdentityRejectedError } from '../ports/identity';

const GRAPH = 'https://graph.facebook.com/v19.0';

const DebugTokenSchema = v.object({
  data: v.object({ app_id: v.string(), is_valid: v.boolean(), user_id: v.optional(v.string()) }),
});
const MeSchema = v.object({
  id: v.string(),
  email: v.optional(v.string()),
  first_name: v.optional(v.string()),
  last_name: v.optional(v.string()),
});

/**
 * Facebook sign-in needs our app's id and secret: without them every token is rejected (there is no
 * local Facebook). With them, Graph's debug_token says whether the user token was issued to our app for
 * that user, and /me gives the email (Facebook returns only confirmed emails).
 */
export function createFacebookVerifier(options: { appId?: string; appSecret?: string; fetch?: typeof fetch }): FacebookVerifier {
  const { appId, appSecret } = options;
  const doFetch = options.fetch ?? fetch;
  return {
    async verify(accessToken, userId) {
      if (!appId || !appSecret) throw new IdentityRejectedError('Facebook sign-in is not configured');
      const get = async <S extends v.GenericSchema>(url: string, schema: S) => {
        const response = await doFetch(url, { signal: AbortSignal.timeout(5000) });
        if (!response.ok) throw new IdentityRejectedError(`Facebook answered ${response.status}`);
        return v.parse(schema, await response.json());
      };
      try {
        const debug = await get(
          `${GRAPH}/debug_token?input_token=${encodeURIComponent(accessToken)}&access_token=${encodeURIComponent(`${appId}|${appSecret}`)}`,
          DebugTokenSchema,
        );
        if (!debug.data.is_valid || debug.data.app_id !== appId || debug.data.user_id !== userId) {
          throw new IdentityRejectedError('The Facebook token is not for this app and user');
        }
        const proof = createHmac('sha256', appSecret).update(accessToken).digest('hex');
        const me = await get(
          `${GRAPH}/me?fields=id,email,first_name,last_name&access_token=${encodeURIComponent(accessToken)}&appsecret_proof=${proof}`,
          MeSchema,
        );
        if (me.id !== userId) throw new IdentityRejectedError('The Facebook token is for another user');
        const email = me.email?.trim().toLowerCase() ?? null;
        return {
          subject: me.id,
          email,
          emailVerified: email !== null,
          ...(me.first_name ? { givenName: me.first_name } : {}),
          ...(me.last_name ? { familyName: me.last_name } : {}),
        };
      } catch (error) {
        if (error instanceof IdentityRejectedError) throw error;
        throw new IdentityRejectedError('Facebook could not verify the token', { cause: error });
      }
    },
  };
}
