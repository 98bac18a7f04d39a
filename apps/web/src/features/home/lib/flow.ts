/**
 * The supplier's way through the platform, four steps: the home page's strip and 关于平台 show it.
 * A module of its own, so that 关于平台 does not fetch the home page to show it.
 */
export const FLOW = [
  { title: '找项目', text: '在项目大厅按类别、城市、面积筛选参展商发布的展台项目。' },
  { title: '报价', text: '按七类需求清单逐项报价，中标前可随时修改。' },
  { title: '签约施工', text: '中标后上传合同，预付款由平台托管后开始施工。' },
  { title: '收款提现', text: '上传完工报告，验收通过后款项结算到账，可申请提现。' },
];
