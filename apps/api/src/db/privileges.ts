/*
 * Who may do what in the database. On PostgreSQL the tables, functions and triggers belong to
 * the role that migrates (DATABASE_MIGRATION_URL's); the API runs as a role that owns nothing
 * (DATABASE_URL's), so it cannot switch a trigger off, drop one or replace a function. That role
 * may read and write every table except the audit trail, which it may only read and add to;
 * erasure's rewrite of the trail goes through kora_erase_member_audit (SECURITY DEFINER, run as
 * the owner), which only it may call. With one role (PGlite, or one URL) the owner does it all
 * and the triggers alone guard the trail.
 */

/** A role name as an SQL identifier. */
const quoted = (role: string) => `"${role.replace(/"/g, '""')}"`;

/**
 * The statements that give `appRole` (when the API runs as a role of its own) what it needs and
 * nothing more, run by the owner after the migrations and functions, every time. Without
 * `appRole`, only what holds for every role: nobody but the owner calls the erasure's rewrite.
 */
export const privilegeStatements = (appRole?: string): string[] => {
  const statements = [
    'revoke all on function "kora_erase_member_audit"(integer, integer) from public',
  ];
  if (!appRole) return statements;
  const role = quoted(appRole);
  return [
    ...statements,
    `grant usage on schema public to ${role}`,
    `grant select, insert, update, delete on all tables in schema public to ${role}`,
    `revoke truncate, references, trigger on all tables in schema public from ${role}`,
    `revoke update, delete on "audit_entries" from ${role}`,
    `grant usage, select on all sequences in schema public to ${role}`,
    `grant execute on function "kora_erase_member_audit"(integer, integer) to ${role}`,
  ];
};
