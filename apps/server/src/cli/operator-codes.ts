// `npm run operator:codes`: the demo operators' current authenticator codes, for signing in
// to the console without an authenticator app (demo data only; decision 0086). It reads the
// same OPERATOR_DEMO_TOTP_SECRET the server seeds (the published demo secret by default).
import { loadConfig } from '../config';
import { TOTP_PERIOD_SECONDS, totpNow } from '../lib/totp';
import { DEMO_OPERATORS } from '../seed';

const config = loadConfig();
const now = new Date();
const left = TOTP_PERIOD_SECONDS - (Math.floor(now.getTime() / 1000) % TOTP_PERIOD_SECONDS);
const code = totpNow(config.operatorDemoTotpSecret, now);
console.log(
  `Authenticator code for the demo operators (${DEMO_OPERATORS.map((o) => o.username).join(', ')}): ${code}\n` +
    `Good for ${left} more seconds, and once per operator. Secret: ${config.operatorDemoTotpSecret}`,
);
