import type { Kysely } from 'kysely';
import { maySeeSection, type GovernanceViewer, type SectionAccess } from '../../../src/domain/governance';
import { isIdentityApproved } from '../../../src/domain/kyc';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import type { Caller } from '../auth/service';
import { assertProjectDecision, isProductSeller, projectAccessFacts } from '../products/service';
import { findUserById, type UserRecord } from '../users/records-repository';
import { findGovernanceAccess, type findSections } from './repository';

/**
 * Who sees and who acts in a project's governance: the project-access rule, the caller's role in
 * the project, and each section's view type (src/domain/governance.ts's maySeeSection). Every
 * read and write of notices, community and votings starts here.
 */

type Db = Kysely<Database>;
export type SectionRow = Awaited<ReturnType<typeof findSections>>[number];
type BadgeRow = { name: string; limit_quantity: number };

export interface Access {
  product: { id: number; name: string };
  viewer: GovernanceViewer;
  sections: SectionRow[];
  /** The project's community badges, for the authors of posts. */
  badges: BadgeRow[];
}

/**
 * The project and what the caller may see of it, after the project-access rule (a hidden project
 * is not found except for staff; a restricted one is open to its allowed list, its holders and
 * staff). One statement (findGovernanceAccess); the identity review comes with the caller's
 * session. A SELLER account is a seller only of the projects it is assigned to (seller:assign);
 * elsewhere it counts as any other user.
 *
 * The approved identity is not a gate on these routes (they admit any signed-in user at the
 * `verified` level): it unlocks POST_KYC sections one by one, while PRE_KYC sections stay open and
 * a locked section is listed as locked (SECTION_LOCKED when opened). So it is read here, as one of
 * the viewer's facts, rather than by `requireAuth({ level: 'kyc' })`.
 */
export async function accessOf(db: Db, caller: Caller, productId: number): Promise<Access> {
  const { user } = caller;
  const found = await findGovernanceAccess(db, productId, user.id);
  const role = user.role === 'SELLER' && !found?.is_seller ? 'USER' : user.role;
  assertProjectDecision(projectAccessFacts(found, user.role), 'see');
  if (!found) throw new AppError('NOT_FOUND', 'No such project.');
  return {
    product: { id: found.id, name: found.name },
    viewer: { role, kycApproved: isIdentityApproved(caller.review), balance: found.balance },
    sections: found.sections,
    badges: found.badges,
  };
}

const NOT_THIS_SELLER = 'This seller account does not sell this project; the operator assigns projects to sellers.';

/**
 * Every write in a project's governance: a seller account acts only in the projects it sells
 * (ROLE_REQUIRED, which leaves the session signed in).
 */
export function assertMayAct(access: Access, user: UserRecord) {
  if (user.role === 'SELLER' && access.viewer.role !== 'SELLER') throw new AppError('ROLE_REQUIRED', NOT_THIS_SELLER);
}

/** A seller named in an operator command must hold the SELLER role and sell the project. */
export async function requireSellerOf(db: Db, userId: string, productId: number): Promise<UserRecord> {
  const seller = await findUserById(db, userId);
  if (!seller) throw new AppError('NOT_FOUND', 'No such seller.');
  if (seller.role !== 'SELLER' || !(await isProductSeller(db, productId, seller.id))) {
    throw new AppError('ROLE_REQUIRED', NOT_THIS_SELLER);
  }
  return seller;
}

export function sectionAccess(section: SectionRow, viewer: GovernanceViewer): SectionAccess {
  return {
    type: section.type,
    viewType: section.view_type,
    sectionId: Number(section.id),
    unlocked: maySeeSection(section.view_type, viewer),
  };
}

const LOCKED_MESSAGES = {
  PRE_KYC: 'Sign in to see this section.',
  POST_KYC: 'Complete your identity verification to see this section.',
  INVESTOR: 'Only holders of this project’s tokens see this section.',
} as const;

export function assertUnlocked(section: SectionRow, viewer: GovernanceViewer) {
  if (!maySeeSection(section.view_type, viewer))
    throw new AppError('SECTION_LOCKED', LOCKED_MESSAGES[section.view_type]);
}

/** The project's section of one type, checked against the caller. */
export function requireSection(access: Access, type: 'UPDATE' | 'PROPOSAL' | 'AGENDA'): SectionRow {
  const section = access.sections.find((candidate) => candidate.type === type);
  if (!section) throw new AppError('NOT_FOUND', 'This project has no such section.');
  assertUnlocked(section, access.viewer);
  return section;
}
