import type { AdminCreateInput, AdminListItem, AdminRole } from '@zl/shared';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { AdminContext } from '../../plugins/admin-session.ts';
import { insertAudit } from '../audit/audit.repo.ts';
import * as repo from './admin.repo.ts';

export async function listAdmins(db: Db): Promise<AdminListItem[]> {
  const rows = await repo.listAdmins(db);
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    displayName: r.displayName,
    role: r.role,
    disabled: r.disabled,
    locked: Boolean(r.locked),
    created: r.createdAt.toISOString(),
  }));
}

export interface UpsertAdminInput {
  username: string;
  password: string;
  role: AdminRole;
  displayName?: string | undefined;
  /** an existing username gets the new password (and role / name) instead of an error */
  reset?: boolean;
}

/**
 * Creates an operator (console and `npm run admin:create`), or with `reset` sets a new password
 * on an existing one. `actorId` null means the command line (audited as 'system').
 */
export async function upsertAdmin(
  db: Db,
  input: UpsertAdminInput,
  actorId: number | null,
): Promise<{ id: number; created: boolean }> {
  const passwordHash = await hashPassword(input.password);
  const displayName = input.displayName?.trim() || input.username;
  return db.transaction(async (tx) => {
    const audit = (action: 'admin.reset' | 'admin.create', targetId: number) =>
      insertAudit(tx, {
        actorType: actorId === null ? 'system' : 'admin',
        actorId,
        action,
        targetType: 'admin',
        targetId,
        detail: { username: input.username, role: input.role },
      });
    const existing = await repo.findAdminByUsername(tx, input.username);
    if (existing) {
      if (!input.reset) throw fieldError('VALIDATION_FAILED', 'username', '该用户名已存在');
      await repo.resetAdminPassword(tx, existing.id, {
        passwordHash,
        role: input.role,
        ...(input.displayName?.trim() ? { displayName } : {}),
      });
      await audit('admin.reset', existing.id);
      return { id: existing.id, created: false };
    }
    const row = await repo.insertAdmin(tx, {
      username: input.username,
      passwordHash,
      role: input.role,
      displayName,
    });
    if (!row) throw fieldError('VALIDATION_FAILED', 'username', '该用户名已存在');
    await audit('admin.create', row.id);
    return { id: row.id, created: true };
  });
}

export async function createAdmin(
  db: Db,
  actor: AdminContext,
  input: AdminCreateInput & { role: AdminRole },
) {
  return upsertAdmin(db, { ...input, reset: false }, actor.adminId);
}

/** An operator cannot disable themselves: the last super would lock everyone out. */
export async function setDisabled(db: Db, actor: AdminContext, id: number, disabled: boolean) {
  if (id === actor.adminId) throw new AppError('INVALID_STATE', { message: '不能停用自己的账号' });
  await db.transaction(async (tx) => {
    const row = await repo.setAdminDisabled(tx, id, disabled);
    if (!row) throw new AppError('NOT_FOUND');
    await insertAudit(tx, {
      actorType: 'admin',
      actorId: actor.adminId,
      action: disabled ? 'admin.disable' : 'admin.enable',
      targetType: 'admin',
      targetId: id,
      detail: { username: row.username },
    });
  });
}
