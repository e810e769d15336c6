import type { FastifyInstance } from 'fastify';
import { storeUpload } from '../../server/modules/kyc/files';
import { recordReviewDecision, submitIdentity } from '../../server/modules/kyc/service';

/** The first bytes of each accepted type, padded; enough for the server's content check. */
export const sampleFiles = {
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 2)]),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 1, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(200, 3)]),
  pdf: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 4)]),
  text: Buffer.from('just some text pretending to be a photo'),
};

const OPERATOR = { ip: 'operator', userAgent: 'test operator' };

async function userIdByEmail(app: FastifyInstance, email: string): Promise<string> {
  const row = await app.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

/** Submits a local identity check for the user through the service, as the form would. */
export async function submitIdentityFor(app: FastifyInstance, email: string): Promise<string> {
  const userId = await userIdByEmail(app, email);
  const front = await storeUpload(app.ctx, { user: { id: userId } }, sampleFiles.jpeg);
  const selfie = await storeUpload(app.ctx, { user: { id: userId } }, sampleFiles.png);
  await submitIdentity(
    app.ctx,
    { user: { id: userId } },
    {
      legalName: 'Kim Mina',
      dateOfBirth: '1992-04-01',
      countryOfResidence: 'KR',
      investorType: 'INDIVIDUAL',
      documentType: 'PASSPORT',
      frontFileId: front.id,
      selfieFileId: selfie.id,
    },
    OPERATOR,
  );
  return userId;
}

/** A submitted identity check answered GREEN by an operator: the real review path. */
export async function approveIdentity(app: FastifyInstance, email: string): Promise<void> {
  const userId = await submitIdentityFor(app, email);
  await recordReviewDecision(app.ctx, userId, { answer: 'GREEN', message: null }, OPERATOR);
}
