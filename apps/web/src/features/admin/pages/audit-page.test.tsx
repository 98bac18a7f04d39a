import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { AuditItem } from '@zl/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { envelope, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import AuditPage from './audit-page.tsx';

const CUSTOMER = { cardno: '20000002', name: '华东会展有限公司', mobile: '13900000002' };
const SUPPLIER = { cardno: '20000001', name: '王五', mobile: '13800000001' };

function row(over: Partial<AuditItem>): AuditItem {
  return {
    id: 1,
    actorType: 'member',
    actorId: 2,
    actor: '20000002',
    action: 'project.award',
    targetType: 'project',
    targetId: '5',
    detail: {},
    memberCardno: null,
    member: CUSTOMER,
    targetName: 'P202611220005《车展特装展台》',
    created: '2026-11-22T02:05:00.000Z',
    ...over,
  };
}

const ROWS: AuditItem[] = [
  row({
    id: 4,
    actorType: 'admin',
    actorId: 2,
    actor: 'reviewer',
    action: 'complaint.read_messages',
    targetType: 'complaint',
    targetId: '7',
    detail: { projectId: 5, threads: 2 },
    member: null,
    targetName: null,
  }),
  row({ id: 3, detail: { from: 1, to: 2, quoteId: 9, actorRole: 'customer' } }),
  row({
    id: 2,
    actorId: 1,
    actor: '20000001',
    action: 'member.set_payment',
    targetType: 'member',
    targetId: '1',
    detail: { payoutType: 'bank', replaced: false },
    member: SUPPLIER,
    targetName: null,
  }),
  row({
    id: 1,
    actorType: 'admin',
    actorId: 1,
    actor: 'admin',
    action: 'project.approve',
    detail: { from: 0, to: 1, coins: 5 },
  }),
];

beforeEach(() => {
  stubBrowser();
  mockFetch(() => jsonResponse(envelope('success', { listItem: ROWS, total: ROWS.length, page: 1 })));
});
afterEach(() => vi.unstubAllGlobals());

describe('操作日志', () => {
  it('every action and object in Chinese, with the member name and mobile; no raw code', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AuditPage />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('选定中标供应商', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('设置支付密码与收款账户')).toBeTruthy();
    expect(screen.getByText('项目审核通过')).toBeTruthy();
    expect(screen.getAllByText('项目 P202611220005《车展特装展台》')).toHaveLength(2);
    expect(screen.getAllByText('王五（13800000001）').length).toBeGreaterThan(0);
    expect(screen.getAllByText('华东会展有限公司（13900000002）').length).toBeGreaterThan(0);
    expect(screen.getByText('竞标中 → 已选标')).toBeTruthy();
    // the operator's read of a complaint's conversation (written by the server on every read)
    expect(screen.getByText('查看投诉项目的会话')).toBeTruthy();
    expect(screen.getByText('投诉第 7 号')).toBeTruthy();
    expect(screen.getByText('2 个会话')).toBeTruthy();
    const table = document.querySelector('.ant-table-tbody')!.textContent ?? '';
    for (const raw of [
      'project.award',
      'member.set_payment',
      'project.approve',
      'project #5',
      '#5',
      'bank',
      'complaint.read_messages',
    ]) {
      expect(table).not.toContain(raw);
    }
  }, 30_000);
});
