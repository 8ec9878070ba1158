import {
  RestrictionPolicyRequestSchema,
  SecurityLevelParameterSchema,
  SecurityLevelRequestSchema,
} from '@ledger/contracts';
import type { Db } from '@ledger/db';
import { validate } from '@ledger/http';
import { Hono } from 'hono';
import type { MemberWriteContext } from '../member-command-runner.ts';
import { commandContext } from '../request-context.ts';
import { refuseRestrictionOffCatalog } from './kyc-asset-check.ts';
import { runSecurityCatalogCommand } from './kyc-command-runner.ts';

/** A level number in the path: 0..10 (the route table names it `:seq` like every id). */

/**
 * The security catalog (SPEC admin security/catalog): each level's title and conditions, and the
 * restriction policies per level (CREATE_ACCOUNT, one-time and daily withdraw amounts per asset).
 * Setting what is already in force changes nothing.
 */
export function securityAdminRoutes(context: MemberWriteContext, db: Db) {
  return new Hono()
    .put(
      '/admin/security/level/:seq',
      validate('param', SecurityLevelParameterSchema),
      validate('json', SecurityLevelRequestSchema),
      async (c) => {
        const securityLevel = c.req.valid('param').seq;
        const body = c.req.valid('json');
        const command = commandContext(c, context.identity, null);
        const { events, position } = await runSecurityCatalogCommand(
          context,
          {
            type: 'SetSecurityLevelConditions',
            securityLevel,
            title: body.title,
            conditions: body.conditions,
            now: command.now.toISOString(),
          },
          command,
        );
        return c.json({
          data: { security_level: securityLevel, changed: events.length > 0 },
          position,
        });
      },
    )
    .put(
      '/admin/security/restriction-policy',
      validate('json', RestrictionPolicyRequestSchema),
      async (c) => {
        const body = c.req.valid('json');
        if (body.enabled && body.asset !== null) {
          await refuseRestrictionOffCatalog(db, body.asset, body.amount);
        }
        const command = commandContext(c, context.identity, null);
        const now = command.now.toISOString();
        const key = {
          securityLevel: body.security_level,
          target: body.target,
          assetCode: body.asset,
        };
        const { events, position } = await runSecurityCatalogCommand(
          context,
          body.enabled
            ? { type: 'SetRestrictionPolicy', ...key, amount: body.amount, now }
            : { type: 'RemoveRestrictionPolicy', ...key, now },
          command,
        );
        return c.json({ data: { changed: events.length > 0 }, position });
      },
    );
}
