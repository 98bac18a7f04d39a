import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminClient, makeMember, memberAuth, submitBusiness, submitPerson } from './admin-helpers.ts';
import { count, expectError, expectFields, expectOk, rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';

const ctx = useTestApp();

interface QueueItem {
  id: number;
  kind: string;
  cardno: string;
  mobile: string;
  realname?: string;
  btitle?: string;
  checked: number;
  reason: string;
  submitted: string;
}
type Queue = { listItem: QueueItem[]; total: number; page: number };

async function auditRows(targetType: string, id: number) {
  return rows<{ actor_type: string; actor_id: number; action: string; detail: Record<string, unknown> }>(
    ctx,
    sql`select actor_type, actor_id::int as actor_id, action, detail from audit_log
        where target_type = ${targetType} and target_id = ${String(id)} order by id`,
  );
}

describe('Admin/authQueue', () => {
  it('lists pending submissions oldest first, with full mobile; filters by status and keyword', async () => {
    const { c } = await adminClient(ctx, 'reviewer');
    const a = await makeMember(ctx);
    const b = await makeMember(ctx);
    const pa = await submitPerson(ctx, a.id, { realname: '赵一' });
    const pb = await submitPerson(ctx, b.id, { realname: '钱二' });
    const r = await c.post<Queue>('Admin/authQueue', { kind: 'person' });
    expectOk(r);
    const ids = r.body.data.listItem.map((i) => i.id);
    expect(ids.indexOf(pa.id)).toBeLessThan(ids.indexOf(pb.id));
    expect(r.body.data.listItem.find((i) => i.id === pa.id)).toMatchObject({
      kind: 'person',
      cardno: a.cardno,
      mobile: a.mobile,
      realname: '赵一',
      checked: 0,
      reason: '',
    });
    expect(r.body.data.page).toBe(1);
    expect(r.body.data.total).toBeGreaterThanOrEqual(2);
    const byName = await c.post<Queue>('Admin/authQueue', { kind: 'person', keyword: '钱二' });
    expect(byName.body.data.listItem.map((i) => i.id)).toEqual([pb.id]);
    const byMobile = await c.post<Queue>('Admin/authQueue', { kind: 'person', keyword: b.mobile });
    expect(byMobile.body.data.listItem.map((i) => i.id)).toEqual([pb.id]);
    const injected = await c.post<Queue>('Admin/authQueue', { kind: 'person', keyword: "' or 1=1 --" });
    expect(injected.body.data.total).toBe(0);
    const approved = await c.post<Queue>('Admin/authQueue', { kind: 'person', checked: 1 });
    expect(approved.body.data.listItem.map((i) => i.id)).not.toContain(pa.id);

    const biz = await submitBusiness(ctx, a.id);
    const br = await c.post<Queue>('Admin/authQueue', { kind: 'business', keyword: '鼎盛' });
    expect(br.body.data.listItem.map((i) => [i.id, i.btitle])).toContainEqual([biz.id, biz.btitle]);
  });

  it('refuses bad input', async () => {
    const { c } = await adminClient(ctx, 'reviewer');
    expectFields(await c.post('Admin/authQueue', {}), ['kind']);
    expectFields(await c.post('Admin/authQueue', { kind: 'person', checked: 3 }), ['checked']);
    expectFields(await c.post('Admin/authQueue', { kind: 'person', pageSize: 51 }), ['pageSize']);
    expectFields(await c.post('Admin/authQueue', { kind: 'person', page: 0 }), ['page']);
    expectError(await c.post('Admin/authQueue', { kind: 'person', extra: 1 }), 'VALIDATION_FAILED');
  });
});

describe('Admin/authDetail', () => {
  it('answers the submission, its files, the member and their earlier submissions', async () => {
    const { c, username } = await adminClient(ctx, 'reviewer');
    const m = await makeMember(ctx, { nickname: '细节会员' });
    const first = await submitBusiness(ctx, m.id);
    expectOk(
      await c.post('Admin/authReview', {
        kind: 'business',
        id: first.id,
        approve: false,
        reason: '营业执照已过期',
      }),
    );
    const second = await submitBusiness(ctx, m.id, { btitle: '上海鼎盛展览工程二公司' });
    const r = await c.post<{
      fields: Record<string, string>;
      files: Record<string, { id: string; url: string; thumbUrl: string | null; mime: string | null }>;
      member: Record<string, unknown>;
      history: Array<{ id: number; checked: number; reason: string; reviewer: string }>;
      checked: number;
    }>('Admin/authDetail', { kind: 'business', id: second.id });
    expectOk(r);
    const d = r.body.data;
    expect(d.checked).toBe(0);
    expect(d.fields.btitle).toBe('上海鼎盛展览工程二公司');
    expect(d.fields.taxorder).toBe('91310000MA1FL8TQ2X');
    expect(d.files.cardfrt).toEqual({
      id: second.cardfrt,
      url: `/files/${second.cardfrt}`,
      thumbUrl: `/files/${second.cardfrt}/thumb`,
      mime: 'image/jpeg',
    });
    expect(d.files.bcerts).toMatchObject({ id: second.bcerts, mime: 'application/pdf', thumbUrl: null });
    expect(d.member).toMatchObject({
      cardno: m.cardno,
      mobile: m.mobile,
      cardtype: 'workshop',
      nickname: '细节会员',
    });
    expect(d.history).toEqual([
      expect.objectContaining({ id: first.id, checked: 2, reason: '营业执照已过期', reviewer: username }),
    ]);
    expectError(await c.post('Admin/authDetail', { kind: 'person', id: second.id + 10_000 }), 'NOT_FOUND');
    expectFields(await c.post('Admin/authDetail', { kind: 'person', id: 'x' }), ['id']);
  });
});

describe('Admin/authReview', () => {
  it('approving a person sets checked 1, the member status, real name and ID; audited', async () => {
    const { c, id: adminId } = await adminClient(ctx, 'reviewer');
    const m = await makeMember(ctx);
    const p = await submitPerson(ctx, m.id, { realname: '孙三', idcard: '110105194912310037' });
    const r = await c.post<{ id: number; checked: number }>('Admin/authReview', {
      kind: 'person',
      id: p.id,
      approve: true,
    });
    expectOk(r);
    expect(r.body.data).toEqual({ id: p.id, checked: 1 });
    expect(await memberAuth(ctx, m.id)).toMatchObject({
      personauth: 1,
      realname: '孙三',
      idcard: '110105194912310037',
    });
    const [row] = await rows<{ checked: number; reviewer_id: number; reviewed: boolean }>(
      ctx,
      sql`select checked, reviewer_id::int as reviewer_id, reviewed_at is not null as reviewed from person_auths where id = ${p.id}`,
    );
    expect(row).toEqual({ checked: 1, reviewer_id: adminId, reviewed: true });
    expect(await auditRows('person_auth', p.id)).toEqual([
      {
        actor_type: 'admin',
        actor_id: adminId,
        action: 'auth.approve',
        detail: { memberId: m.id, reason: '' },
      },
    ]);
  });

  it('rejecting needs a 2–200 character reason; sets checked 2 + reason and the member status 2', async () => {
    const { c, id: adminId } = await adminClient(ctx, 'reviewer');
    const m = await makeMember(ctx);
    const b = await submitBusiness(ctx, m.id);
    expectFields(await c.post('Admin/authReview', { kind: 'business', id: b.id, approve: false }), [
      'reason',
    ]);
    expectFields(
      await c.post('Admin/authReview', { kind: 'business', id: b.id, approve: false, reason: ' x ' }),
      ['reason'],
    );
    expectFields(
      await c.post('Admin/authReview', {
        kind: 'business',
        id: b.id,
        approve: false,
        reason: '长'.repeat(201),
      }),
      ['reason'],
    );
    expect(await memberAuth(ctx, m.id)).toMatchObject({ businsauth: 0 });
    const r = await c.post('Admin/authReview', {
      kind: 'business',
      id: b.id,
      approve: false,
      reason: '统一社会信用代码有误',
    });
    expectOk(r);
    expect(await memberAuth(ctx, m.id)).toMatchObject({ businsauth: 2, personauth: 3 });
    const [row] = await rows<{ checked: number; reason: string }>(
      ctx,
      sql`select checked, reason from business_auths where id = ${b.id}`,
    );
    expect(row).toEqual({ checked: 2, reason: '统一社会信用代码有误' });
    expect(await auditRows('business_auth', b.id)).toEqual([
      {
        actor_type: 'admin',
        actor_id: adminId,
        action: 'auth.reject',
        detail: { memberId: m.id, reason: '统一社会信用代码有误' },
      },
    ]);
  });

  it('a decided submission cannot be decided again; nothing changes', async () => {
    const { c } = await adminClient(ctx, 'super');
    const m = await makeMember(ctx);
    const p = await submitPerson(ctx, m.id);
    expectOk(
      await c.post('Admin/authReview', {
        kind: 'person',
        id: p.id,
        approve: false,
        reason: '证件照片不清晰',
      }),
    );
    const before = await memberAuth(ctx, m.id);
    expectError(
      await c.post('Admin/authReview', { kind: 'person', id: p.id, approve: true }),
      'INVALID_STATE',
    );
    expect(await memberAuth(ctx, m.id)).toEqual(before);
    expect(await auditRows('person_auth', p.id)).toHaveLength(1);
    expectError(
      await c.post('Admin/authReview', { kind: 'person', id: 99_999_999, approve: true }),
      'NOT_FOUND',
    );
    // an id of the other kind is a different record
    expectError(
      await c.post('Admin/authReview', { kind: 'business', id: p.id + 50_000, approve: true }),
      'NOT_FOUND',
    );
  });

  it('two reviewers deciding at once: exactly one wins', async () => {
    const one = await adminClient(ctx, 'reviewer');
    const two = await adminClient(ctx, 'reviewer');
    for (let round = 0; round < 3; round++) {
      const m = await makeMember(ctx);
      const p = await submitPerson(ctx, m.id);
      const [x, y] = await Promise.all([
        one.c.post('Admin/authReview', { kind: 'person', id: p.id, approve: true }),
        two.c.post('Admin/authReview', {
          kind: 'person',
          id: p.id,
          approve: false,
          reason: '证件信息与填写不一致',
        }),
      ]);
      const wins = [x, y].filter((r) => r.body.success);
      const losses = [x, y].filter((r) => !r.body.success);
      expect(wins).toHaveLength(1);
      expect(losses).toHaveLength(1);
      expectError(losses[0]!, 'INVALID_STATE');
      const audit = await auditRows('person_auth', p.id);
      expect(audit).toHaveLength(1);
      const approved = audit[0]!.action === 'auth.approve';
      expect(await memberAuth(ctx, m.id)).toMatchObject({ personauth: approved ? 1 : 2 });
      const [row] = await rows<{ checked: number }>(
        ctx,
        sql`select checked from person_auths where id = ${p.id}`,
      );
      expect(row!.checked).toBe(approved ? 1 : 2);
    }
  });

  it('finance cannot review and changes nothing', async () => {
    const { c } = await adminClient(ctx, 'finance');
    const m = await makeMember(ctx);
    const p = await submitPerson(ctx, m.id);
    expectError(await c.post('Admin/authReview', { kind: 'person', id: p.id, approve: true }), 'FORBIDDEN');
    expectError(await c.post('Admin/authDetail', { kind: 'person', id: p.id }), 'FORBIDDEN');
    expect(await memberAuth(ctx, m.id)).toMatchObject({ personauth: 0 });
    expect(
      await count(ctx, 'audit_log', sql`target_type = 'person_auth' and target_id = ${String(p.id)}`),
    ).toBe(0);
  });

  it('decided lists show the decision and who made it; auditList finds it', async () => {
    const { c, username } = await adminClient(ctx, 'reviewer');
    const m = await makeMember(ctx);
    const p = await submitPerson(ctx, m.id, { realname: '周四' });
    expectOk(
      await c.post('Admin/authReview', {
        kind: 'person',
        id: p.id,
        approve: false,
        reason: '证件照片不清晰',
      }),
    );
    const r = await c.post<{ listItem: Array<QueueItem & { reviewer: string }> }>('Admin/authQueue', {
      kind: 'person',
      checked: 2,
      keyword: '周四',
    });
    expect(r.body.data.listItem).toEqual([
      expect.objectContaining({ id: p.id, checked: 2, reason: '证件照片不清晰', reviewer: username }),
    ]);
    const audit = await c.post<{ listItem: Array<{ actor: string; action: string; detail: unknown }> }>(
      'Admin/auditList',
      { targetType: 'person_auth', targetId: String(p.id) },
    );
    expectOk(audit);
    expect(audit.body.data.listItem).toEqual([
      expect.objectContaining({
        actor: username,
        action: 'auth.reject',
        detail: { memberId: m.id, reason: '证件照片不清晰' },
        memberCardno: m.cardno,
      }),
    ]);
  });
});
