// A member's promotion grants for the console's member page (decision 0088), newest first.
import type { ResponseFor, api } from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import type { Db } from '../../db/database';
import type { PageWindow } from '../../db/paging';
import { pageOf } from '../../db/paging';

export type MemberGrantRow = ResponseFor<typeof api.operatorMembers.bonuses>['rows'][number];

/** A grant's stored name in the three languages (any one stands in for a missing one). */
function names(json: string): { th: string; la: string; en: string } {
  try {
    const v = JSON.parse(json) as Partial<Record<'th' | 'la' | 'en', string>>;
    const any = v.th ?? v.en ?? v.la ?? '';
    return { th: v.th ?? any, la: v.la ?? any, en: v.en ?? any };
  } catch {
    return { th: json, la: json, en: json };
  }
}

/** The member's grants, newest first. A page size of 0 counts them. */
export async function grantsOfMember(
  db: Db,
  memberId: number,
  window: PageWindow,
): Promise<{ rows: MemberGrantRow[]; total: number }> {
  const { rows, total } = await pageOf(
    db.selectFrom('promotion_grants').where('member_id', '=', memberId),
    (q) =>
      q
        .select([
          'id',
          'kind',
          'source_code',
          'name_json',
          'credited',
          'required',
          'status',
          'started_at',
          'ended_at',
        ])
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc'),
    window,
  );
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      code: r.source_code,
      name: names(r.name_json),
      credited: satangToBaht(Number(r.credited)),
      required: satangToBaht(Number(r.required)),
      status: r.status,
      startedAt: r.started_at,
      endedAt: r.ended_at,
    })),
  };
}
