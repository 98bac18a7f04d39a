import { Readable } from 'node:stream';
import {
  billsFilterSchema,
  billsListResultSchema,
  billsListSchema,
  billsMonthlyResultSchema,
  billsMonthlySchema,
  shanghaiToday,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { memberOf } from '../../plugins/guards.ts';
import * as service from './bills.service.ts';
import { contentDisposition, csvHeader, csvRow } from './bills-csv.ts';

/** 收支明细 (docs/bills.md): suppliers and customers alike, each only their own accounts. */
export function registerBillsRoutes(app: App, deps: Deps): void {
  const member = routeOptions('member', 'Bills');
  app.post(
    '/api/Bills/transaction',
    member(
      '收支明细',
      '本人现金、冻结资金与金币账户的流水，最新在前，分页；可按类型、日期（YYYY-MM-DD，北京时间，含首尾）与账户筛选。金额带符号（分或金币），balance 为该笔之后的账户余额。需登录。',
      billsListSchema,
      billsListResultSchema,
    ),
    async (request) => okEnvelope(await service.list(deps.db, memberOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Bills/monthly',
    member(
      '月度收支',
      '最近 months 个月（北京时间，含本月，1–24）每月的收入与支出，币种 CNY（分，现金与冻结合计）或 COIN（金币）；无流水的月份为 0。本人账户之间的划转不计。需登录。',
      billsMonthlySchema,
      billsMonthlyResultSchema,
    ),
    async (request) => okEnvelope(await service.monthly(deps.db, memberOf(request).memberId, request.body)),
  );

  app.get(
    '/api/Bills/export',
    member.other(
      '导出收支明细（CSV）',
      '与收支明细相同的筛选（type、account、from、to），以 CSV 流式下载：UTF-8 带 BOM、CRLF、中文表头，Excel 可直接打开；人民币两位小数，金币为整数。需登录。',
      { querystring: billsFilterSchema },
    ),
    async (request, reply) => {
      const memberId = memberOf(request).memberId;
      const filter = request.query;
      async function* lines() {
        yield csvHeader();
        for await (const batch of service.exportItems(deps.db, memberId, filter)) {
          yield batch.map(csvRow).join('');
        }
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(shanghaiToday()))
        .header('cache-control', 'no-store')
        .send(Readable.from(lines(), { objectMode: false }));
    },
  );
}
