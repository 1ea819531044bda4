// The operators' authenticator secrets at rest (decision 0118): sealed with the server key
// (GAME_CREDENTIALS_KEY) by the one sealing mechanism of lib/sealed.ts, as game passwords
// are, with the operator's id as additional data (a sealed secret copied onto another
// operator's row does not open). The enrolment secret a sign-in challenge holds for five
// minutes is sealed the same way, so accepting the enrolment copies it as it is. Rows
// written in clear before (migration 0017) are sealed at start (`sealClearTotpSecrets`).
import type { AppDeps } from '../../deps';
import { isSealed, openText, sealText } from '../../lib/sealed';

const aad = (operatorId: number) => `operator-totp:${operatorId}`;

export function sealTotpSecret(keyHex: string, operatorId: number, secret: string): string {
  return sealText(keyHex, aad(operatorId), secret);
}

/** The base32 secret of a stored value (sealed; a clear one not sealed yet is read as it is). */
export function openTotpSecret(keyHex: string, operatorId: number, stored: string): string {
  return isSealed(stored) ? openText(keyHex, aad(operatorId), stored) : stored;
}

/**
 * Seals every authenticator secret still stored in clear (operators and open challenges).
 * Idempotent; the seed runs it at every start. Answers how many it sealed.
 */
export async function sealClearTotpSecrets(deps: Pick<AppDeps, 'db' | 'config'>): Promise<number> {
  const key = deps.config.games.credentialsKey;
  let sealed = 0;
  const operators = await deps.db
    .selectFrom('operators')
    .select(['id', 'totp_secret'])
    .where('totp_secret', 'is not', null)
    .where('totp_secret', 'not like', 'v1.%')
    .execute();
  for (const row of operators) {
    const updated = await deps.db
      .updateTable('operators')
      .set({ totp_secret: sealTotpSecret(key, row.id, row.totp_secret!) })
      .where('id', '=', row.id)
      .where('totp_secret', '=', row.totp_secret)
      .executeTakeFirst();
    sealed += Number(updated.numUpdatedRows);
  }
  const challenges = await deps.db
    .selectFrom('operator_challenges')
    .select(['id', 'operator_id', 'enrol_secret'])
    .where('enrol_secret', 'is not', null)
    .where('enrol_secret', 'not like', 'v1.%')
    .execute();
  for (const row of challenges) {
    const updated = await deps.db
      .updateTable('operator_challenges')
      .set({ enrol_secret: sealTotpSecret(key, row.operator_id, row.enrol_secret!) })
      .where('id', '=', row.id)
      .where('enrol_secret', '=', row.enrol_secret)
      .executeTakeFirst();
    sealed += Number(updated.numUpdatedRows);
  }
  return sealed;
}
