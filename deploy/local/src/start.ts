// `npm start`: build what is stale, provision the infrastructure (data in .data/), start the services and
// the gateway on one port (PORT, default 8080), seed demo accounts and venues on the first run (example
// domain on a loopback host with the local mail sink only: see local-plan.ts), print the URL.
// Ctrl-C stops everything, servers included; the next start keeps the data.
import { join } from 'node:path';
import { buildAll, enableNodeCompileCache } from './build.ts';
import { REPO_ROOT } from './infra-servers.ts';
import { DEMO_PASSWORD } from './seed/demo-accounts.ts';
import { startStack } from './stack.ts';

const say = (message: string): void => console.log(`\x1b[36m[venuebook]\x1b[0m ${message}`);

const port = Number(process.env.PORT ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got '${process.env.PORT}'`);
  process.exit(2);
}

enableNodeCompileCache();
say('building the front ends (cached when unchanged)…');
buildAll();

say('starting the infrastructure and services…');
const stack = await startStack({
  dataDir: join(REPO_ROOT, '.data'),
  port,
  seed: true,
  logLevel: process.env.LOG_LEVEL ?? 'info',
  log: say,
}).catch((error: unknown) => {
  console.error(`\n${(error as Error).message}`);
  process.exit(1);
});

say(`Venue Book is running at \x1b[1m${stack.url}\x1b[0m  (logs in ${stack.logDir}; Ctrl-C stops everything)`);
if (stack.accounts.length > 0) {
  say(`demo accounts (company domain @${stack.companyDomain}), password for all: ${DEMO_PASSWORD}`);
  for (const account of stack.accounts) say(`  ${account.role.padEnd(9)} ${account.email}`);
} else {
  say(`${stack.plan.demoReason}.`);
  say(
    stack.plan.ownerEmails
      ? `sign up with an OWNER_EMAILS address (${stack.plan.ownerEmails}) to become owner`
      : 'set OWNER_EMAILS to name the owners, then sign up',
  );
}
say(stack.mailboxUrl ? `local mailbox (sign-up confirmation mails): ${stack.mailboxUrl}` : 'confirmation mails go to SMTP_URL');
if (stack.webhookReceiverUrl) {
  say(`local webhook receiver: ${stack.webhookReceiverUrl}  (first-login webhook URL for User Management: ${stack.webhookReceiverUrl}/hooks/first-login)`);
}
if (stack.googleDriveUrl)
  say(`local Google Drive: ${stack.googleDriveUrl}  (where documents sync; set GOOGLE_DRIVE_CREDENTIALS and GOOGLE_DRIVE_ROOT_FOLDER_ID for Google's)`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    say('stopping…');
    void stack.stop().then(() => {
      say('stopped');
      process.exit(0);
    });
  });
}
