export {
  CanonicalJsonError,
  type CanonicalJsonErrorCode,
  canonicalJson,
} from './canonical-json.ts';
export {
  type CanonicalEvent,
  canonicalizeEvent,
  contentHash,
  genesisLinkHash,
  linkHash,
} from './content-hash.ts';
