const jsonbOid = 3802;

/**
 * Parsers for event rows: jsonb parsed, everything else left as text (the queries cast int8, xid8
 * and timestamps to text), whatever global parsers the application installed.
 */
export const eventRowTypes = {
  getTypeParser(oid: number): (text: string) => unknown {
    return oid === jsonbOid ? JSON.parse : (text: string) => text;
  },
};
