/** The proof-of-work challenge (ALTCHA) of the public forms and of sign-in after failures. */
export { appCaptcha, type Captcha } from './captcha';
export { captchaRoutes } from './routes';
