import { existsSync } from 'node:fs';
import { prettyLogStream } from '@wallet/http-log';
import { buildSandbox } from './app.js';
import { loadConfig } from './config.js';
import { extractOtp } from './parts/sms/index.js';
import type { StateEvent } from './state-file.js';

const config = loadConfig();

/** The state file's events, told in the terminal like the other lines of `npm start`. */
function sayStateEvent(event: StateEvent): void {
  switch (event.type) {
    case 'loaded':
      console.log(`[sandbox] state loaded from ${event.file}: ${event.summary}`);
      break;
    case 'missing':
      console.log(`[sandbox] no state file yet: starting empty; keeps its state in ${event.file}`);
      break;
    case 'movedAside':
      console.warn(
        `[sandbox] WARNING: the state file ${event.file} could not be read (${event.reason}); ` +
          (event.movedTo ? `moved it to ${event.movedTo} and ` : '') +
          'starting empty',
      );
      break;
    case 'writeFailed':
      console.warn(
        `[sandbox] WARNING: could not write the state file ${event.file} (${event.reason}); ` +
          'trying again at the next change',
      );
      break;
    case 'writeRecovered':
      console.log(`[sandbox] state file ${event.file} written again`);
      break;
  }
}

const requests = config.logLevel === 'debug' || config.logLevel === 'trace' ? 'all' : 'errors';
const app = await buildSandbox({
  config,
  logger: {
    level: config.logLevel,
    ...(config.logFormat === 'pretty'
      ? { stream: prettyLogStream(process.stdout, { requests }) }
      : {}),
  },
  ...(config.stateFile ? { stateFile: config.stateFile, onStateEvent: sayStateEvent } : {}),
});
if (!config.stateFile) console.log('[sandbox] state in memory only (SANDBOX_STATE_FILE=off)');

// Echo each SMS so a developer running `npm start` sees OTPs without opening the inbox.
app.sandbox.sms.subscribe((message) => {
  const otp = extractOtp(message.text);
  const summary = otp ? `OTP ${otp.code}${otp.ref ? ` (ref ${otp.ref})` : ''}` : message.text;
  console.log(`[sandbox] SMS to ${message.to}: ${summary.slice(0, 120)}`);
});

await app.listen({ port: config.port, host: config.host });

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
const base = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;
console.log(
  `[sandbox] listening on ${base}  (SMS inbox: ${base}/sms, game provider: ${base}/provider, bank: ${base}/bank, gift links: ${base}/gift)`,
);

// Closing waits for requests in flight, then writes the state file a last time.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => {
        // The file exists once something happened worth keeping.
        if (config.stateFile && existsSync(config.stateFile)) {
          console.log(`[sandbox] stopped; its state is in ${config.stateFile}`);
        }
        process.exit(0);
      },
      () => process.exit(1),
    );
  });
}
