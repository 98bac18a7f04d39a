import type { ThemeConfig } from 'antd/es/config-provider/context';

export const FONT_STACK =
  "'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','Hiragino Sans GB',-apple-system,BlinkMacSystemFont,'Segoe UI',sans-serif";

export const PRIMARY = '#1d4ed8';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY,
    colorLink: PRIMARY,
    colorInfo: PRIMARY,
    borderRadius: 8,
    fontFamily: FONT_STACK,
    colorBgLayout: '#f4f6fb',
  },
};
