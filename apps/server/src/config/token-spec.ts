import { ROLES, type Role } from './staff-roles';

export interface TokenEntry {
  readonly role: Role;
  readonly table: string | null;
  readonly token: string;
}

const MIN_TOKEN_LENGTH = 16;

/**
 * Parses `TABLECAST_TOKENS`: comma-separated `role=token` or, for operators, `operator:<table>=token`
 * (`operator:*` for every table). Returns entries or the first problem, phrased for the variable.
 */
export function parseTokenSpec(
  spec: string,
): { ok: true; entries: TokenEntry[] } | { ok: false; problem: string } {
  const entries: TokenEntry[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of spec.split(',').entries()) {
    const item = raw.trim();
    const where = `entry ${String(index + 1)}`;
    const eq = item.indexOf('=');
    if (eq <= 0)
      return { ok: false, problem: `${where} must look like role=token or operator:<table>=token` };
    const [roleName = '', table = null] = item.slice(0, eq).split(':', 2);
    const token = item.slice(eq + 1);
    if (!isRole(roleName))
      return { ok: false, problem: `${where} has unknown role "${roleName}" (roles: ${ROLES.join(', ')})` };
    if (roleName === 'operator' && !table)
      return { ok: false, problem: `${where}: an operator token names its table, e.g. operator:table-1=…` };
    if (roleName !== 'operator' && table !== null)
      return { ok: false, problem: `${where}: only operator tokens are scoped to a table` };
    if (token.length < MIN_TOKEN_LENGTH)
      return {
        ok: false,
        problem: `${where}: tokens must be at least ${String(MIN_TOKEN_LENGTH)} characters`,
      };
    if (seen.has(token)) return { ok: false, problem: `${where}: the same token is given twice` };
    seen.add(token);
    entries.push({ role: roleName, table, token });
  }
  return { ok: true, entries };
}

function isRole(name: string): name is Role {
  return (ROLES as readonly string[]).includes(name);
}
