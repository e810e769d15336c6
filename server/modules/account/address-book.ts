import { randomUUID } from 'node:crypto';
import type { WalletAddress, WalletAddressRequest, WalletNetwork } from '../../../src/domain/portfolio';
import type { AppContext, RequestMeta } from '../../context';
import { AppError } from '../../errors';
import type { Caller, CallerId } from '../auth/service';
import { isUniqueViolation } from '../../plugins/error-handler';
import { appendAuditEvent } from '../audit/repository';
import { applyWithAuthenticatorCode } from '../mfa/service';
import { deleteWalletAddress, insertWalletAddress, listWalletAddresses } from './repository';
import { normalizeWalletAddress } from './wallets';

// The wallet address book; every change needs an authenticator code and is audited with it.

function toWallet(row: {
  id: string;
  label: string;
  network: string;
  address: string;
  created_at: string;
}): WalletAddress {
  return {
    id: row.id,
    label: row.label,
    network: row.network as WalletNetwork,
    address: row.address,
    createdAt: row.created_at,
  };
}

export async function listMyWallets(ctx: AppContext, caller: CallerId) {
  const userId = caller.user.id;
  return { addresses: (await listWalletAddresses(ctx.db, userId)).map(toWallet) };
}

export async function addWallet(
  ctx: AppContext,
  caller: Caller,
  request: WalletAddressRequest & { label: string },
  meta: RequestMeta,
): Promise<WalletAddress> {
  const userId = caller.user.id;
  const address = normalizeWalletAddress(request.network, request.address);
  if (!address) {
    throw new AppError(
      'WALLET_ADDRESS_INVALID',
      request.network === 'BITCOIN'
        ? 'That is not a valid Bitcoin address. Copy it again from your wallet.'
        : 'That is not a valid address: 0x and 40 hex digits, with a matching checksum. Copy it again from your wallet.',
    );
  }
  const id = randomUUID();
  try {
    await applyWithAuthenticatorCode(ctx, caller, request.code, meta, async (trx, now) => {
      await insertWalletAddress(trx, { id, userId, label: request.label, network: request.network, address, now });
      await appendAuditEvent(
        trx,
        { actor: 'user', userId, type: 'WALLET_ADDED', detail: { network: request.network, address }, meta },
        now,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'This address is already in your address book.');
    throw error;
  }
  const row = (await listWalletAddresses(ctx.db, userId)).find((item) => item.id === id);
  if (!row) throw new Error('The address just written is missing');
  return toWallet(row);
}

export async function removeWallet(ctx: AppContext, caller: Caller, id: string, code: string, meta: RequestMeta) {
  const userId = caller.user.id;
  const existing = (await listWalletAddresses(ctx.db, userId)).find((item) => item.id === id);
  if (!existing) throw new AppError('NOT_FOUND', 'There is no such address in your address book.');
  await applyWithAuthenticatorCode(ctx, caller, code, meta, async (trx, now) => {
    if (!(await deleteWalletAddress(trx, userId, id))) {
      throw new AppError('NOT_FOUND', 'There is no such address in your address book.');
    }
    await appendAuditEvent(
      trx,
      {
        actor: 'user',
        userId,
        type: 'WALLET_REMOVED',
        detail: { network: existing.network, address: existing.address },
        meta,
      },
      now,
    );
  });
}
