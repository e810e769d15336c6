import { account } from './account';
import { core } from './core';
import { governance } from './governance';
import { home } from './home';
import { identity } from './identity';
import { site } from './site';
import { time } from './time';

/**
 * The English catalogue, the reference every other language must match key for key. Each area
 * keeps its strings in its own file here; this object joins them.
 */
export const en = {
  ...core,
  ...governance,
  ...account,
  ...home,
  ...identity,
  ...site,
  ...time,
} as const;
