import { buildSandbox } from './app.js';
import { loadConfig } from './config.js';
import { extractOtp } from './parts/sms/index.js';

const config = loadConfig();
const app = await buildSandbox({ config, logger: { level: config.logLevel } });

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

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
