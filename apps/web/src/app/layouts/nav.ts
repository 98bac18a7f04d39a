export const NAV_ITEMS = [
  { key: 'mainPage', label: '首页', to: '/mainPage' },
  { key: 'orderCenter', label: '项目大厅', to: '/orderCenter' },
  { key: 'collect', label: '我的收藏', to: '/collect' },
  { key: 'message', label: '消息', to: '/message' },
  { key: 'personCenter', label: '个人中心', to: '/personCenter' },
] as const;

/** The top-nav key of a path: its first segment. */
export function navKeyOf(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? 'mainPage';
}
