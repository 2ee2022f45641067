/**
 * Rows of a raw `db.execute(sql)` result. The drivers answer differently (postgres-js: an array of rows;
 * PGlite: `{ rows }`), and the shared Database type leaves the shape open, so raw queries read it here.
 */
export function resultRows<Row>(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as Row[];
  }
  throw new Error('Unexpected result shape from the database driver');
}
