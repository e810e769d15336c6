import { account } from './account';
import { core } from './core';
import { governance } from './governance';
import { home } from './home';
import { identity } from './identity';
import { site } from './site';
import { time } from './time';
import { validationMessages } from '../../../domain/validation-messages';

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
  // What the shared schemas say about refused input (also the server's, so they live in src/domain).
  ...validationMessages,
} as const;
