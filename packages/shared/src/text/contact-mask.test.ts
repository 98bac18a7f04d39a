import { describe, expect, it } from 'vitest';
import { type ContactKind, MASK_CHAR, maskContacts, maskNotice } from './contact-mask.ts';

/** [text, the kind that must be found, a piece of the contact that must not survive] */
const DISGUISES: Array<[string, ContactKind, string]> = [
  ['电话 13800138000', 'mobile', '13800138000'],
  ['打我13800138000谢谢', 'mobile', '13800138000'],
  ['138 0013 8000', 'mobile', '0013'],
  ['138-0013-8000', 'mobile', '0013'],
  ['138.0013.8000', 'mobile', '0013'],
  ['1 3 8 0 0 1 3 8 0 0 0', 'mobile', '8 0 0 0'],
  ['138—0013—8000', 'mobile', '0013'],
  ['+86 138 0013 8000', 'mobile', '0013'],
  ['(+86)13800138000', 'mobile', '13800138000'],
  ['８６１３８００１３８０００', 'mobile', '１３８'],
  ['１３８００１３８０００', 'mobile', '１３８'],
  ['１３８ ００１３ ８０００', 'mobile', '００１３'],
  ['一三八零零一三八零零零', 'mobile', '一三八'],
  ['幺三八〇〇幺三八〇〇〇', 'mobile', '幺三八'],
  ['壹叁捌零零壹叁捌零零零', 'mobile', '壹叁捌'],
  ['一三八 零零一三 八零零零', 'mobile', '零零一三'],
  ['138零零13八000', 'mobile', '138'],
  ['①③⑧0013⑧000', 'mobile', '①③⑧'],
  ['手机：159/1234/5678', 'mobile', '1234'],
  ['call 177_1234_5678 anytime', 'mobile', '1234'],
  ['微信 abc_design01', 'wechat', 'abc_design01'],
  ['微信：abcdesign', 'wechat', 'abcdesign'],
  ['微信号是 zhanting-2026', 'wechat', 'zhanting-2026'],
  ['vx: zhanlan888', 'wechat', 'zhanlan888'],
  ['VX zhanlan888', 'wechat', 'zhanlan888'],
  ['wx：Booth_Pro', 'wechat', 'Booth_Pro'],
  ['加v buildpro99', 'wechat', 'buildpro99'],
  ['薇信 buildpro99', 'wechat', 'buildpro99'],
  ['威信号：buildpro99', 'wechat', 'buildpro99'],
  ['V信 buildpro99', 'wechat', 'buildpro99'],
  ['weixin: buildpro99', 'wechat', 'buildpro99'],
  ['WeChat buildpro99', 'wechat', 'buildpro99'],
  ['微信同号 13912345678', 'mobile', '12345678'],
  ['QQ 12345678', 'qq', '12345678'],
  ['qq：1234 5678', 'qq', '5678'],
  ['扣扣 987654321', 'qq', '987654321'],
  ['企鹅号 987654321', 'qq', '987654321'],
  ['Q Q 987654321', 'qq', '987654321'],
  ['QQ 九八七六五四三二一', 'qq', '九八七'],
  ['邮箱 booth@163.com', 'email', 'booth@163'],
  ['booth.pro@qq.com', 'email', 'booth.pro'],
  ['booth艾特163点com', 'email', 'booth'],
  ['booth(at)gmail(dot)com', 'email', 'gmail'],
  ['booth [at] gmail [dot] com', 'email', 'gmail'],
  ['booth at gmail dot com', 'email', 'gmail'],
  ['booth#163.com', 'email', 'booth#163'],
  ['booth＠163。com', 'email', 'booth'],
  ['booth @ 163 . com', 'email', 'booth'],
];

/** Texts of the trade that must come back untouched. */
const INNOCENT = [
  '报价 ¥138,000.00，含税',
  '展台尺寸 13800×2500 mm',
  '尺寸 13800 x 2500 x 4500',
  '开展日期 2026-11-27 09:00，撤展 2026-11-30 18:00',
  '面积 54 ㎡，单价 1380 元/㎡',
  '主背景墙 24 ㎡，门头 6m × 1.2m',
  '展位号 7.1H-A123，馆号 7.1',
  '订单号 P202611280001',
  '项目编号 P202611280001 已确认',
  '数量 13 15 18 19 20 21 件',
  '一二三号馆都可以',
  '预付款 30%，进场款 40%，尾款 30%',
  '限高 4.5 米，承重 500 公斤/㎡',
  '请提供 AI 或 PDF 格式的文件',
  '我们用微信支付还是支付宝？',
  'QQ音乐的展台也是我们做的',
  '吊点 8 个，每个 200kg',
  '第 139 届广交会',
  '邮箱会在中标后提供',
  'LED 屏 P2.5，12 ㎡',
  '灯光 16 台，音响 1 套',
  '发票抬头：上海华展科技有限公司',
  '交货期 7 天，2026 年 12 月 1 日前',
  'wx 和 vx 都不用加，平台上沟通就好',
];

describe('maskContacts', () => {
  it(`hides ${DISGUISES.length} disguised contacts`, () => {
    expect(DISGUISES.length).toBeGreaterThanOrEqual(40);
    for (const [text, kind, secret] of DISGUISES) {
      const r = maskContacts(text);
      expect(r.kinds, text).toContain(kind);
      expect(r.text, text).toContain(MASK_CHAR);
      expect(r.text, text).not.toContain(secret);
      expect(Array.from(r.text).length, text).toBe(Array.from(text).length);
    }
  });

  it(`leaves ${INNOCENT.length} texts of the trade untouched`, () => {
    expect(INNOCENT.length).toBeGreaterThanOrEqual(20);
    for (const text of INNOCENT) expect(maskContacts(text), text).toEqual({ text, kinds: [] });
  });

  it('keeps the rest of the sentence, and says which kinds it hid', () => {
    const r = maskContacts('地面承重多少？我的电话 138 0013 8000，微信 buildpro99，邮箱 a.b@qq.com');
    expect(r.text).toBe(
      '地面承重多少？我的电话 ＊＊＊ ＊＊＊＊ ＊＊＊＊，微信 ＊＊＊＊＊＊＊＊＊＊，邮箱 ＊＊＊＊＊＊＊＊＊＊',
    );
    expect(r.kinds).toEqual(['mobile', 'wechat', 'email']);
    expect(maskNotice(r.kinds)).toBe('成交前请勿交换联系方式：手机号、微信号、邮箱会显示为 ＊');
  });
});
