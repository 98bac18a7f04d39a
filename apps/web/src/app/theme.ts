import type { ThemeConfig } from 'antd/es/config-provider/context';

export const FONT_STACK =
  "'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','Hiragino Sans GB',-apple-system,BlinkMacSystemFont,'Segoe UI',sans-serif";

export const PRIMARY = '#1d4ed8';

export const theme: ThemeConfig = {
  // antd's component styles come from its static CSS (app/antd-static.css), not generated at run
  // time: half the main-thread time of a signed-in page's first render (docs/web.md § Page speed)
  zeroRuntime: true,
  token: {
    colorPrimary: PRIMARY,
    colorLink: PRIMARY,
    colorInfo: PRIMARY,
    borderRadius: 8,
    fontFamily: FONT_STACK,
    colorBgLayout: '#f4f6fb',
  },
};
