/** What other features may use of wechat (docs/web.md): the login page's WeChat button and callback. */
export { WechatCallback, WechatLoginButton } from './components/wechat-login.tsx';
