// Issue 28 (decision 0145): a member in Lao picks a range on the statement page, downloads it
// as CSV (checked line by line) and PDF, and sees net deposits on the profile.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { loginApi, registerMemberApi } from '../support/api.js';
import { capture, msg, signIn, waitForPath } from '../support/app.js';
import { useJourneyFixture } from '../support/fixture.js';
import { depositByQr } from '../support/promotions.js';

const fx = useJourneyFixture();

const bangkokToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

test('Lao: a range of the statement as CSV and PDF; net deposits on the profile', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack, { name: 'Statement Reader' });
  const token = await loginApi(stack, member.phone, member.password);
  await depositByQr(stack, token, 1000);
  const paid = await fetch(`${stack.appUrl}/api/wallet/withdraw`, {
    method: 'POST',
    headers: {
      'X-Wallet-User': 'member',
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': randomUUID(),
    },
    body: JSON.stringify({ amount: 100 }),
  });
  assert.equal(paid.status, 200, await paid.text());

  const page = await browser.newPage({ locale: 'lo-LA' });
  await signIn(page, stack.appUrl, member.phone, member.password, { locale: 'la' });
  await page.goto(`${stack.appUrl}/user/statement`);
  await page.getByTestId('statement-range').waitFor();
  const today = bangkokToday();
  await page.getByLabel(msg('la', 'statementRange.from')).fill(today);
  await page.getByLabel(msg('la', 'statementRange.to')).fill(today);
  await page.getByRole('button', { name: msg('la', 'statementRange.apply') }).click();
  await page.getByTestId('statement-row').first().waitFor();
  assert.equal(await page.getByTestId('statement-row').count(), 2);
  await capture(page, 'statement-range-la', 'la');

  // A range longer than 12 months is refused in Lao before anything is asked.
  await page.getByLabel(msg('la', 'statementRange.from')).fill('2024-01-01');
  await page.getByRole('button', { name: msg('la', 'statementRange.downloadCsv') }).click();
  assert.equal(
    await page.getByTestId('statement-range-error').textContent(),
    msg('la', 'errors.STATEMENT_RANGE_INVALID'),
  );
  await page.getByLabel(msg('la', 'statementRange.from')).fill(today);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: msg('la', 'statementRange.downloadCsv') }).click(),
  ]);
  assert.equal(csv.suggestedFilename(), `statement-${today}-${today}.csv`);
  const bytes = await readFile((await csv.path())!);
  assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'a BOM for Excel');
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  assert.equal(lines[0], 'ວັນທີ,ປະເພດ,ລາຍລະອຽດ,ສະຖານະ,ຈຳນວນເງິນ (ບາດ)');
  assert.equal(lines.length, 3);
  assert.match(lines[1]!, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2},ຖອນເງິນ,ກະເປົາເງິນ → SCB,[^,]+,100\.00$/);
  assert.match(lines[2]!, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2},ຝາກເງິນ,[^,]+ → ກະເປົາເງິນ,ສຳເລັດ,1000\.00$/);

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: msg('la', 'statementRange.downloadPdf') }).click(),
  ]);
  assert.equal(pdf.suggestedFilename(), `statement-${today}-${today}.pdf`);
  const pdfBytes = await readFile((await pdf.path())!);
  assert.equal(pdfBytes.subarray(0, 5).toString('latin1'), '%PDF-');

  // Net deposits on the profile: 1,000 in, 100 out.
  await page.goto(`${stack.appUrl}/user/profile`);
  await waitForPath(page, '/user/profile');
  await page.getByRole('heading', { name: msg('la', 'netDeposits.title') }).waitFor();
  assert.equal(await page.getByTestId('net-deposits-lifetime').textContent(), '฿900.00');
  assert.equal(await page.getByTestId('net-deposits-month').count(), 1);
  assert.match((await page.getByTestId('net-deposits-month').textContent())!, /฿900\.00$/);
  await capture(page, 'profile-net-deposits-la', 'la');
});
