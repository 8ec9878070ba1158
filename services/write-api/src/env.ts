import { databaseUrlSchema, portSchema } from '@ledger/runtime';
import { z } from 'zod';

const base64urlKey = (bytesMin: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url')
    .refine(
      (value) => Buffer.from(value, 'base64url').length >= bytesMin,
      `must be ≥ ${bytesMin} bytes`,
    );

/** The write-api's configuration: infrastructure only (DESIGN.md §4: settings are events). */
export const WriteApiEnvSchema = z.object({
  DATABASE_URL: databaseUrlSchema,
  WRITE_API_PORT: portSchema.default(4001),
  WRITE_API_HOST: z.string().min(1).default('127.0.0.1'),
  /** Ed25519 private key (PKCS#8 DER, base64url) that signs access tokens. */
  TOKEN_SIGNING_KEY: base64urlKey(48),
  /** 32+ random bytes (base64url): OTP seed encryption, code and refresh-token HMACs. */
  IDENTITY_SECRET: base64urlKey(32),
  /** The SMTP password when settings choose the smtp mail provider (a secret: never a setting). */
  SMTP_PASSWORD: z.string().optional(),
  /**
   * Where the ledger writer listens (its LEDGER_WRITER_LISTEN): `unix:/path` or `127.0.0.1:7400`.
   * Absent: the ledger routes answer 503 (docs/adr/0010 §7).
   */
  LEDGER_WRITER_ADDRESS: z
    .string()
    .regex(
      /^(unix:.+|(127\.0\.0\.1|localhost|\[::1\]):\d{1,5})$/,
      'unix:<path> or a loopback host:port',
    )
    .optional(),
  /**
   * The header the trusted proxies append the client's address to (lower-cased), read only from a
   * peer listed in TRUSTED_PROXIES: the rate limits' client address (otherwise the socket's).
   */
  TRUSTED_PROXY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'a header name')
    .default('x-forwarded-for')
    .transform((value) => value.toLowerCase()),
  /** Comma-separated proxy addresses whose TRUSTED_PROXY_HEADER is trusted (none by default). */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    ),
});

export type WriteApiEnv = z.infer<typeof WriteApiEnvSchema>;
