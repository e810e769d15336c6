/**
 * Records a notification through the service the investing and governance features call,
 * against the e2e server's data folder: the stand-in for events whose features are not in
 * this build yet. Usage: tsx e2e/record-notification.ts <type> <productId> <email> <title> <body>
 */
import { createDb } from '../server/db/client';
import { recordNotifications } from '../server/modules/notifications/service';
import { notificationTypeSchema } from '../src/domain/notifications';

const [type, productId, email, title, body] = process.argv.slice(2);
const dataDir = process.env.DATA_DIR;
if (!dataDir || !type || !productId || !email || !title || !body) {
  console.error('usage: DATA_DIR=… tsx e2e/record-notification.ts <type> <productId> <email> <title> <body>');
  process.exit(1);
}
const handle = createDb({ dataDir });
try {
  const user = await handle.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const recorded = await handle.db.transaction().execute((trx) =>
    recordNotifications({ now: () => new Date() }, trx, {
      type: notificationTypeSchema.parse(type),
      productId: Number(productId),
      userIds: [user.id],
      title,
      body,
    }),
  );
  console.log(JSON.stringify(recorded));
} finally {
  await handle.close();
}
