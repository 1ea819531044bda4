// Every action the audit log can hold has a label in both languages (issue 26): the audited
// operator calls come from the contract's route table, plus a slip image viewed and the
// sign-in events. A new audited endpoint without a label fails here.
import { auditedRoutes, auditEvents, SLIP_IMAGE_ACTION } from '@wallet/contract/audit-actions';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '@/i18n/en';
import { installCatalog, t } from '@/i18n/i18n';
import { th } from '@/i18n/th';
import { auditActionLabel } from './action-label';

const every = [...auditedRoutes.keys(), SLIP_IMAGE_ACTION, ...auditEvents];

describe('audit action labels', () => {
  afterEach(() => installCatalog('en', en));

  it('label every action the server writes, in Thai and in English, each its own', () => {
    expect(auditedRoutes.size).toBeGreaterThan(60);
    for (const [lang, catalog] of [
      ['th', th],
      ['en', en],
    ] as const) {
      installCatalog(lang, catalog);
      const labels = new Map<string, string>();
      for (const action of every) {
        // A missing text throws in tests (the catalogue's development check).
        const label = auditActionLabel(t, action);
        expect(label, `${lang} ${action}`).not.toBe(action);
        expect(label.trim(), `${lang} ${action}`).not.toBe('');
        expect(label, `${lang} ${action}`).not.toMatch(/\/api\/|^[A-Z]+ \/|_/);
        expect(labels.get(label), `${lang}: "${label}" labels two actions`).toBeUndefined();
        labels.set(label, action);
      }
    }
  });

  it('reads the stored values: a route, an event, the slip image; anything else as stored', () => {
    installCatalog('en', en);
    expect(auditActionLabel(t, 'PUT /api/operator/settings/agreements')).toBe(
      'Changed the member agreements',
    );
    expect(auditActionLabel(t, 'login_totp_failed')).toBe('Sign-in refused: authenticator code');
    expect(auditActionLabel(t, 'GET /static/slips/:ref')).toBe('Viewed a slip image');
    expect(auditActionLabel(t, 'DELETE /api/operator/gone')).toBe('DELETE /api/operator/gone');
    installCatalog('th', th);
    expect(auditActionLabel(t, 'PUT /api/operator/settings/agreements')).toBe(
      'เปลี่ยนข้อตกลงของสมาชิก',
    );
  });
});
