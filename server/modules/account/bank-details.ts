import { maskAccountNumber, type BankDetailsRequest, type BankDetailsResponse } from '../../../src/domain/portfolio';
import type { AppContext, RequestMeta } from '../../context';
import { decryptText, encryptText } from '../../crypto';
import { AppError } from '../../errors';
import type { Caller, CallerId } from '../auth/service';
import { appendAuditEvent } from '../audit/repository';
import { verifiedIdentityOf } from '../kyc/service';
import { applyWithAuthenticatorCode } from '../mfa/service';
import { sameLegalName } from '../orders/contract';
import { findBankAccount, upsertBankAccount } from './repository';

// Payout bank details: the number sealed with its own data key, changed only with an authenticator code.

export async function getBankDetails(ctx: AppContext, caller: CallerId): Promise<BankDetailsResponse> {
  const userId = caller.user.id;
  const row = await findBankAccount(ctx.db, userId);
  return {
    bankDetails: row
      ? {
          bankName: row.bank_name,
          holderName: row.holder_name,
          maskedNumber: maskAccountNumber(row.number_last4),
          updatedAt: row.updated_at,
        }
      : null,
  };
}

/** The sealed number, for payout runs only; never sent to a browser. */
export async function revealBankAccountNumber(ctx: AppContext, userId: string): Promise<string | null> {
  const row = await findBankAccount(ctx.db, userId);
  return row ? decryptText(ctx.keys.bankAccount, row.number_sealed) : null;
}

export async function saveBankDetails(
  ctx: AppContext,
  caller: Caller,
  request: { bankName: string; holderName: string; accountNumber: string; code: string } & Partial<BankDetailsRequest>,
  meta: RequestMeta,
): Promise<BankDetailsResponse> {
  const userId = caller.user.id;
  // Its route admits only an approved identity (`requireAuth({ level: 'kyc' })`): payouts go to its holder.
  const { legalName } = verifiedIdentityOf(caller);
  if (!legalName || !sameLegalName(request.holderName, legalName)) {
    throw new AppError(
      'LEGAL_NAME_MISMATCH',
      'The account holder must be you, named exactly as on your verified identity.',
    );
  }
  const existed = Boolean(await findBankAccount(ctx.db, userId));
  await applyWithAuthenticatorCode(ctx, caller, request.code, meta, async (trx, now) => {
    await upsertBankAccount(trx, {
      userId,
      bankName: request.bankName,
      holderName: request.holderName,
      numberSealed: encryptText(ctx.keys.bankAccount, request.accountNumber),
      last4: request.accountNumber.slice(-4),
      now,
    });
    await appendAuditEvent(
      trx,
      {
        actor: 'user',
        userId,
        type: existed ? 'BANK_DETAILS_CHANGED' : 'BANK_DETAILS_ADDED',
        detail: { bank: request.bankName, number: maskAccountNumber(request.accountNumber.slice(-4)) },
        meta,
      },
      now,
    );
  });
  return getBankDetails(ctx, caller);
}
