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
    // WCAG 2.1 AA: text at least 4.5:1 on white and on the layout's grey (docs/web.md
    // § Accessibility). antd's defaults for secondary texts (45 % black, 3.4:1), placeholders
    // (25 %), error red (#ff4d4f, 3.3:1) and the status texts fall short. The tags' palette
    // colours are not tokens in the static CSS: styles.css sets their text.
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorError: '#cf1322',
    colorErrorText: '#cf1322',
    colorSuccessText: '#237804',
    colorWarningText: '#8a5300',
  },
};
