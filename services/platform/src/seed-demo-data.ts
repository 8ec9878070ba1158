import { assetsProjectionName } from '@ledger/assets-store';
import { createSimulatedChain } from '@ledger/chain';
import type { Db } from '@ledger/db';
import type { GlobalPosition } from '@ledger/event-store';
import { findMemberSeq, identityDb, listOutboxMails } from '@ledger/identity-store';
import { systemAccountId } from '@ledger/ledger';
import type { LedgerCommandInput, LedgerWriterClient } from '@ledger/ledger-client';
import { ledgerBalancesProjectionName } from '@ledger/ledger-projections';
import { waitForPosition } from '@ledger/projection-runner';
import {
  changeSettingAsSystem,
  grantChiefAdministrator,
  type IdentityWriteDependencies,
} from '@ledger/write-api';
import { seedDemoCustomerService } from './seed-cs-demo.ts';
import { seedDemoSecurityPolicies, seedDemoWithdrawAddresses } from './seed-kyc-demo.ts';

export type DemoLogin = { role: string; userId: string; password: string };

/** What the seed needs of the write API: its in-process request entry. */
type App = { request(path: string, init?: RequestInit): Response | Promise<Response> };

const demoMembers = [
  {
    role: 'admin',
    userId: 'admin',
    password: 'ledger-demo-chief-2025',
    name: 'Demo Administrator',
  },
  // A second administrator: forced adjustments above the threshold need another one's approval.
  {
    role: 'admin',
    userId: 'admin2',
    password: 'ledger-demo-second-2025',
    name: 'Second Administrator',
  },
  { role: 'member', userId: 'alice', password: 'ledger-demo-member-one', name: 'Alice Kim' },
  { role: 'member', userId: 'bob', password: 'ledger-demo-member-two', name: 'Bob Tanaka' },
] as const;

const consents = ['terms_of_service', 'privacy_policy'];

async function call(
  app: App,
  path: string,
  body: unknown,
  token?: string,
): Promise<Record<string, unknown>> {
  const response = await app.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`seed: ${path} answered ${response.status} ${text}`);
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
}

/** Registers one member through the real API, then verifies the email with the mailed code. */
async function registerAndVerify(app: App, db: Db, member: (typeof demoMembers)[number]) {
  const email = `${member.userId}@demo.ledger.local`;
  await call(app, '/api/v1/member', {
    user_id: member.userId,
    password: member.password,
    email_address: email,
    user_name: member.name,
    consents,
  });
  const login = await call(app, '/api/v1/auth/token', {
    user_id: member.userId,
    password: member.password,
  });
  const token = String(login.token);
  const { mails } = await listOutboxMails(identityDb(db), {
    recipient: email,
    limit: 1,
    offset: 0,
  });
  const code = /\b(\d{6})\b/.exec(mails[0]?.body ?? '')?.[1];
  if (code === undefined) throw new Error(`seed: no verification code mailed to ${email}`);
  await call(app, '/api/v1/member/me/email-verification/confirm', { code }, token);
}

/**
 * Demo data for the start command, written through the same commands the APIs use, and idempotent
 * (a restart finds it in place): two chief administrators (a forced adjustment needs a second
 * one's approval) and two members with known passwords,
 * their emails verified through the outbox. For the demo only, administrator routes do not demand
 * an OTP session (setting auth.administratorOtpRequired = false); a deployment keeps the default.
 */
/** A few config/* values, so the phone, customer-service and notification screens show some. */
const demoConfigSettings: readonly (readonly [string, unknown])[] = [
  ['phone.callerNumber', '+8215880000'],
  ['cs.notifiedManagerEmails', ['cs@ledger.local']],
  [
    'notification.rules',
    {
      deposit_credited: { member: ['mail'], manager: [] },
      cs_ticket_created: { member: [], manager: ['mail'] },
      cs_ticket_answered: { member: ['mail'], manager: [] },
    },
  ],
  [
    'notification.templates',
    {
      deposit_credited: {
        'ko-KR': {
          subject: '{{asset}} 입금이 반영되었습니다',
          body: '{{user_name}}님, {{amount}} {{asset}} 입금이 계좌에 반영되었습니다.',
        },
        'en-US': {
          subject: 'Your {{asset}} deposit arrived',
          body: 'Hello {{user_name}}, {{amount}} {{asset}} is now in your account.',
        },
      },
    },
  ],
];

export async function seedDemoData(input: {
  db: Db;
  writeApi: App;
  identity: IdentityWriteDependencies;
  /** The ledger writer: with it, the demo assets, accounts and balances are seeded too. */
  ledger?: { client: LedgerWriterClient } | undefined;
}): Promise<DemoLogin[]> {
  for (const member of demoMembers) {
    if ((await findMemberSeq(identityDb(input.db), 'user_id', member.userId)) === undefined) {
      await registerAndVerify(input.writeApi, input.db, member);
    }
  }
  for (const administrator of demoMembers.filter((member) => member.role === 'admin')) {
    const adminSeq = await findMemberSeq(identityDb(input.db), 'user_id', administrator.userId);
    if (adminSeq === undefined) throw new Error('seed: a demo administrator is missing');
    await grantChiefAdministrator(input, adminSeq, 'system:seed');
  }
  await changeSettingAsSystem(input, 'auth.administratorOtpRequired', false, 'system:seed');
  await seedDemoCustomerService(input.writeApi, input.db, {
    admin: { userId: 'admin', password: 'ledger-demo-chief-2025' },
    alice: { userId: 'alice', password: 'ledger-demo-member-one' },
    bob: { userId: 'bob', password: 'ledger-demo-member-two' },
  });
  for (const [key, value] of demoConfigSettings) {
    await changeSettingAsSystem(input, key, value, 'system:seed');
  }
  if (input.ledger !== undefined) await seedDemoLedger({ ...input, client: input.ledger.client });
  // The demo withdraw limits and account restrictions go with the money.
  if (input.ledger !== undefined) {
    await seedDemoSecurityPolicies(input.writeApi, {
      userId: 'admin',
      password: 'ledger-demo-chief-2025',
    });
    // A withdrawal goes only to a certified address: alice has one for KRW and one for BTC.
    await seedDemoWithdrawAddresses(
      input.writeApi,
      input.db,
      { userId: 'alice', password: 'ledger-demo-member-one' },
      { userId: 'admin', password: 'ledger-demo-chief-2025' },
    );
  }
  return demoMembers.map(({ role, userId, password }) => ({ role, userId, password }));
}

/**
 * The demo assets, registered in the asset catalog through the administrator's route (which also
 * opens each asset's system accounts in the ledger and freezes its decimal_point). KRW is
 * deposited by manually confirmed requests (a bank transfer); the others follow a simulated chain
 * through an asset plug-in.
 */
const demoAssets = [
  {
    asset: 'KRW',
    decimalPoint: 0,
    funding: '1000000',
    title: 'Korean won',
    minimumDeposit: '1000',
    plugin: null,
  },
  {
    asset: 'BTC',
    decimalPoint: 8,
    funding: '0.50000000',
    title: 'Bitcoin',
    minimumDeposit: '0.0001',
    plugin: 'sim-btc',
  },
  {
    asset: 'ETH',
    decimalPoint: 18,
    funding: '2.000000000000000000',
    title: 'Ether',
    minimumDeposit: '0.001',
    plugin: 'sim-eth',
  },
  {
    asset: 'USDT',
    decimalPoint: 6,
    funding: '1000.000000',
    title: 'Tether USD',
    minimumDeposit: '1',
    plugin: 'sim-usdt',
  },
] as const;

/** Registers the demo assets and their plug-ins (the same body again changes nothing). */
async function seedDemoAssets(app: App): Promise<string> {
  const login = await call(app, '/api/v1/auth/token', {
    user_id: 'admin',
    password: 'ledger-demo-chief-2025',
  });
  const token = String(login.token);
  let position = '';
  for (const [order, demo] of demoAssets.entries()) {
    const asset = await call(
      app,
      '/api/v1/admin/asset',
      {
        code: demo.asset,
        decimal_point: demo.decimalPoint,
        title: demo.title,
        output_order: order + 1,
        minimum_deposit: demo.minimumDeposit,
      },
      token,
    );
    position = String(asset.position ?? position);
    if (demo.plugin === null) continue;
    const plugin = await call(
      app,
      '/api/v1/admin/asset-plugin',
      {
        plugin_id: demo.plugin,
        asset: demo.asset,
        plugin: 'simulated',
        title: `Simulated ${demo.title}`,
        start_block: 0,
        allow_scan: true,
      },
      token,
    );
    position = String(plugin.position ?? position);
  }
  return position;
}

async function submitAsSeed(
  client: LedgerWriterClient,
  commandId: string,
  command: LedgerCommandInput,
): Promise<string> {
  const result = await client.submit({ commandId, actor: 'system:seed', command });
  if (result.kind !== 'answered' || result.answer.kind !== 'accepted') {
    throw new Error(`seed: ${commandId} answered ${JSON.stringify(result)}`);
  }
  return result.position;
}

/**
 * The ledger's demo data, through real commands and idempotent (every command id is fixed, so a
 * restart replays the original answers): every system account of the demo assets, and for each
 * demo member one KRW and one BTC account (opened through the write API, like the wallet screen
 * does) funded from chain clearing, as a deposit would; and bob keeps part of his won in a
 * second account, moved there by a transfer between his own accounts (account-transfer/list).
 */
async function seedDemoLedger(input: { db: Db; writeApi: App; client: LedgerWriterClient }) {
  const position = await seedDemoAssets(input.writeApi);
  // Opening a member account looks the asset's scale up in the read model: wait for it.
  const reached = await waitForPosition(input.db, {
    projections: [ledgerBalancesProjectionName, assetsProjectionName],
    position: position as GlobalPosition,
    timeoutMs: 30_000,
  });
  if (!reached) throw new Error('seed: the ledger projection did not catch up');
  for (const member of demoMembers.filter((candidate) => candidate.role === 'member')) {
    const login = await call(input.writeApi, '/api/v1/auth/token', {
      user_id: member.userId,
      password: member.password,
    });
    for (const { asset, funding, plugin } of demoAssets.slice(0, 2)) {
      const { data } = await postAsMember(
        input.writeApi,
        String(login.token),
        '/api/v1/account',
        `seed-account-${member.userId}-${asset}`,
        { asset, title: `${asset} wallet` },
      );
      await submitAsSeed(input.client, `seed:fund:${member.userId}:${asset}`, {
        type: 'PostTransfer',
        data: {
          transferId: `seed:fund:${member.userId}:${asset}`,
          legs: [
            {
              debit: systemAccountId('chainClearing', asset),
              credit: `wallet:${data.seq}`,
              asset,
              amount: funding,
            },
          ],
          cause: 'deposit',
        },
      });
      if (plugin !== null)
        await backOnChain(input.db, plugin, `seed:fund:${member.userId}`, funding);
      if (member.userId === 'bob' && asset === 'KRW') {
        await seedSavings(input.writeApi, String(login.token), data.seq);
      }
    }
  }
}

/** Bob's KRW savings account, and 250,000 won moved into it from his KRW wallet. */
async function seedSavings(app: App, token: string, walletSeq: number): Promise<void> {
  const savings = await postAsMember(
    app,
    token,
    '/api/v1/account',
    'seed-account-bob-KRW-savings',
    {
      asset: 'KRW',
      title: 'KRW savings',
    },
  );
  await postAsMember(app, token, '/api/v1/account-transfer', 'seed-transfer-bob-KRW-savings', {
    source_account_seq: walletSeq,
    target_account_seq: savings.data.seq,
    amount: '250000',
  });
}

/** A member's command through the write API with a fixed Idempotency-Key (a rerun replays it). */
async function postAsMember(
  app: App,
  token: string,
  path: string,
  key: string,
  body: unknown,
): Promise<{ data: { seq: number } }> {
  const response = await app.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': key,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`seed: ${path} answered ${response.status} ${text}`);
  return JSON.parse(text) as { data: { seq: number } };
}

/**
 * Puts the coins a seed funding credited on the chain, at the exchange's treasury address (no
 * member's deposit address, so the scanner credits nothing): the continuous reconciliation (T25)
 * compares what members are owed with the wallet, and money created from chain clearing alone
 * would be reported, correctly, as unbacked. One output per funding, told apart by its memo, so a
 * restart of the seed finds it and sends nothing again (a crash between the send and the mining
 * would send it twice: more on chain than owed, which the check allows).
 */
async function backOnChain(db: Db, pluginId: string, memo: string, amount: string) {
  const chain = createSimulatedChain(db, pluginId);
  const address = await chain.treasuryAddress();
  const found = await chain.findOutputs({ address, memo, amount, fromHeight: 0 });
  if (found.length > 0) return;
  await chain.send({ address, memo, amount });
  await chain.mine(1);
}
