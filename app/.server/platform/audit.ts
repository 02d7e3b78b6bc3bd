// The security log: one JSON line per login, logout and refused access, with who, what and when (UTC), written to
// the server's standard output beside the access log. Never a password, a cookie, a token or a form body.
export type AuditEvent =
  | 'login.success'
  | 'login.failure'
  | 'login.locked'
  | 'logout'
  | 'access.denied'
  | 'rate.limited';

export interface AuditFields {
  /** The account concerned, when known. */
  uid?: string | null;
  /** The address typed at login (who tried), lower-cased. */
  email?: string;
  /** Client address (from the proxy when TRUST_PROXY is set). */
  ip?: string;
  /** The connection's own address, when it is not `ip` (a proxy's header named another, maybe forged). */
  socket?: string;
  method?: string;
  /** Path only: query strings may carry tokens. */
  path?: string;
  /** Why access was refused: role, owner, csrf, origin, session… */
  reason?: string;
}

export function auditFromRequest(request: Request): Pick<AuditFields, 'method' | 'path'> {
  return { method: request.method, path: new URL(request.url).pathname };
}

export function audit(event: AuditEvent, fields: AuditFields): void {
  const line = { at: new Date().toISOString(), log: 'audit', event, ...fields };
  console.log(JSON.stringify(line));
}
