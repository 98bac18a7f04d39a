import ConfigProvider from 'antd/es/config-provider';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { validateMessages } from '../locales/zh-cn.ts';
import { theme } from './theme.ts';
import './antd-static.css';

const formConfig = { validateMessages };
const buttonConfig = { autoInsertSpace: false };

/**
 * antd's ConfigProvider: zh_CN locale, theme, the form messages of docs/seed-map.md § Form messages. It wraps every antd screen
 * (lazy layouts and the feedback holder) rather than the whole app, so the /login critical path
 * carries no antd at all (bundle budget, see scripts/login-bundle-size.mjs).
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} form={formConfig} button={buttonConfig}>
      {children}
    </ConfigProvider>
  );
}
