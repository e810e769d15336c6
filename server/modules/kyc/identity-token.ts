import type { GenerateTokenResponse } from '../../../src/domain/kyc';
import type { AppContext } from '../../context';
import type { CallerId } from '../auth/service';
import { findReview } from './repository';
import { assertMaySubmit } from './service';
import { createSumsubClient, type SumsubClient } from './sumsub';

// The token that opens the identity provider's form for the caller (Sumsub's WebSDK).

export const SUMSUB_SDK_URL = 'https://static.sumsub.com/idensic/static/sns-websdk-builder.js';

const sumsubClients = new WeakMap<AppContext['config'], SumsubClient>();

function sumsubClientFor(ctx: AppContext): SumsubClient {
  let client = sumsubClients.get(ctx.config);
  if (!client) {
    client = createSumsubClient({
      baseUrl: ctx.config.SUMSUB_BASE_URL,
      appToken: ctx.config.SUMSUB_APP_TOKEN ?? '',
      secretKey: ctx.config.SUMSUB_SECRET_KEY ?? '',
      now: ctx.now,
    });
    sumsubClients.set(ctx.config, client);
  }
  return client;
}

/** The WebSDK token is always for the caller: the applicant id is the session's user id. */
export async function generateIdentityToken(ctx: AppContext, caller: CallerId): Promise<GenerateTokenResponse> {
  const userId = caller.user.id;
  if (ctx.config.KYC_PROVIDER === 'local') return { provider: 'local', token: null, sdkUrl: null };
  const row = await findReview(ctx.db, userId);
  assertMaySubmit(row);
  const token = await sumsubClientFor(ctx).generateAccessToken(
    userId,
    ctx.config.SUMSUB_LEVEL_NAME,
    ctx.config.SUMSUB_TOKEN_TTL_SECONDS,
  );
  return { provider: 'sumsub', token, sdkUrl: SUMSUB_SDK_URL };
}
