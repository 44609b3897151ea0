/** `npm run mail:outbox`: the mails the dev outbox holds, newest last. */
import { existsSync, readFileSync } from 'node:fs';
import { loadEnv } from '../env';
import { outboxPath } from './mailer';

const file = outboxPath(loadEnv().DATA_DIR);
if (!existsSync(file)) {
  console.info(`The dev outbox is empty (${file}).`);
} else {
  const mails = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; subject: string; text: string; sentAt: string });
  for (const mail of mails.slice(-Number(process.argv[2] ?? 20))) {
    console.info(`── ${mail.sentAt}  To: ${mail.to}\n   ${mail.subject}\n${mail.text.replace(/^/gm, '   ')}\n`);
  }
}
