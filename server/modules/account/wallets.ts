import { keccak_256 } from '@noble/hashes/sha3.js';
import { validate as validateBitcoinAddress, Network } from 'bitcoin-address-validation';
import type { WalletNetwork } from '../../../src/domain/portfolio';

/**
 * Checks an address for its network's format and checksum.
 *
 * EVM networks (Ethereum, Polygon): 0x and 40 hex digits. An all-lower or all-upper address
 * carries no checksum and is accepted; a mixed-case one must match its EIP-55 checksum, which
 * catches a mistyped character. The stored form is always the checksummed one.
 * Bitcoin: mainnet base58check (P2PKH, P2SH) or bech32/bech32m (SegWit, Taproot), checksums included.
 */
export function normalizeWalletAddress(network: WalletNetwork, input: string): string | null {
  const address = input.trim();
  if (network === 'BITCOIN') return validateBitcoinAddress(address, Network.mainnet) ? address : null;
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return null;
  const checksummed = toChecksumAddress(address);
  const body = address.slice(2);
  const isSingleCase = body === body.toLowerCase() || body === body.toUpperCase();
  return isSingleCase || address === checksummed ? checksummed : null;
}

/** EIP-55: a hex letter is upper case when the matching nibble of keccak256(lower-case hex) is 8 or more. */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < lower.length; i += 1) {
    const byte = hash[i >> 1]!;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    out += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i];
  }
  return out;
}
