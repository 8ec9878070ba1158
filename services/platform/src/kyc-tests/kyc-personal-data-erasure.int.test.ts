// Proves KYC personal data is erasable while the log stays immutable (DESIGN.md §4): no event
// payload carries a name, birth date, CI, DI, cell number, address, holder name or document name;
// a member withdrawal nulls them all in kyc-store's tables; and afterwards the member's KYC stream
// still replays to the same facts and the kyc projection rebuilt from the log equals the live one.
import { type KycMemberEvent, kycMemberStateFrom, kycMemberStream } from '@ledger/kyc';
import { kycProjection } from '@ledger/kyc-store';
import { type Projection, projectBatch, registerProjection } from '@ledger/projection-runner';
import { useTestDatabase } from '@ledger/testing';
import type { TestMember } from '@ledger/write-api/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createKycPlatformTestKit,
  type KycPlatformTestKit,
} from '../testing/kyc-platform-test-kit.ts';

const database = useTestDatabase();
let kit: KycPlatformTestKit;
let alice: TestMember;
let aliceName: string;

beforeAll(async () => {
  kit = await createKycPlatformTestKit(database());
  alice = await kit.register('erased');
  const token = (await kit.login(alice)).token;
  aliceName = await kit.userNameOf(alice.seq);
  await kit.requestKyc(token);
  await kit.requestAddress(token);
  const { response } = await kit.authenticateRealname(token, { user_name: aliceName });
  expect(response.status).toBe(200);
  await kit.settled();
});
afterAll(async () => {
  await kit.close();
});

const personalValues = [
  '900101',
  '01012345678',
  'bc1qalicewalletaddress0001',
  'Alice Kim',
  'id-front.jpg',
  'scan-001',
];

async function kycEvents(): Promise<{ data: unknown; type: string }[]> {
  const { rows } = await sql<{ data: unknown; event_type: string }>`SELECT data, event_type
    FROM es_events WHERE stream_id = ${kycMemberStream(alice.seq)} ORDER BY stream_revision`.execute(
    kit.db,
  );
  return rows.map((row) => ({ type: row.event_type, data: row.data }));
}

async function personalRows() {
  const realname = await sql<Record<string, unknown>>`SELECT user_name, birth_date, ci, di,
    cell_number, ip_address, erased_at FROM kyc_realname_personal_data
    WHERE member_seq = ${alice.seq}`.execute(kit.db);
  const address = await sql<Record<string, unknown>>`SELECT withdraw_address, holder_name, erased_at
    FROM kyc_withdraw_address_personal_data WHERE member_seq = ${alice.seq}`.execute(kit.db);
  const documents = await sql<Record<string, unknown>>`SELECT document_name, document_reference,
    erased_at FROM kyc_certification_documents WHERE member_seq = ${alice.seq}`.execute(kit.db);
  return { realname: realname.rows, address: address.rows, documents: documents.rows };
}

async function projectedRows(version: number) {
  const rows: Record<string, unknown[]> = {};
  for (const table of [
    'kyc_certifications',
    'kyc_realnames',
    'kyc_withdraw_address_certifications',
  ]) {
    const result = await sql<
      Record<string, unknown>
    >`SELECT * FROM ${sql.table(`${table}_v${version}`)}
      ORDER BY 1`.execute(kit.db);
    rows[table] = result.rows;
  }
  return rows;
}

test('no KYC event carries personal data in clear', async () => {
  const text = JSON.stringify(await kycEvents());
  for (const value of [...personalValues, aliceName]) expect(text).not.toContain(value);
  const [realname] = (await personalRows()).realname;
  expect(text).not.toContain(String(realname?.ci));
  expect(text).not.toContain(String(realname?.di));
});

test('a withdrawal erases it; the stream replays to the same facts; a rebuild equals the live projection', async () => {
  const before = kycMemberStateFrom((await kycEvents()) as KycMemberEvent[]);
  const stored = await personalRows();
  expect(stored.realname[0]).toMatchObject({ birth_date: '900101', cell_number: '01012345678' });

  const token = (await kit.login(alice)).token;
  const withdrawal = await kit.post(
    '/api/v1/member/me/withdrawal',
    { password: alice.password },
    { token },
  );
  expect(withdrawal.status).toBe(200);
  await kit.settled();

  const erased = await personalRows();
  for (const row of [...erased.realname, ...erased.address, ...erased.documents]) {
    expect(row.erased_at).not.toBeNull();
    for (const [key, value] of Object.entries(row)) {
      if (key !== 'erased_at') expect(value, key).toBeNull();
    }
  }
  expect(erased.realname).toHaveLength(1);
  expect(erased.address).toHaveLength(1);
  expect(erased.documents).toHaveLength(1);

  // The log is untouched and still replays to the same KYC facts.
  const after = kycMemberStateFrom((await kycEvents()) as KycMemberEvent[]);
  expect(after).toEqual(before);

  // A rebuild of the kyc projection (a new version, from the first event) equals the live one.
  const rebuilt = { ...kycProjection, version: 2 } as Projection<unknown>;
  await registerProjection(kit.db as never, rebuilt as never);
  for (;;) {
    const outcome = await projectBatch({
      db: kit.db as never,
      eventStore: kit.eventStore,
      projection: rebuilt as never,
      maxCount: 200,
    });
    if (outcome.kind !== 'advanced') break;
  }
  expect(await projectedRows(2)).toEqual(await projectedRows(1));
});
