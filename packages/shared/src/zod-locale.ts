import { z } from 'zod';

// Default zod messages in Chinese for every schema, on the server and in the browser.
z.config(z.locales.zhCN());
