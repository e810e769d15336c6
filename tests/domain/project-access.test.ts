import { describe, expect, it } from 'vitest';
import { decideProjectAccess, projectUses, type ProjectAccessFacts } from '../../src/domain/access';

const open: ProjectAccessFacts = {
  isShown: true,
  isRestricted: false,
  isAllowed: false,
  isHolder: false,
  isStaff: false,
};
const restricted = { ...open, isRestricted: true };
const hidden = { ...open, isShown: false };

describe('decideProjectAccess: one rule for every project-scoped request', () => {
  it.each(projectUses)('a missing project is not found (%s)', (use) => {
    expect(decideProjectAccess(null, use)).toBe('NOT_FOUND');
  });

  it.each(projectUses)('a shown, open project is open to everyone (%s)', (use) => {
    expect(decideProjectAccess(open, use)).toBe('allow');
  });

  it.each(projectUses)('a hidden project is not found, whoever is allowed or holds (%s)', (use) => {
    expect(decideProjectAccess({ ...hidden, isAllowed: true, isHolder: true }, use)).toBe('NOT_FOUND');
    expect(decideProjectAccess({ ...hidden, isRestricted: true }, use)).toBe('NOT_FOUND');
  });

  it('staff still see a hidden project, but never invest in it', () => {
    expect(decideProjectAccess({ ...hidden, isStaff: true }, 'see')).toBe('allow');
    expect(decideProjectAccess({ ...hidden, isStaff: true }, 'ask')).toBe('allow');
    expect(decideProjectAccess({ ...hidden, isStaff: true }, 'invest')).toBe('NOT_FOUND');
  });

  it('a restricted project refuses anyone not on its list, except asking to be let in', () => {
    expect(decideProjectAccess(restricted, 'see')).toBe('WHITELIST_REQUIRED');
    expect(decideProjectAccess(restricted, 'invest')).toBe('WHITELIST_REQUIRED');
    expect(decideProjectAccess(restricted, 'ask')).toBe('allow');
  });

  it.each(projectUses)('the allowed list opens a restricted project (%s)', (use) => {
    expect(decideProjectAccess({ ...restricted, isAllowed: true }, use)).toBe('allow');
  });

  it('holders keep seeing a restricted project they hold, but invest only from the list', () => {
    expect(decideProjectAccess({ ...restricted, isHolder: true }, 'see')).toBe('allow');
    expect(decideProjectAccess({ ...restricted, isHolder: true }, 'invest')).toBe('WHITELIST_REQUIRED');
  });

  it('staff see a restricted project, but invest only from the list', () => {
    expect(decideProjectAccess({ ...restricted, isStaff: true }, 'see')).toBe('allow');
    expect(decideProjectAccess({ ...restricted, isStaff: true }, 'invest')).toBe('WHITELIST_REQUIRED');
  });
});
