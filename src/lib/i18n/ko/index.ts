import { account } from './account';
import { core } from './core';
import { governance } from './governance';
import { home } from './home';
import { identity } from './identity';
import { site } from './site';
import { time } from './time';
import { validationMessagesKo } from '../../../domain/validation-messages.ko';

/**
 * The Korean catalogue: the same keys as the English one (tests/i18n/catalogues.test.ts
 * fails on a missing or extra key). Loaded on demand, so English readers never download it.
 */
export const ko = {
  ...core,
  ...governance,
  ...account,
  ...home,
  ...identity,
  ...site,
  ...time,
  ...validationMessagesKo,
};
