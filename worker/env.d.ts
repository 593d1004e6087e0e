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
    /** R2's S3 API for presigned uploads in production (R2 → Manage API tokens); unset in development, where the Worker's own S3 route stands in. */
    R2_ACCOUNT_ID?: string;
    R2_ACCESS_KEY_ID?: string;
    R2_SECRET_ACCESS_KEY?: string;
    /** Longest piece (seconds of audio) a file job recognises in one message; default CHUNK_MAX_SECONDS (120). */
    TRANSCRIBE_PIECE_SECONDS?: string;
    /** The site's address (https://example.com) used in links and presigned URLs; development falls back to the request's. */
    PUBLIC_ORIGIN?: string;
    /** "off" disables the sign-in captcha; honoured outside production only, for automated tests. */
    CAPTCHA?: string;
  }
}
