// Optional secrets and settings: present only where a deployment configures them, so `wrangler types`
// (which reads wrangler.toml and .dev.vars) cannot know them.
declare namespace Cloudflare {
  interface Env {
    RESEND_API_KEY?: string;
    EMAIL_FROM?: string;
    TWILIO_ACCOUNT_SID?: string;
    TWILIO_AUTH_TOKEN?: string;
    TWILIO_FROM?: string;
    GOOGLE_CLIENT_ID?: string;
    GOOGLE_CLIENT_SECRET?: string;
    /** WeChat official account (with WECHAT_MP_APP_ID): the AppSecret, and the Token its server URL signs messages with. */
    WECHAT_MP_APP_SECRET?: string;
    WECHAT_MP_TOKEN?: string;
    TURNSTILE_SITE_KEY?: string;
    TURNSTILE_SECRET_KEY?: string;
    /** R2's S3 API key pair for presigned uploads in production (R2 → Manage API tokens; R2_ACCOUNT_ID is in wrangler.toml); unset in development, where the Worker's own S3 route stands in. */
    R2_ACCESS_KEY_ID?: string;
    R2_SECRET_ACCESS_KEY?: string;
    /** Development only: the address this Worker listens on, which the engine reaches it at (presigned URLs made by queue stages point there when no R2 keys are set); `npm start` and the tests set it. */
    DEV_ORIGIN?: string;
    /** Longest piece (seconds of audio) a file job recognises in one message; default CHUNK_MAX_SECONDS (120). */
    TRANSCRIBE_PIECE_SECONDS?: string;
    /** Seconds between webhook delivery attempts, comma-separated (default: the Standard Webhooks schedule of about a day, worker/services/webhooks/schedule.ts); the tests shorten it. */
    WEBHOOK_RETRY_SECONDS?: string;
    /** WeChat Pay API v3 (all needed, else WeChat Pay is hidden): merchant id, the app id payments belong to, the merchant API certificate's serial and private key (PKCS#8 PEM), the APIv3 key, WeChat Pay's public key (PEM) and its id; the base URL defaults to https://api.mch.weixin.qq.com. */
    WECHAT_PAY_MCH_ID?: string;
    WECHAT_PAY_APP_ID?: string;
    WECHAT_PAY_MCH_SERIAL?: string;
    WECHAT_PAY_PRIVATE_KEY?: string;
    WECHAT_PAY_API_V3_KEY?: string;
    WECHAT_PAY_PUBLIC_KEY?: string;
    WECHAT_PAY_PUBLIC_KEY_ID?: string;
    WECHAT_PAY_BASE_URL?: string;
    /** Alipay (all three needed, else Alipay is hidden): the app id, the app's private key (PKCS#8, PEM or bare base64) and Alipay's public key; the gateway defaults to https://openapi.alipay.com/gateway.do. */
    ALIPAY_APP_ID?: string;
    ALIPAY_PRIVATE_KEY?: string;
    ALIPAY_PUBLIC_KEY?: string;
    ALIPAY_GATEWAY?: string;
    /** PayPal Orders v2 (client id and secret needed, else PayPal is hidden); the webhook id lets webhooks be verified; the base URL defaults to https://api-m.paypal.com. */
    PAYPAL_CLIENT_ID?: string;
    PAYPAL_CLIENT_SECRET?: string;
    PAYPAL_WEBHOOK_ID?: string;
    PAYPAL_BASE_URL?: string;
    /** An image of the plans' rights the pay dialog shows beside its comparison table (queryRightsPictureUrl); unset: none. */
    RIGHTS_PICTURE_URL?: string;
    /** "off" disables the sign-in captcha; honoured outside production only, for automated tests. */
    CAPTCHA?: string;
  }
}
